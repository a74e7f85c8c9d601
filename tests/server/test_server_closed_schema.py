"""Each verb takes exactly its fields (issue 12, finding 5): a stud ``play`` carrying a
12k-character ``spot`` and an ``amount`` was acknowledged, stored for good and shown in
other participants' recalls. Now it is refused with the field named, and nothing is kept."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from croupier.casino.tables import TableConfig
from croupier.games.base import Limits, Viewer
from croupier.server.floor import Floor
from croupier.store.round_models import TableMode

from .test_server_ws import join
from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]


def _stud_table(client: TestClient) -> tuple[int, Floor]:
    floor: Floor = client.app.state.croupier.floor  # type: ignore[attr-defined]
    limits = Limits(100, 10_000, 1_000_000)
    return floor.tables.create(TableConfig("russian", limits, TableMode.PERSONAL)).id, floor


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ({"spot": "\u0000<img src=x onerror=alert(1)>" + "A" * 40}, "spot"),
        ({"amount": 999_999_999}, "amount"),
        ({"player": "7000000000000001"}, "player"),
        ({"spot": "red", "amount": 5}, "amount, spot"),
    ],
)
def test_stud_play_with_fields_it_does_not_take_is_refused_and_not_stored(
    client: TestClient, player: Make, extra: dict[str, object], named: str
) -> None:
    _card, headers = player(chips=100_000)
    table_id, floor = _stud_table(client)
    with join(client, table_id, headers, "p") as socket:
        me = TableClient(socket, "p")
        me.send(intent="sit", box=1)
        me.stake(100)
        assert me.round is not None
        round_id = me.round["round_id"]
        events = floor.rounds.view(round_id, Viewer.house()).events
        answer = me.send(intent="act", action={"box": 1, "act": "play", **extra})
        assert answer["type"] == "error" and answer["key"].startswith("p-"), answer
        assert answer["kind"] in ("bad_input", "refused")
        assert f"takes no {named}" in answer["message"] or named in answer.get("where", "")
        assert floor.rounds.view(round_id, Viewer.house()).events == events
        # The plain decision goes through.
        assert me.send(intent="act", action={"box": 1, "act": "play"})["type"] == "ack"


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ({"intent": "deal", "box": 1}, "box"),
        ({"intent": "sit", "stake": {"ante": 100}}, "stake"),
        ({"intent": "stand", "box": 1, "action": {"act": "fold"}}, "action"),
        ({"intent": "act", "action": {"act": "fold"}, "box": 1}, "box"),
        ({"intent": "stake", "box": 1, "stake": {"ante": 100}, "note": "x"}, "note"),
    ],
)
def test_each_websocket_verb_takes_exactly_its_fields(
    client: TestClient, player: Make, message: dict[str, object], field: str
) -> None:
    _card, headers = player(chips=100_000)
    table_id, _floor = _stud_table(client)
    with join(client, table_id, headers, "p") as socket:
        me = TableClient(socket, "p")
        answer = me.raw(json.dumps({"type": "intent", "key": "k-1", **message}))
        assert answer["type"] == "error" and answer["code"] == "bad_input"
        assert answer["where"] == field and "unknown field" in answer["message"]
        assert answer["key"] == "k-1"


def test_rest_requests_refuse_unknown_fields_naming_them(client: TestClient, player: Make) -> None:
    _card, headers = player()
    answer = client.post(
        "/api/cashier/buy", json={"key": "k", "amount": 100, "currency": "USD"}, headers=headers
    )
    assert answer.status_code == 422 and answer.json()["error"]["where"] == "currency"
    answer = client.put(
        "/api/limits/deposit", json={"period_days": 1, "amount": 1, "x": 1}, headers=headers
    )
    assert answer.status_code == 422 and answer.json()["error"]["where"] == "x"
