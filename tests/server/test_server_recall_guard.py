"""A recall cannot freeze the casino (issue 12, finding 1): it runs off the command
thread, one at a time and a few a minute per player; and the attack itself, the largest
round recalled ten times at once while another table plays (a small round in ``make
test``, the largest allowed in ``make soak``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.casino import replay as replay_module
from croupier.casino.history import MAX_RECALL_VIEWS, History, Recall
from croupier.casino.rounds import MAX_ACTIONS_PER_BOX, IllegalIntent
from croupier.casino.tables import PUBLIC_MAX_PLAYERS, TableConfig
from croupier.games.base import Limits
from croupier.server.app import create_app
from croupier.store.round_models import TableMode

from .conftest import login, make_config, register
from .test_server_history import play_one_round
from .test_server_ws import LIMITS
from .wskit import seated_at_personal_table

Make = Callable[..., tuple[str, dict[str, str]]]
WAIT_S = 30.0  # an upper bound for something that happens at once (never reached when right)


def _held_recall(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """Make every recall wait (after it has started) until released: (started, release)."""
    started, release = threading.Event(), threading.Event()
    real = History.recall

    def held(self: History, card: str, round_id: str) -> Recall:
        started.set()
        assert release.wait(WAIT_S), "the test never released the recall"
        return real(self, card, round_id)

    monkeypatch.setattr(History, "recall", held)
    return started, release


def test_a_running_recall_does_not_hold_up_commands_at_other_tables(
    client: TestClient, player: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    _card, headers = player(chips=100_000)
    round_id = play_one_round(client, headers, exchange=False)
    _other, bob = player("Boris Other", chips=100_000)
    started, release = _held_recall(monkeypatch)
    answers: list[Any] = []
    asking = threading.Thread(
        target=lambda: answers.append(client.get(f"/api/history/{round_id}", headers=headers))
    )
    asking.start()
    try:
        assert started.wait(WAIT_S)
        # The recall holds its thread; a command (opening a table: the command thread) and
        # a snapshot still go through. Before, both waited for the recall to end.
        opened = client.post("/api/tables", json={"profile": "russian"}, headers=bob)
        assert opened.status_code == 201, opened.text
        assert client.get(f"/api/tables/{opened.json()['id']}").status_code == 200
        assert not release.is_set()
    finally:
        release.set()
        asking.join(WAIT_S)
    assert answers[0].status_code == 200, answers[0].text
    assert answers[0].json()["round_id"] == round_id


def test_one_recall_at_a_time_per_player(
    client: TestClient, player: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    _card, headers = player(chips=100_000)
    round_id = play_one_round(client, headers, exchange=False)
    started, release = _held_recall(monkeypatch)
    answers: list[Any] = []
    asking = threading.Thread(
        target=lambda: answers.append(client.get(f"/api/history/{round_id}", headers=headers))
    )
    asking.start()
    try:
        assert started.wait(WAIT_S)
        second = client.get(f"/api/history/{round_id}", headers=headers)
        assert second.status_code == 429, second.text
        assert second.json()["error"]["code"] == "rate_limited"
        assert "still being prepared" in second.json()["error"]["message"]
    finally:
        release.set()
        asking.join(WAIT_S)
    assert answers[0].status_code == 200


def test_recalls_per_minute_are_limited_per_player(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path, recalls_per_minute=2))) as client:
        ann = login(client, register(client))
        chips = client.post("/api/cashier/buy", json={"key": "k", "amount": 100_000}, headers=ann)
        assert chips.status_code == 200
        round_id = play_one_round(client, ann, exchange=False)
        for _ in range(2):
            assert client.get(f"/api/history/{round_id}", headers=ann).status_code == 200
        third = client.get(f"/api/history/{round_id}", headers=ann)
        assert third.status_code == 429 and "at most 2 in 60 s" in third.text
        # Another player's allowance is their own.
        bob = login(client, register(client, "Boris Other"))
        assert client.get(f"/api/history/{round_id}", headers=bob).status_code == 403


# ---------------------------------------------------------------- the attack, as a test

PLAYERS, BOXES = PUBLIC_MAX_PLAYERS, 8  # a public roulette table: 4 players, two colours each
RECALLS = 10  # asked for at once


def largest_round(client: TestClient, bets: int) -> tuple[str, list[dict[str, str]]]:
    """A settled roulette round with every box at ``bets`` decisions (the cap): (round id,
    the participants' headers). Played through the server's own services."""
    floor = client.app.state.croupier.floor  # type: ignore[attr-defined]
    config = TableConfig("roulette", Limits(100, 5_000, 1_000_000), TableMode.PUBLIC, boxes=BOXES)
    table_id = floor.tables.create(config).id
    people = []
    for n in range(PLAYERS):
        card = register(client, f"Recall Player {chr(65 + n)}")
        headers = login(client, card)
        bought = client.post(
            "/api/cashier/buy", json={"key": "b", "amount": 10**7}, headers=headers
        )
        assert bought.status_code == 200, bought.text
        people.append((card, headers))
    cards = [people[box % PLAYERS][0] for box in range(BOXES)]
    for box, card in enumerate(cards, start=1):
        floor.tables.sit(table_id, card, box)
    for box, card in enumerate(cards, start=1):
        round_id: str = floor.rounds.stake(f"s{box}", table_id, card, box, {"chip": 100}).round_id
    for i in range(bets):
        for box, card in enumerate(cards, start=1):
            bet = {"box": box, "act": "bet", "spot": f"straight:{(i + box) % 37}", "amount": 100}
            floor.rounds.act(f"b{box}-{i}", round_id, card, bet)
    one_more = {"box": 1, "act": "bet", "spot": "red", "amount": 100}
    with pytest.raises(IllegalIntent, match=f"at most {bets} decisions"):
        floor.rounds.act("over", round_id, cards[0], one_more)
    # At a public table no player closes the bets for the others: the house does, when
    # the betting time runs out.
    late = floor.rounds.store.now() + timedelta(seconds=config.decision_seconds)
    assert round_id in floor.rounds.expire_due(late)
    return round_id, [headers for _card, headers in people]


@pytest.mark.sizes(5, MAX_ACTIONS_PER_BOX)  # bets per box; full: the largest round allowed
def test_recall_dos_the_largest_round_recalled_ten_times_at_once_while_a_table_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    """Issue 12's recall attack: before, a 600-bet round took 26 s and 18 MB to recall, on
    the thread of every table's decisions, its cost the square of its steps."""
    with TestClient(create_app(make_config(tmp_path, max_actions_per_box=size))) as client:
        round_id, participants = largest_round(client, size)
        threads: list[str] = []
        decks: list[int] = []
        real_recall, real_deck = History.recall, replay_module.start_deck

        def noted(self: History, card: str, rid: str) -> Recall:
            threads.append(threading.current_thread().name)
            return real_recall(self, card, rid)

        def counted(row: Any, profile: Any) -> Any:
            decks.append(1)
            return real_deck(row, profile)

        monkeypatch.setattr(History, "recall", noted)
        monkeypatch.setattr(replay_module, "start_deck", counted)
        answers: list[Any] = []
        asking = [
            threading.Thread(
                target=lambda h=participants[n % PLAYERS]: answers.append(
                    client.get(f"/api/history/{round_id}", headers=h)
                )
            )
            for n in range(RECALLS)
        ]
        for thread in asking:
            thread.start()
        # Meanwhile another player stakes and folds at their own table.
        bob = login(client, register(client, "Boris Other"))
        chips = client.post("/api/cashier/buy", json={"key": "b", "amount": 10**6}, headers=bob)
        assert chips.status_code == 200, chips.text
        with seated_at_personal_table(client, bob, "russian", LIMITS) as me:
            for _ in range(3):
                me.until(me.send(intent="stake", box=1, stake={"ante": 100})["seq"])
                assert me.send(intent="act", action={"box": 1, "act": "fold"})["type"] == "ack"
        for thread in asking:
            thread.join(WAIT_S * 10)
        assert len(answers) == RECALLS
        served = [a for a in answers if a.status_code == 200]
        assert served and all(a.status_code == 429 for a in answers if a not in served)
        steps = BOXES + 1 + BOXES * size + 1  # stakes, the deal, the bets, no more bets
        for answer in served:
            recall = answer.json()
            assert len(recall["steps"]) == steps and recall["steps"][-1]["view"] is not None
            assert len(answer.content) < 2 * MAX_RECALL_VIEWS  # the picture budget holds
        assert set(threads) == {"croupier-history_0"}  # never the tables' command thread
        assert len(decks) == len(served)  # each recall replays the round once
        assert client.app.state.croupier.casino.audit().ok  # type: ignore[attr-defined]
