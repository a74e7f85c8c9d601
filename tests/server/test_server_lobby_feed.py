"""The pushed lobby: /ws/lobby sends the tables at once, then each change as it happens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from .test_server_ws import join, open_table
from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]


def table_of(message: dict[str, Any], table_id: int) -> dict[str, Any]:
    assert message["type"] == "lobby", message
    found: dict[str, Any] = next(t for t in message["tables"] if t["id"] == table_id)
    return found


def test_the_lobby_is_pushed_when_a_box_is_taken_and_left(client: TestClient, player: Make) -> None:
    table_id = open_table(client)
    _card, headers = player()
    with client.websocket_connect("/ws/lobby") as lobby:
        first = table_of(lobby.receive_json(), table_id)
        assert first["free_boxes"] == [1, 2, 3, 4] and first["watching"]["players"] == 0
        with join(client, table_id, headers, "p") as socket:
            me = TableClient(socket, "p")
            assert me.send(intent="sit", box=2)["type"] == "ack"
            # Pushed, not asked for: the next messages follow the table (a watcher came, a box
            # was taken; close changes may arrive as one).
            while (seen := table_of(lobby.receive_json(), table_id))["free_boxes"] != [1, 3, 4]:
                pass
            assert seen["watching"]["players"] == 1
            assert me.send(intent="stand", box=2)["type"] == "ack"
            while table_of(lobby.receive_json(), table_id)["free_boxes"] != [1, 2, 3, 4]:
                pass


def test_a_new_table_appears_in_the_lobby(client: TestClient, player: Make) -> None:
    _card, headers = player()
    with client.websocket_connect("/ws/lobby") as lobby:
        assert lobby.receive_json()["tables"] == []
        made = client.post("/api/tables", json={"profile": "russian"}, headers=headers)
        assert made.status_code == 201, made.text
        assert [t["id"] for t in lobby.receive_json()["tables"]] == [made.json()["id"]]


def test_a_foreign_page_gets_no_lobby_socket(client: TestClient) -> None:
    foreign = {"origin": "https://evil.example"}
    with client.websocket_connect("/ws/lobby", headers=foreign) as lobby:
        message = lobby.receive()
        assert message["type"] == "websocket.close" and message["code"] == 4403
