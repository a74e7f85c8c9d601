"""Blackjack (RULES.md §2.4): six-deck shoe, no hole card, splits, doubles, insurance, 21+3."""

from croupier.games.blackjack import script, stakes
from croupier.games.blackjack.engine import BlackjackGame
from croupier.games.blackjack.profile import BlackjackProfile, parse_profile
from croupier.games.blackjack.state import BlackjackState
from croupier.games.registry import GameSpec

SPEC: GameSpec[BlackjackProfile, BlackjackState] = GameSpec(
    games=("blackjack",),
    parse_profile=parse_profile,
    engine=BlackjackGame(),
    script=script.CODEC,
    chance=script.chance,
    table=lambda profile: profile.table,
    shoe=lambda profile: profile.shoe,
    stake_spec=stakes.stake_spec,
    plugin="croupier.play.blackjack:BlackjackPlugin",
    analyses={"blackjack": "croupier.math.blackjack:analyze"},
)

__all__ = ["SPEC"]
