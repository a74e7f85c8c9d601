"""What a played box wins in each dealer outcome, priced by the engine itself.

Against a dealer whose hidden cards are unknown, a played box's settlement
(no insurance, no bought game, no side stakes) depends on the dealer's hand
only through one of five **outcome classes**, relative to the box's hand:

======  ==============================================================
``nq_lower``   the dealer does not qualify, and its hand is lower
``nq_higher``  the dealer does not qualify, its hand is equal or higher
               ([000] compares high cards then; elsewhere the same as above)
``lower``      the dealer qualifies and the box's hand is higher
``tie``        the dealer qualifies with an equal hand
``higher``     the dealer qualifies with a higher hand
======  ==============================================================

:func:`class_nets` prices each class by calling the engine's own
:func:`croupier.games.stud.payout.settle_box` on a real dealer hand of that
class (one per strength from :attr:`HandTable.examples`), so no rule is
written twice; tests compare it with ``settle_box`` on random deals.
Money: an ANTE of :data:`ANTE` minor units, no table cap; nets come back
per ANTE as exact fractions.
"""

from __future__ import annotations

from fractions import Fraction

from croupier.games.stud.payout import BoxHand, BoxPlay, DealerShow, evaluate, settle_box
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.counting import HandTable
from croupier.poker.hand import rank5

CLASSES = ("nq_lower", "nq_higher", "lower", "tie", "higher")
ANTE = 1_000_000  # divisible by every price in the profiles (1.5 ANTE, halves, 10 %)
NO_CAP = 10**18


def net(
    profile: StudProfile, play: BoxPlay, dealer: DealerShow, max_payout: int = NO_CAP
) -> Fraction:
    """A box's net result per ANTE, as the engine settles it (stakes back minus staked)."""
    lines, _ = settle_box(profile, max_payout, play, dealer)
    return Fraction(sum(x.returned - x.staked for x in lines), play.ante)


def staked(profile: StudProfile, play: BoxPlay, dealer: DealerShow) -> Fraction:
    """What the box staked per ANTE (ANTE, BET, insurance...), as the engine settles it."""
    lines, _ = settle_box(profile, NO_CAP, play, dealer)
    return Fraction(sum(x.staked for x in lines), play.ante)


def fold_net(profile: StudProfile, hand: BoxHand) -> Fraction:
    """Folding: the engine's settlement of a box that did not play."""
    return net(profile, BoxPlay(ANTE, False, hand), show(profile, hand))


def show(profile: StudProfile, hand: BoxHand) -> DealerShow:
    """A dealer's show of ``hand``'s own strength (for what does not depend on it)."""
    return DealerShow(hand.main, profile.dealer.qualifies_with)


def representatives(table: HandTable, strength: int, qualify: int) -> dict[str, int]:
    """One dealer strength for each class possible against a box of ``strength``."""
    top = len(table.values) - 1
    found: dict[str, int] = {}
    if min(strength, qualify) > 0:
        found["nq_lower"] = 0
    if qualify - 1 >= strength:
        found["nq_higher"] = qualify - 1
    if qualify < strength:
        found["lower"] = qualify
    if strength >= qualify:
        found["tie"] = strength
    if top > strength and top >= qualify:
        found["higher"] = top
    return found


def class_nets(
    profile: StudProfile,
    table: HandTable,
    hand: BoxHand,
    qualify: int,
    play: BoxPlay | None = None,
    max_payout: int = NO_CAP,
) -> tuple[Fraction, ...]:
    """Net per ANTE of playing ``hand`` in each class of :data:`CLASSES`
    (0 for a class that cannot happen against this hand); ``play`` adds what
    else the box staked (insurance), default nothing; the table's maximum
    payout ``max_payout`` (in the play's minor units), default none."""
    strength = table.strength(hand.main.value)
    reps = representatives(table, strength, qualify)
    play = BoxPlay(ANTE, True, hand) if play is None else play
    result = []
    for name in CLASSES:
        if name not in reps:
            result.append(Fraction(0))
            continue
        dealer = rank5(table.examples[reps[name]].tolist(), ace_king=profile.ace_king)
        show = DealerShow(dealer, profile.dealer.qualifies_with)
        result.append(net(profile, play, show, max_payout))
    return tuple(result)


def strength_nets(
    profile: StudProfile, table: HandTable, qualify: int
) -> list[tuple[Fraction, ...]]:
    """For every five-card strength of the table: (fold, *class nets), the box
    holding that strength's example hand (five cards: no second combination)."""
    result = []
    for cards in table.examples.tolist():
        hand = evaluate(profile, cards)
        result.append((fold_net(profile, hand), *class_nets(profile, table, hand, qualify)))
    return result


def classify(strength: int, dealer: int, qualify: int) -> str:
    """The class of a dealer hand of strength ``dealer`` against a box of ``strength``."""
    if dealer < qualify:
        return "nq_lower" if dealer < strength else "nq_higher"
    if dealer < strength:
        return "lower"
    return "tie" if dealer == strength else "higher"
