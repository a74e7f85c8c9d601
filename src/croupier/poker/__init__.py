"""Poker hand ranking: a scalar API for engines, a batch API for analysis."""

from croupier.poker.hand import Category, HandRank, best_of, rank5

__all__ = ["Category", "HandRank", "best_of", "rank5"]
