"""Baccarat (RULES.md §2.5): PLAYER, BANKER and TIE stakes, the third-card tableau."""

from croupier.games.baccarat import script, stakes
from croupier.games.baccarat.engine import BaccaratGame, BaccaratState
from croupier.games.baccarat.profile import BaccaratProfile, parse_profile
from croupier.games.registry import GameSpec

SPEC: GameSpec[BaccaratProfile, BaccaratState] = GameSpec(
    games=("baccarat",),
    parse_profile=parse_profile,
    engine=BaccaratGame(),
    script=script.CODEC,
    chance=script.chance,
    table=lambda profile: profile.table,
    shoe=lambda profile: profile.shoe,
    stake_spec=stakes.stake_spec,
    plugin="croupier.play.baccarat:BaccaratPlugin",
    analyses={"baccarat": "croupier.math.baccarat:analyze"},
)

__all__ = ["SPEC"]
