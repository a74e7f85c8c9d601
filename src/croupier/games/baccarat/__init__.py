"""Baccarat (RULES.md §2.5): PLAYER, BANKER and TIE stakes, the third-card tableau."""
