"""Colour chips at roulette over HTTP and the table WebSocket: buy, look, bet with them,
change back (or stand up); refusals say what and where and change nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.casino import Casino, Registration
from croupier.casino.tables import TableConfig
from croupier.games.base import Limits
from croupier.server.config import ServerConfig
from croupier.server.floor import Floor
from croupier.server.hub import Hub
from croupier.store.testing import SettableClock, sqlite_store

from .conftest import FAST_HASHER, PASSWORD
from .test_server_ws import balance, join, open_table
from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]


def colour_url(table_id: int) -> str:
    return f"/api/tables/{table_id}/colour-chips"


def buy(
    client: TestClient, table_id: int, headers: dict[str, str], value: Any, count: Any, key: str
) -> Any:
    body = {"key": key, "value": value, "count": count}
    return client.post(colour_url(table_id), json=body, headers=headers)


def audit_ok(client: TestClient) -> bool:
    ok: bool = client.app.state.croupier.casino.audit().ok  # type: ignore[attr-defined]
    return ok


def test_colour_chips_bought_played_and_changed_back_on_standing_up(
    client: TestClient, player: Make
) -> None:
    card, headers = player(chips=100_000)
    table_id = open_table(client, "roulette")
    with join(client, table_id, headers, "ann") as socket:
        ann = TableClient(socket, "ann")
        assert ann.send(intent="sit", box=1)["type"] == "ack"
        answer = buy(client, table_id, headers, 500, 20, "c-1")
        assert answer.status_code == 200, answer.text
        receipt = answer.json()
        assert receipt["colour"] == 1 and receipt["count"] == 20
        assert receipt["amount"] == 10_000 and receipt["cash_chips"] == 90_000
        assert not receipt["replayed"]
        assert buy(client, table_id, headers, 500, 20, "c-1").json()["replayed"]
        shown = client.get(colour_url(table_id), headers=headers).json()
        assert (shown["value"], shown["count"], shown["worth"], shown["away"]) == (
            500,
            20,
            10_000,
            False,
        )
        staked = ann.send(intent="stake", box=1, stake={"chip": 500})
        assert staked["type"] == "ack", staked
        bet = {"box": 1, "act": "bet", "spot": "red", "amount": 1_000}
        assert ann.send(intent="act", action=bet)["type"] == "ack"
        assert client.get(colour_url(table_id), headers=headers).json()["count"] == 18
        assert ann.send(intent="act", action={"act": "no_more_bets"})["type"] == "ack"
        count = client.get(colour_url(table_id), headers=headers).json()["count"]
        assert count in (18, 22)  # red lost, or paid 1:1 in colour chips
        assert balance(client, headers) == 90_000  # the bets never touched the cash chips
        assert ann.send(intent="stand", box=1)["type"] == "ack"
    assert balance(client, headers) == 90_000 + count * 500
    gone = client.get(colour_url(table_id), headers=headers)
    assert gone.status_code == 404
    assert gone.json()["error"]["message"] == (
        f"table {table_id}: card {card} holds no colour chips here"
    )
    assert audit_ok(client)


def test_colour_chips_changed_back_through_the_api(client: TestClient, player: Make) -> None:
    _card, headers = player(chips=50_000)
    table_id = open_table(client, "roulette")
    client.app.state.croupier.floor.tables.sit(table_id, _card, 1)  # type: ignore[attr-defined]
    assert buy(client, table_id, headers, 1_000, 30, "c-1").status_code == 200
    url = f"{colour_url(table_id)}/change-back"
    answer = client.post(url, json={"key": "x-1"}, headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.json()["operation"] == "colour_out"
    assert answer.json()["amount"] == 30_000 and answer.json()["revalued"] == 0
    assert client.post(url, json={"key": "x-1"}, headers=headers).json()["replayed"]
    assert balance(client, headers) == 50_000
    again = client.post(url, json={"key": "x-2"}, headers=headers)
    assert again.status_code == 404 and "holds no colour chips" in again.text
    assert audit_ok(client)


@pytest.mark.parametrize(
    ("value", "count", "status", "code", "says"),
    [
        (99, 1, 422, "bad_input", "must be worth 100 to 10000 (the table's limits), not 99"),
        (10_001, 1, 422, "bad_input", "must be worth 100 to 10000"),
        (500.5, 1, 422, "bad_input", "value: Input should be a valid integer"),
        ("500", 1, 422, "bad_input", "value: Input should be a valid integer"),
        (500, 0, 422, "bad_input", "count: Input should be greater than or equal to 1"),
        (10_000, 11, 409, "insufficient_funds", "has 100000, 110000 needed"),
    ],
)
def test_colour_chips_bad_buy_refused_with_a_clear_message_changing_nothing(
    client: TestClient,
    player: Make,
    value: Any,
    count: Any,
    status: int,
    code: str,
    says: str,
) -> None:
    card, headers = player(chips=100_000)
    table_id = open_table(client, "roulette")
    client.app.state.croupier.floor.tables.sit(table_id, card, 1)  # type: ignore[attr-defined]
    answer = buy(client, table_id, headers, value, count, "c-1")
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["kind"] == code
    assert says in answer.json()["error"]["message"]
    assert balance(client, headers) == 100_000
    assert client.get(colour_url(table_id), headers=headers).status_code == 404


def test_colour_chips_refused_away_from_a_roulette_seat(client: TestClient, player: Make) -> None:
    card, headers = player(chips=100_000)
    roulette = open_table(client, "roulette")
    stud = open_table(client, "russian")
    client.app.state.croupier.floor.tables.sit(stud, card, 1)  # type: ignore[attr-defined]
    not_seated = buy(client, roulette, headers, 500, 1, "c-1")
    assert not_seated.status_code == 403
    assert "does not sit here; sit at a box first" in not_seated.json()["error"]["message"]
    at_stud = buy(client, stud, headers, 500, 1, "c-2")
    assert at_stud.status_code == 403
    assert "plays stud: colour chips are for roulette" in at_stud.json()["error"]["message"]
    assert buy(client, 999, headers, 500, 1, "c-3").status_code == 404
    client.cookies.clear()  # the login's cookie: without it and the header, nobody asks
    nobody = client.post(colour_url(roulette), json={"key": "c-5", "value": 500, "count": 1})
    assert nobody.status_code == 401
    assert balance(client, headers) == 100_000


def test_colour_chips_in_the_openapi_schema(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    assert set(paths["/api/tables/{table_id}/colour-chips"]) == {"get", "post"}
    assert "post" in paths["/api/tables/{table_id}/colour-chips/change-back"]
    schemas = spec["components"]["schemas"]
    assert {"ColourBuyIn", "ColourChipsOut", "ColourReceiptOut", "KeyIn"} <= set(schemas)
    assert schemas["ColourBuyIn"]["additionalProperties"] is False
    assert "revalued" in schemas["ColourReceiptOut"]["properties"]


def test_colour_chips_times_are_server_settings(tmp_path: Path) -> None:
    assert ServerConfig(colour_absence_minutes=10).colours.absence_minutes == 10
    with pytest.raises(ValueError, match="sooner than away"):
        ServerConfig(colour_absence_minutes=60, colour_abandon_minutes=30)


def test_colour_chips_abandoned_are_swept_by_the_server_clock(tmp_path: Path) -> None:
    """The floor's clock changes abandoned colour chips back and tells the table."""
    clock = SettableClock()
    with sqlite_store(tmp_path, now=clock) as store:
        casino = Casino(store, hasher=FAST_HASHER)
        card = casino.players.register(
            Registration("Anna Petrova", date(1990, 5, 17), "passport", "4509 000001", PASSWORD)
        ).card_number
        casino.cashier.buy_chips("desk-1", card, 10_000)
        floor = Floor(casino, Hub(16), ServerConfig(colour_abandon_minutes=60).colours)
        table = floor.tables.create(TableConfig("roulette", Limits(100, 5_000, 10**7)))
        floor.tables.sit(table.id, card, 1)
        floor.colours.buy("c-1", table.id, card, 1_000, 5)
        channel = floor.hub.channel(str(table.id))
        before = channel.seq
        clock.advance(minutes=59)
        assert asyncio.run(floor.sweep_colours()) == []
        clock.advance(minutes=1)
        assert asyncio.run(floor.sweep_colours()) == [table.id]
        assert channel.seq == before + 1  # the table heard of it
        assert casino.ledger.balance(card) == 5_000 + 500  # five chips at the minimum 100
        assert floor.tables.get(table.id).seats == {}
        assert casino.audit().ok
        floor.worker.shutdown()
        floor.reader.shutdown()
