"""What a house-poker box may stake: ANTE, the profile's side bets, a dark box's pre-set bets.

Side bets (BONUS, PAIR PLUS) sit next to the ANTE from 1 to the table
maximum; one that may stand without an ANTE (three-card PAIR PLUS) is then
the box's stake and keeps the table minimum. A dark box stakes every
play-or-fold street blind with its ANTE (Texas Hold'em's flop BET) and may
pre-set the later bet-or-check streets (TURN, RIVER).
"""

from __future__ import annotations

from fractions import Fraction

from croupier.games.common.stakes import LineSpec, PrebuySpec, StakeSpec
from croupier.games.house_poker.profile import HouseProfile


def stake_spec(profile: HouseProfile) -> StakeSpec:
    sides = tuple(
        LineSpec(
            bet.line,
            bet.line.upper().replace("_", " "),
            "side",
            alone=bet.without_ante,
            on_dark=bet.on_dark,
        )
        for bet in profile.side_bets
    )
    streets = {s.line: s for s in profile.streets}
    return StakeSpec(
        (LineSpec("ante", "ANTE", required=True), *sides),
        dark=profile.table.dark_boxes_per_player > 0,
        dark_antes=sum(
            (s.antes for s in profile.streets if s.decision == "play_or_fold"), Fraction(0)
        ),
        prebuy_kind="bet",
        prebuys=tuple(PrebuySpec(line, streets[line].antes) for line in profile.dark_preset),
    )
