"""Ending a session closes its sockets at once (issue 12, finding 6), and a refused
WebSocket message carries its key back whenever it can be read (finding 7)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier.casino.auth import token_hash

from .test_server_session_recheck import assert_closed_at_once
from .test_server_ws import join, open_table
from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]


def test_logout_closes_every_socket_of_the_session_and_no_other(
    client: TestClient, player: Make
) -> None:
    table_id, other_table = open_table(client), open_table(client)
    _card, headers = player(chips=10_000)
    _bob, bob_headers = player("Boris Other", chips=10_000)
    with (
        join(client, table_id, headers, "a") as a,
        join(client, other_table, headers, "b") as b,
        join(client, table_id, bob_headers, "c") as c,
    ):
        first, second, bob = TableClient(a, "a"), TableClient(b, "b"), TableClient(c, "c")
        assert first.send(intent="sit", box=1)["type"] == "ack"
        bob.until(first.seq)
        assert client.post("/api/logout", headers=headers).status_code == 204
        assert_closed_at_once(first)
        assert_closed_at_once(second)
        # Bob's session is another: his socket stays and still works.
        assert bob.send(intent="sit", box=3)["type"] == "ack"
        state = client.app.state.croupier  # type: ignore[attr-defined]
        token = headers["Authorization"].removeprefix("Bearer ")
        assert state.sessions.count(token_hash(token)) == 0


def test_self_exclusion_closes_the_sockets_of_every_card_of_the_person(
    client: TestClient, player: Make
) -> None:
    """Play stops at once on every card of the person (one name, one birth date); another
    player's socket stays; the session itself stays good for cashing out."""
    table_id = open_table(client)
    _card, headers = player(chips=10_000)
    _second_card, second_headers = player()  # the same person on another document
    _bob, bob_headers = player("Boris Other")
    with (
        join(client, table_id, headers, "a") as a,
        join(client, table_id, second_headers, "b") as b,
        join(client, table_id, bob_headers, "c") as c,
    ):
        first, second, bob = TableClient(a, "a"), TableClient(b, "b"), TableClient(c, "c")
        assert first.send(intent="sit", box=1)["type"] == "ack"
        excluded = client.post("/api/limits/self-exclusion", json={"months": 6}, headers=headers)
        assert excluded.status_code == 200, excluded.text
        sessions = client.app.state.croupier.sessions  # type: ignore[attr-defined]
        for given in (headers, second_headers):
            assert sessions.count(token_hash(given["Authorization"].removeprefix("Bearer "))) == 0
        for me in (first, second):
            while (message := me.receive())["type"] != "error":
                pass
            # Not "log in again": the session stays good; play is closed, and until when.
            assert message["code"] == "self_excluded" and "self-excluded" in message["message"]
            assert message["params"]["until"] == excluded.json()["excluded_until"][:10]
            assert message["kind"] == "refused"  # as the REST refusal of a stake says it
            with pytest.raises(WebSocketDisconnect) as closed:
                me.socket.receive_json()
            assert closed.value.code == 4401
        assert bob.send(intent="sit", box=3)["type"] == "ack"
    out = client.post("/api/cashier/cash-out", json={"key": "out", "amount": 100}, headers=headers)
    assert out.status_code == 200, out.text


def test_expiry_closes_the_socket_without_waiting_for_an_intent(
    client: TestClient, player: Make
) -> None:
    table_id = open_table(client)
    auth = client.app.state.croupier.casino.auth  # type: ignore[attr-defined]
    auth.policy = replace(auth.policy, session_ttl=timedelta(seconds=2))
    _card, headers = player()
    with join(client, table_id, headers, "p") as socket:
        # Snapshot (and perhaps events) first; then, unasked, the end of the session.
        while (message := socket.receive_json())["type"] != "error":
            assert message["type"] in ("snapshot", "event")
        assert message["code"] == "unauthorized" and "expired" in message["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4401


def test_schema_refusal_echoes_the_key(client: TestClient, player: Make) -> None:
    table_id = open_table(client)
    _card, headers = player()
    with join(client, table_id, headers, "p") as p:
        me = TableClient(p, "p")
        wrong = me.raw('{"type": "intent", "key": "mine-1", "intent": "sit", "box": "two"}')
        assert wrong["type"] == "error" and wrong["code"] == "bad_input"
        assert wrong["key"] == "mine-1" and wrong["where"] == "box"
        unknown = me.raw('{"type": "intent", "key": "mine-2", "intent": "dance"}')
        assert unknown["key"] == "mine-2"
        no_type = me.raw('{"key": "mine-3"}')
        assert no_type["key"] == "mine-3" and no_type["where"] == "type"
        unreadable = me.raw('{"type": "intent", "key": "has spaces", "intent": "sit"}')
        assert "key" not in unreadable  # not a key a client could have sent: nothing to echo
