"""The server gives back a public seat whose player's sockets are gone past the grace (issue
13: public tables kept players who had left): the table hears of it, the lobby shows the box
free, and a round whose every other box is staked is dealt by the house at once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient

from .test_server_refusal_codes import Make
from .test_server_ws import join, open_table
from .wskit import TableClient


def test_public_table_frees_the_seat_of_a_player_whose_sockets_are_gone(
    client: TestClient, player: Make
) -> None:
    floor: Any = client.app.state.croupier.floor  # type: ignore[attr-defined]
    table_id = open_table(client)  # russian, public
    _anna, anna_headers = player(chips=100_000)
    _boris, boris_headers = player("Boris Ivanov", chips=100_000)
    with join(client, table_id, anna_headers, "a") as a_socket:
        anna = TableClient(a_socket, "a")
        assert anna.send(intent="sit", box=1)["type"] == "ack"
        with join(client, table_id, boris_headers, "b") as b_socket:
            boris = TableClient(b_socket, "b")
            assert boris.send(intent="sit", box=2)["type"] == "ack"
        # Boris closed his tab without standing up; Anna stakes and waits for him.
        staked = anna.send(intent="stake", box=1, stake={"ante": 100})
        assert anna.until(staked["seq"])["round"]["phase"] == "betting"
        later = floor.casino.store.now() + floor.seat_grace + timedelta(seconds=1)
        client.portal.call(floor.note_present, later)  # Anna's socket is open: she is here
        assert client.portal.call(floor.free_departed, later) == [table_id]
        left = anna.receive()
        assert (left["type"], left["event"]) == ("event", "stand")
        assert left["state"]["table"]["free_boxes"][0] == 2
        assert left["state"]["round"]["phase"] == "playing"  # the house dealt Anna's box
    lobby = client.get("/api/tables").json()
    (table,) = [t for t in lobby if t["id"] == table_id]
    assert list(table["seats"]) == ["1"] and table["players"] == 1
