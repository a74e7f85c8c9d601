"""European roulette (RULES.md §2.6): inside, outside and call bets on one zero."""

from croupier.games.registry import GameSpec
from croupier.games.roulette import script
from croupier.games.roulette.engine import RouletteGame, RouletteState
from croupier.games.roulette.profile import RouletteProfile, parse_profile

SPEC: GameSpec[RouletteProfile, RouletteState] = GameSpec(
    games=("roulette",),
    parse_profile=parse_profile,
    engine=RouletteGame(),
    script=script.CODEC,
    chance=script.chance,
    plugin="croupier.play.roulette:RoulettePlugin",
    analyses={"roulette": "croupier.math.roulette:analyze"},
)

__all__ = ["SPEC"]
