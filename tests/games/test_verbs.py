"""Every engine runs on the one skeleton (``games/common/verbs.py``): a table with
one entry per verb the game names, each reading the wire ``Action`` as its own
typed payload; the shared checks come first, whatever the verb."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from croupier.cards import Deck, parse_cards
from croupier.games.baccarat.engine import BaccaratGame
from croupier.games.base import Action, BoxStake, IllegalAction, Limits, RoundSetup
from croupier.games.blackjack.engine import BlackjackGame
from croupier.games.blackjack.verbs import BlackjackVerb
from croupier.games.blackjack.verbs import Insure as BlackjackInsure
from croupier.games.common.verbs import OnBox, OnHand, VerbEngine
from croupier.games.house_poker import HousePokerGame
from croupier.games.house_poker.verbs import HouseVerb, Stake
from croupier.games.roulette.engine import Bet, RouletteGame, RouletteVerb
from croupier.games.stud import StudGame
from croupier.games.stud.verbs import Discard, Exchange, Insure, StudVerb
from croupier.profiles import load

ENGINES: list[tuple[VerbEngine[Any, Any], Any]] = [
    (StudGame(), StudVerb),
    (HousePokerGame(), HouseVerb),
    (BlackjackGame(), BlackjackVerb),
    (RouletteGame(), RouletteVerb),
]
SENT = Action("x", box=2, hand=1, cards=(0, 5), amount=300, spot="red", player="ann")


@pytest.mark.parametrize(("engine", "names"), ENGINES, ids=lambda e: type(e).__name__)
def test_every_verb_a_game_names_has_one_entry_in_its_table(
    engine: VerbEngine[Any, Any], names: Any
) -> None:
    assert set(engine.verbs) == set(get_args(names))


def test_baccarat_has_no_verbs() -> None:
    assert dict(BaccaratGame().verbs) == {}


@pytest.mark.parametrize(
    ("engine", "verb", "payload"),
    [
        (StudGame(), "exchange", Exchange(2, (0, 5))),
        (StudGame(), "discard", Discard(2, (0, 5))),
        (StudGame(), "insure", Insure(2, 300)),
        (StudGame(), "play", OnBox(2)),
        (HousePokerGame(), "bet", Stake(2, 300)),
        (HousePokerGame(), "check", OnBox(2)),
        (BlackjackGame(), "insurance", BlackjackInsure(2, 1, 300)),
        (BlackjackGame(), "split", OnHand(2, 1)),
        (RouletteGame(), "bet", Bet(2, "red", 300, "ann")),
    ],
)
def test_each_verb_reads_the_wire_action_as_its_own_payload(
    engine: VerbEngine[Any, Any], verb: str, payload: object
) -> None:
    assert engine.verbs[verb].read(SENT) == payload


def test_the_shared_checks_come_before_the_verb_and_change_nothing() -> None:
    game = StudGame()
    setup = RoundSetup(
        load("six-card"), Limits(100, 10_000, 10**6), (BoxStake(1, "ann", {"ante": 100}),)
    )
    cards = {"box:1": parse_cards("Ah Ad 7c 8s 2h"), "dealer": parse_cards("Kh Qd 9c 5s 3d")}
    state = game.start(setup, Deck.scripted(cards, parse_cards("Ac")))
    for action, reason in [
        (Action("bogus", box=7), "there is no such box in this round"),
        (Action("bogus", box=1, player="bob"), "the box belongs to ann, not bob"),
        (Action("play", box=1, hand=1), "a stud box has one hand"),
        (Action("bogus", box=1), "'bogus' is not an action of this game"),
    ]:
        assert game.refusal(state, action) == reason
        with pytest.raises(IllegalAction, match=reason):
            game.apply(state, action)
    assert game.apply(state, Action("play", box=1)).history == (OnBox(1),)
