"""What a baccarat box may stake: PLAYER, BANKER and TIE, any of them, each within the limits."""

from __future__ import annotations

from croupier.games.baccarat.profile import STAKES, BaccaratProfile
from croupier.games.common.stakes import LineSpec, StakeSpec


def stake_spec(profile: BaccaratProfile) -> StakeSpec:
    return StakeSpec(
        tuple(LineSpec(line, line.upper(), alone=True) for line in STAKES),
        dark=profile.table.dark_boxes_per_player > 0,
    )
