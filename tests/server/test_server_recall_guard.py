"""A recall cannot freeze the casino (issue 12, finding 1): it runs off the command
thread, one at a time and a few a minute per player."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.casino.history import History, Recall
from croupier.server.app import create_app

from .conftest import login, make_config, register
from .test_server_history import play_one_round

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
