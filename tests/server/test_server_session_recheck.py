"""Security review findings 2 and 6: an open table socket lives no longer than its
session, and JSON nested past the parser's stack is bad input, not a crash."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier.store.db import utc_now

from .conftest import PASSWORD
from .test_server_ws import join, open_table
from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]


def assert_refused_and_closed(me: TableClient) -> None:
    me.socket.send_json({"type": "intent", "key": "after", "intent": "sit", "box": 1})
    answer = me.answer("after")
    assert answer["type"] == "error" and answer["code"] == "unauthorized", answer
    assert "log in" in answer["message"]
    with pytest.raises(WebSocketDisconnect) as closed:
        me.socket.receive_json()
    assert closed.value.code == 4401


def test_session_recheck_logout_ends_an_open_table_socket(client: TestClient, player: Make) -> None:
    table_id = open_table(client)
    _card, headers = player(chips=10_000)
    with join(client, table_id, headers, "p") as p:
        me = TableClient(p, "p")
        assert me.send(intent="sit", box=2)["type"] == "ack"  # the session is good
        assert client.post("/api/logout", headers=headers).status_code == 204
        # The logout itself closes the socket: its last message says why, nothing is asked.
        while (last := me.receive())["type"] != "error":
            pass
        assert last["code"] == "unauthorized" and "log in" in last["message"], last
        with pytest.raises(WebSocketDisconnect) as closed:
            me.socket.receive_json()
        assert closed.value.code == 4401
    seats = client.get(f"/api/tables/{table_id}").json()["table"]["free_boxes"]
    assert seats == [1, 3, 4]


def test_session_recheck_expiry_ends_an_open_table_socket(client: TestClient, player: Make) -> None:
    table_id = open_table(client)
    _card, headers = player()
    with join(client, table_id, headers, "p") as p:
        me = TableClient(p, "p")
        store = client.app.state.croupier.casino.store  # type: ignore[attr-defined]
        store.now = lambda: utc_now() + timedelta(hours=13)  # past the 12-hour session
        assert_refused_and_closed(me)


def test_session_recheck_lock_ends_an_open_table_socket(client: TestClient, player: Make) -> None:
    table_id = open_table(client)
    card, headers = player()
    with join(client, table_id, headers, "p") as p:
        me = TableClient(p, "p")
        for _ in range(3):  # three wrong passwords lock the account
            wrong = {"card_number": card, "password": PASSWORD + "!"}
            assert client.post("/api/login", json=wrong).status_code in (401, 423)
        assert_refused_and_closed(me)
    assert client.get("/api/balance", headers=headers).status_code == 401


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_deeply_nested_json_on_the_socket_is_bad_input_without_a_traceback(
    client: TestClient, player: Make
) -> None:
    table_id = open_table(client)
    _card, headers = player()
    server_log = logging.getLogger("croupier.server")  # it does not propagate: listen on it
    seen = Records()
    server_log.addHandler(seen)
    try:
        with join(client, table_id, headers, "p") as p:
            me = TableClient(p, "p")
            answer = me.raw("[" * 5000 + "]" * 5000)
            assert me.raw('{"type": "ping"}')["type"] == "pong"  # the connection stays
    finally:
        server_log.removeHandler(seen)
    assert answer["type"] == "error" and answer["code"] == "bad_input", answer
    assert "nested too deeply" in answer["message"]
    assert not [r for r in seen.records if r.levelno >= logging.ERROR or r.exc_info]
