"""What a stud box may stake: ANTE, the profile's BONUS lines, a dark box's pre-buys.

The BONUS is a ``fee`` ([000]: a share of the ANTE, exactly) or a side bet
([004]: up to the table maximum, also on the dealer's hand where offered);
a dark box puts up its BET (``bet_antes`` ANTEs) blind and may pre-buy a 6th
card, insurance or a game at their prices in ANTEs (§1.2, §1.6, §1.7).
"""

from __future__ import annotations

from fractions import Fraction

from croupier.games.common.stakes import LineSpec, PrebuySpec, StakeFee, StakeSpec
from croupier.games.stud.profile import StudProfile


def stake_spec(profile: StudProfile) -> StakeSpec:
    lines = [LineSpec("ante", "ANTE", required=True)]
    bonus = profile.bonus
    if bonus is not None:
        if bonus.kind == "fee":
            fee = StakeFee(bonus.percent, bonus.exceptions)
            lines.append(LineSpec("bonus", "BONUS", "fee", on_dark=bonus.on_dark, fee=fee))
        else:
            lines.append(LineSpec("bonus", "BONUS", "side", on_dark=bonus.on_dark))
        if bonus.dealer_bonus:
            lines.append(LineSpec("dealer_bonus", "dealer BONUS", "side"))
    return StakeSpec(
        tuple(lines),
        dark=profile.table.dark_boxes_per_player > 0,
        dark_antes=Fraction(profile.bet_antes),
        prebuys=tuple(PrebuySpec(item, _price(profile, item)) for item in profile.dark_prebuy),
    )


def _price(profile: StudProfile, item: str) -> Fraction:
    """A pre-buy's price in ANTEs (the profile reader refuses one it does not sell)."""
    if item == "sixth":
        price = profile.sixth_price()
    elif item == "buy_game":
        price = profile.buy_game.price if profile.buy_game is not None else None
    else:
        price = profile.insurance.dark_antes if profile.insurance is not None else None
    return price if price is not None else Fraction(0)
