"""The side stakes of [004]: what each returns, on its own and from what the box knows now.

The player's BONUS is paid on the box's first five cards, the DEALER BONUS on
the dealer's five as dealt (a bought game changes neither), so no decision of
the box changes them: they add the same amount to every option and the
advisor shows them apart. The player's BONUS is known once the five are
dealt; the DEALER BONUS is the mean over every completion of the dealer's up
card from the cards the box has not seen, counted by hand category from the
situation's completions table, each category settled by the engine.

On its own (:func:`bonus_wagers`), each is a wager on five cards dealt from a
full deck (the box's first five, the dealer's five as dealt): every five-card
hand of the deck counted by category, each category's line settled by the
engine, so the return is an exact fraction and the maximum payout's effect
follows from the nets (:meth:`croupier.math.analyze.Wager.capped_ev`: the
BONUS lines are capped each on its own, as the engine caps them).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from croupier.games.stud.payout import BoxPlay, DealerShow, evaluate, settle_box
from croupier.games.stud.profile import StudProfile
from croupier.math.analyze import Outcome, Wager
from croupier.math.stud.completions import completions
from croupier.math.stud.counting import hand_table
from croupier.math.stud.outcomes import ANTE, NO_CAP
from croupier.poker.batch import all_hands, best_batch
from croupier.poker.hand import rank5
from croupier.poker.values import CATEGORY_BASE, Category

LOSES = "no paying hand"  # the line of a side stake that loses
NAMES = {"bonus": "player BONUS", "dealer_bonus": "dealer BONUS"}


def _line(profile: StudProfile, play: BoxPlay, show: DealerShow, name: str,
          max_payout: int = NO_CAP) -> Fraction:  # fmt: skip
    """Net per unit staked of the side stake ``name`` as the engine settles it."""
    lines, _ = settle_box(profile, max_payout, play, show)
    line = next(x for x in lines if x.line == name)
    return Fraction(line.returned - line.staked, line.staked)


def side_stakes(profile: StudProfile, first_five: tuple[int, ...] | None, up: int,
                seen: tuple[int, ...],
                dealer_five: tuple[int, ...] = ()) -> dict[str, Fraction]:  # fmt: skip
    """Net per unit staked of each side stake the profile offers: ``bonus`` (only
    when ``first_five``, the box's first five cards, are given) and
    ``dealer_bonus`` (the dealer showing ``up``, the box having seen ``seen``;
    or the dealer's five once shown)."""
    spec = profile.bonus
    if spec is None or spec.kind != "side_bet":
        return {}
    table = hand_table(tuple(range(52)), profile.ace_king)
    result: dict[str, Fraction] = {}
    lowest = tuple(table.examples[0].tolist())
    if first_five is not None:
        hand = evaluate(profile, first_five)
        play = BoxPlay(ANTE, False, hand, first_five=first_five, bonus=ANTE)
        show = DealerShow(rank5(lowest, ace_king=profile.ace_king), profile.dealer.qualifies_with)
        result["bonus"] = _line(profile, play, show, "bonus")
    if spec.dealer_bonus and dealer_five:
        five = rank5(dealer_five, ace_king=profile.ace_king)
        play = BoxPlay(ANTE, False, evaluate(profile, lowest), dealer_bonus=ANTE)
        show = DealerShow(five, profile.dealer.qualifies_with)
        result["dealer_bonus"] = _line(profile, play, show, "dealer_bonus")
    elif spec.dealer_bonus:
        dealer = completions(table, up, list(seen), 0, levels=1)
        hand = evaluate(profile, lowest)  # the box's own hand does not enter the line
        total = Fraction(0)
        for category in Category:
            low = table.at_least(int(category) * CATEGORY_BASE)
            high = table.at_least((int(category) + 1) * CATEGORY_BASE)
            count = int(dealer.cum0[high] - dealer.cum0[low])
            if not count:
                continue
            five = rank5(table.examples[low].tolist(), ace_king=profile.ace_king)
            show = DealerShow(five, profile.dealer.qualifies_with)
            play = BoxPlay(ANTE, False, hand, dealer_bonus=ANTE)
            total += count * _line(profile, play, show, "dealer_bonus")
        result["dealer_bonus"] = total / int(dealer.cum0[-1])
    return result


def side_stake_net(profile: StudProfile, name: str, five: tuple[int, ...], stake: int = ANTE,
                   max_payout: int = NO_CAP) -> Fraction:  # fmt: skip
    """Net per unit staked of the side stake ``name`` (``bonus``: the box's first
    five are ``five``; ``dealer_bonus``: the dealer's five as dealt) of ``stake``
    minor units under the table's maximum payout, as the engine settles it."""
    other = evaluate(profile, five)  # the other hand does not enter the line
    show = DealerShow(rank5(five, ace_king=profile.ace_king), profile.dealer.qualifies_with)
    if name == "bonus":
        play = BoxPlay(stake, False, other, first_five=five, bonus=stake)
    else:
        play = BoxPlay(stake, False, other, dealer_bonus=stake)
    return _line(profile, play, show, name, max_payout)


def bonus_wagers(
    profile: StudProfile, deck: tuple[int, ...] = tuple(range(52))
) -> tuple[Wager, ...]:
    """Each side stake of the profile ([004]'s player BONUS and dealer BONUS) as a
    wager on its own, per unit staked: every five-card hand of ``deck`` by
    category, one hand of each settled by the engine; a line per paying
    category (the pay table) and one for the rest."""
    spec = profile.bonus
    if spec is None or spec.kind != "side_bet":
        return ()
    hands = np.array(deck, dtype=np.uint8)[all_hands(5, deck=len(deck))]
    categories = best_batch(hands, ace_king=profile.ace_king) // CATEGORY_BASE
    found, first, counts = np.unique(categories, return_index=True, return_counts=True)
    total = int(counts.sum())
    names = ["bonus", *(["dealer_bonus"] if spec.dealer_bonus else [])]
    wagers = []
    for name in names:
        lines: dict[tuple[str, Fraction], int] = {}
        for category, i, k in zip(found.tolist(), first.tolist(), counts.tolist(), strict=True):
            five = tuple(int(c) for c in hands[i])
            x = side_stake_net(profile, name, five)
            line = (Category(category).label if x > -1 else LOSES, x)
            lines[line] = lines.get(line, 0) + k
        outcomes = tuple(Outcome(line, x, Fraction(k, total)) for (line, x), k in lines.items())
        wagers.append(Wager(NAMES[name], "unit staked", outcomes))
    return tuple(wagers)
