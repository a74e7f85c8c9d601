"""European roulette (RULES.md §2.6): inside, outside and call bets on one zero."""
