"""The house-banked poker games of [004]: Texas Hold'em poker, Texas Hold'em
Bonus poker and three-card poker, one engine driven by rule profiles."""

from croupier.games.house_poker import script, stakes
from croupier.games.house_poker.engine import HousePokerGame
from croupier.games.house_poker.profile import HouseProfile, parse_profile
from croupier.games.house_poker.state import HouseState
from croupier.games.registry import GameSpec

SPEC: GameSpec[HouseProfile, HouseState] = GameSpec(
    games=("holdem", "holdem_bonus", "three_card"),
    parse_profile=parse_profile,
    engine=HousePokerGame(),
    script=script.CODEC,
    chance=script.chance,
    table=lambda profile: profile.table,
    stake_spec=stakes.stake_spec,
    plugin="croupier.play.house_poker:HousePokerPlugin",
    analyses={
        "holdem": "croupier.math.holdem:analyze",
        "holdem_bonus": "croupier.math.holdem_bonus:analyze",
        "three_card": "croupier.math.three_card:analyze",
    },
)

__all__ = ["SPEC", "HousePokerGame", "HouseProfile"]
