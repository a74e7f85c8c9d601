"""Blackjack (RULES.md §2.4): six-deck shoe, no hole card, splits, doubles, insurance, 21+3."""
