"""The side stakes of [004]: what each returns from what the box knows now.

The player's BONUS is paid on the box's first five cards, the DEALER BONUS on
the dealer's five as dealt (a bought game changes neither), so no decision of
the box changes them: they add the same amount to every option and the
advisor shows them apart. The player's BONUS is known once the five are
dealt; the DEALER BONUS is the mean over every completion of the dealer's up
card from the cards the box has not seen, counted by hand category from the
situation's completions table, each category settled by the engine.
"""

from __future__ import annotations

from fractions import Fraction

from croupier.games.stud.payout import BoxPlay, DealerShow, evaluate, settle_box
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.completions import completions
from croupier.math.stud.counting import hand_table
from croupier.math.stud.outcomes import ANTE, NO_CAP
from croupier.poker.hand import rank5
from croupier.poker.values import CATEGORY_BASE, Category


def _line(profile: StudProfile, play: BoxPlay, show: DealerShow, name: str) -> Fraction:
    """Net per unit staked of the side stake ``name`` as the engine settles it."""
    lines, _ = settle_box(profile, NO_CAP, play, show)
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
