"""Who is told a box's options (``legal_actions``) in the shared engine view:
the house and the box's owner, never a spectator or another player. An option
such as insurance, a split or a bet size tells something about the box, and a
spectator's viewer has no player, just like the house's (the security review
found spectators were offered every option)."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.cards import Deck, parse_cards
from croupier.games.base import BoxStake, Limits, RoundSetup, Viewer
from croupier.games.blackjack.engine import BlackjackGame
from croupier.games.house_poker import HousePokerGame
from croupier.games.roulette.engine import RouletteGame
from croupier.profiles import load

LIMITS = Limits(100, 100_000, 10**8)


def _blackjack() -> tuple[Any, Any]:
    setup = RoundSetup(load("blackjack"), LIMITS, (BoxStake(1, "ann", {"stake": 1000}),))
    queues = {"box:1": parse_cards("Ts 6d"), "dealer": parse_cards("9h")}
    game = BlackjackGame()
    return game, game.start(setup, Deck.scripted(queues, single_deck=False))


def _holdem() -> tuple[Any, Any]:
    setup = RoundSetup(load("texas-holdem"), LIMITS, (BoxStake(1, "ann", {"ante": 1000}),))
    queues = {
        "box:1": parse_cards("7c 2d"),
        "dealer": parse_cards("4h 4s"),
        "board": parse_cards("9c 6d 2s Jh 8c"),
    }
    game = HousePokerGame()
    return game, game.start(setup, Deck.scripted(queues))


def _roulette() -> tuple[Any, Any]:
    setup = RoundSetup(load("roulette"), LIMITS, (BoxStake(1, "ann", {"chip": 100}),))
    game = RouletteGame()
    return game, game.start(setup, Deck.scripted({"pocket": (7,)}, single_deck=False))


ROUNDS = {"blackjack": _blackjack, "texas-holdem": _holdem, "roulette": _roulette}


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_spectators_and_other_players_get_no_legal_actions(name: str) -> None:
    game, state = ROUNDS[name]()
    assert game.to_act(state) is not None
    for viewer in (Viewer.spectator(), Viewer.of("bob")):
        assert not game.project(state, viewer).get("legal_actions"), viewer


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_house_and_box_owner_get_legal_actions(name: str) -> None:
    game, state = ROUNDS[name]()
    house = game.project(state, Viewer.house())["legal_actions"]
    assert house == [a.to_json() for a in game.legal_actions(state)]
    owned = game.project(state, Viewer.of("ann"))["legal_actions"]
    # The own box's options, and the table's own (box 0: roulette's spin).
    assert owned and all(a.get("box") in (0, 1) for a in owned)
    assert any(a.get("box") == 1 for a in owned)
