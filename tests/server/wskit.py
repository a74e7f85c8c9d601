"""A table WebSocket client for tests: records every message it receives."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from croupier.casino.tables import TableConfig
from croupier.games.base import Limits
from croupier.store.round_models import TableMode

_keys = itertools.count(1)


class TableClient:
    def __init__(self, socket: WebSocketTestSession, name: str) -> None:
        self.socket = socket
        self.name = name
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.seq = -1
        first = self.receive()
        assert first["type"] == "snapshot", first

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.socket.receive_json()
        self.messages.append(message)
        if message["type"] in ("snapshot", "event"):
            self.state = message["state"]
            self.seq = message["seq"]
        return message

    def until(self, seq: int) -> dict[str, Any]:
        """Read until the table state reaches ``seq``; the state then."""
        while self.seq < seq:
            self.receive()
        return self.state

    def answer(self, key: str) -> dict[str, Any]:
        """Read until the ack or error of ``key``."""
        while True:
            message = self.receive()
            if message["type"] in ("ack", "error") and message.get("key") == key:
                return message

    def send(self, **fields: Any) -> dict[str, Any]:
        """Send an intent (a fresh key unless given); its ack or error."""
        key = str(fields.pop("key", f"{self.name}-{next(_keys)}"))
        self.socket.send_json({"type": "intent", "key": key, **fields})
        return self.answer(key)

    def stake(self, ante: int, box: int = 1) -> dict[str, Any]:
        """Stake an ANTE on ``box`` and read until the table shows it; the ack."""
        answer = self.send(intent="stake", box=box, stake={"ante": ante})
        assert answer["type"] == "ack", answer
        self.until(answer["seq"])
        return answer

    def raw(self, text: str) -> dict[str, Any]:
        """Send raw text; the next non-event answer (an error or a pong)."""
        self.socket.send_text(text)
        while True:
            message = self.receive()
            if message["type"] not in ("snapshot", "event"):
                return message

    @property
    def round(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.state.get("round")
        return found

    def my_turn(self) -> bool:
        rnd = self.round
        you = self.state.get("you")
        return bool(
            rnd and rnd["phase"] == "playing" and rnd["turn"] and rnd["turn"]["player"] == you
        )

    def finish(self, prefer: tuple[str, ...] = ("play", "take_ante", "stand", "fold")) -> None:
        """Decide every turn of this player's boxes with the first open of ``prefer``
        until the round is settled."""
        while self.round is not None and self.round["phase"] == "playing":
            if not self.my_turn():
                self.receive()
                continue
            legal = self.round["legal"]
            box = self.round["turn"]["box"]
            act = next(a for a in prefer for entry in legal if entry["act"] == a)
            answer = self.send(intent="act", action={"box": box, "act": act})
            assert answer["type"] == "ack", answer
            self.until(answer["seq"])


@contextmanager
def seated_at_personal_table(
    client: TestClient, headers: dict[str, str], profile_id: str, limits: Limits
) -> Iterator[TableClient]:
    """A new personal table of ``profile_id``, its player's socket open and seated at box 1."""
    floor = client.app.state.croupier.floor  # type: ignore[attr-defined]
    table_id = floor.tables.create(TableConfig(profile_id, limits, TableMode.PERSONAL)).id
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as socket:
        me = TableClient(socket, "p")
        assert me.send(intent="sit", box=1)["type"] == "ack"
        yield me


@contextmanager
def two_seated(
    client: TestClient, table_id: int, first: dict[str, str], second: dict[str, str]
) -> Iterator[tuple[TableClient, TableClient]]:
    """Two players' sockets at a table, the first seated at box 1, the second at box 2."""
    with (
        client.websocket_connect(f"/ws/tables/{table_id}", headers=first) as a_socket,
        client.websocket_connect(f"/ws/tables/{table_id}", headers=second) as b_socket,
    ):
        anna, boris = TableClient(a_socket, "a"), TableClient(b_socket, "b")
        assert anna.send(intent="sit", box=1)["type"] == "ack"
        assert boris.send(intent="sit", box=2)["type"] == "ack"
        yield anna, boris
