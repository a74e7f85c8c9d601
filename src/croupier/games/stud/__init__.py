"""The stud-versus-dealer family ("Russian poker"): one engine, many rule profiles."""

from croupier.games.registry import GameSpec
from croupier.games.stud import script, stakes
from croupier.games.stud.engine import StudGame
from croupier.games.stud.profile import StudProfile, parse_profile
from croupier.games.stud.state import StudState

SPEC: GameSpec[StudProfile, StudState] = GameSpec(
    games=("stud",),
    parse_profile=parse_profile,
    engine=StudGame(),
    script=script.CODEC,
    chance=script.chance,
    table=lambda profile: profile.table,
    stake_spec=stakes.stake_spec,
    plugin="croupier.play.stud:StudPlugin",
    analyses={"stud": "croupier.math.stud.report:analyze"},
)

__all__ = ["SPEC", "StudGame", "StudProfile"]
