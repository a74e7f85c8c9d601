"""The house-banked poker games of [004]: Texas Hold'em poker, Texas Hold'em
Bonus poker and three-card poker, one engine driven by rule profiles."""

from croupier.games.house_poker.engine import HousePokerGame
from croupier.games.house_poker.profile import HouseProfile

__all__ = ["HousePokerGame", "HouseProfile"]
