"""The leak check: the cards a message names, and the cards its viewer may see.

Nothing on the way to a viewer uses this (what a viewer sees is decided once, by
the engines' projections); the tests and audits of privacy do: they scan every
message or view a viewer got for card texts (:func:`cards_in`) and compare them with
what the rules let that viewer see (:data:`MAY_SEE`), worked out from the round's
state alone, never from the projection code (tests/games/test_privacy.py over every
engine view, tests/server/test_server_leak_scan.py over the server's sockets):

* stud: the dealer's shown card; an owner's own light boxes once their turn
  came (all at once at the personal table [002]); from the show on, the
  dealer's cards (and the game it bought) and every box not folded; never a
  folded box's cards but to its light owner, a dark box's before the show, a
  discard, the stock;
* house poker: the turned board; an owner's own light boxes once seen; when done,
  the dealer and every box not folded;
* blackjack, baccarat: every card dealt (face up), never the shoe;
* roulette: no card at all.

>>> sorted(cards_in({"hands": [{"cards": ["As", "Kd"]}], "note": "Kd", "n": 3}))
['As', 'Kd']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from croupier.cards import format_card
from croupier.games.stud.state import Phase, Stage

CARD = re.compile(r"^[2-9TJQKA][shdc]$")
# What a viewer (a player's card number; None: a spectator) may see of a round's state.
MaySee = Callable[[Any, str | None], set[str]]


def cards_in(value: Any) -> set[str]:
    """Every card (as text) anywhere in a JSON value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if CARD.match(item):
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def texts(cards: Any) -> set[str]:
    """Cards as text."""
    return {format_card(c) for c in cards}


def stud_may_see(state: Any, player: str | None) -> set[str]:
    shown = state.phase is not Phase.DECIDING
    allowed = texts([state.shown_card])
    if shown:
        allowed |= texts(state.dealer)
        if state.show is not None:
            allowed |= texts(c for c in (state.show.dropped, state.show.drew) if c is not None)
    all_at_once = state.profile.table.owner_sees_all_boxes  # the personal game [002]
    for box in state.boxes:
        # An own light box, once its turn came: not the next box before deciding this one.
        in_turn = all_at_once or box.stage is not Stage.WAITING
        own_light = box.player == player and not box.dark and in_turn
        if own_light or (shown and box.stage is not Stage.FOLDED):
            allowed |= texts(box.cards)
    return allowed


def house_poker_may_see(state: Any, player: str | None) -> set[str]:
    allowed = texts(state.board)
    if state.done:
        allowed |= texts(state.dealer)
    for box in state.boxes:
        mine = box.player == player and box.seen and not box.dark
        if mine or (state.done and not box.folded):
            allowed |= texts(box.cards)
    return allowed


def blackjack_may_see(state: Any, player: str | None) -> set[str]:
    return texts(state.dealer) | {
        format_card(c) for box in state.boxes for hand in box.hands for c in hand.cards
    }


def baccarat_may_see(state: Any, player: str | None) -> set[str]:
    return texts(state.player) | texts(state.banker)


def roulette_may_see(state: Any, player: str | None) -> set[str]:
    return set()


# Each game's rule, by the game's name.
MAY_SEE: dict[str, MaySee] = {
    "stud": stud_may_see,
    "holdem": house_poker_may_see,
    "holdem_bonus": house_poker_may_see,
    "three_card": house_poker_may_see,
    "blackjack": blackjack_may_see,
    "baccarat": baccarat_may_see,
    "roulette": roulette_may_see,
}
