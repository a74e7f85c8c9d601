"""Croupier: casino table games, exact to the rules.

The package is layered one way: ``cards`` (codes, decks, fair shuffling) ->
``poker`` (hand ranking) -> ``games`` (pure rules engines driven by rule
profiles) -> ``math`` (exact returns, simulation) and ``casino`` (players,
ledger, tables) -> ``server`` (HTTP/WebSocket) and ``web`` (browser client).
"""

__version__ = "0.1.0"
