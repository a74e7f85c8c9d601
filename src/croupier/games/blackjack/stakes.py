"""What a blackjack box may stake: the stake within the limits, and 21+3 beside it.

21+3 (paid on the box's first two cards and the dealer's up card) is a stake
of its own within the table limits; it never stands without the box's stake.
"""

from __future__ import annotations

from croupier.games.blackjack.profile import BlackjackProfile
from croupier.games.common.stakes import LineSpec, StakeSpec


def stake_spec(profile: BlackjackProfile) -> StakeSpec:
    return StakeSpec(
        (LineSpec("stake", "the stake", required=True), LineSpec("twenty_one_plus_three", "21+3")),
        dark=profile.table.dark_boxes_per_player > 0,
    )
