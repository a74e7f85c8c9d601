"""The table WebSocket: a snapshot first, intents acknowledged, events in order, bad input."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.casino.tables import TableConfig
from croupier.games.base import Limits
from croupier.store.round_models import TableMode

from .conftest import make_config
from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]
LIMITS = Limits(100, 10_000, 1_000_000)


def open_table(client: TestClient, profile: str = "russian", mode: str = "public") -> int:
    tables = client.app.state.croupier.floor.tables  # type: ignore[attr-defined]
    table_id: int = tables.create(TableConfig(profile, LIMITS, TableMode(mode))).id
    return table_id


def join(client: TestClient, table_id: int, headers: dict[str, str] | None, name: str) -> Any:
    """A player's connection (their bearer token), or a spectator's (``headers`` None: the
    test client's cookie jar holds the last login, so spectators ask for it explicitly)."""
    if headers is None:
        return client.websocket_connect(f"/ws/tables/{table_id}?as=spectator")
    return client.websocket_connect(f"/ws/tables/{table_id}", headers=headers)


@contextmanager
def seated(client: TestClient, table_id: int, headers: dict[str, str]) -> Iterator[TableClient]:
    """A player's socket at the table, seated at box 1."""
    with join(client, table_id, headers, "p") as socket:
        me = TableClient(socket, "p")
        assert me.send(intent="sit", box=1)["type"] == "ack"
        yield me


def balance(client: TestClient, headers: dict[str, str]) -> int:
    found: int = client.get("/api/balance", headers=headers).json()["balance"]
    return found


def test_first_message_is_a_snapshot_for_player_and_spectator(
    client: TestClient, player: Make
) -> None:
    table_id = open_table(client)
    card, headers = player()
    with join(client, table_id, headers, "p") as p, join(client, table_id, None, "s") as s:
        mine, theirs = TableClient(p, "p"), TableClient(s, "s")
        assert mine.state["you"] == card
        assert "you" not in theirs.state
        assert mine.state["table"]["free_boxes"] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    "table_id", ["999", "0", "-3", "99999999999999999999999", "abc", "\u0663", "1e3"]
)
def test_unknown_table_is_refused_and_closed(client: TestClient, table_id: str) -> None:
    with client.websocket_connect(f"/ws/tables/{table_id}?as=spectator") as s:
        message = s.receive_json()
        assert message["type"] == "error" and message["code"] == "not_found"
    assert client.app.state.croupier.hub.channels == {}  # type: ignore[attr-defined]


def test_a_round_sits_stakes_acts_and_settles_through_the_ledger(
    client: TestClient, player: Make
) -> None:
    table_id = open_table(client)
    _card, headers = player(chips=100_000)
    with seated(client, table_id, headers) as me:
        staked = me.send(intent="stake", box=1, stake={"ante": 1000})
        assert staked["type"] == "ack"
        me.until(staked["seq"])
        assert me.round is not None and me.my_turn()
        assert balance(client, headers) == 100_000 - 1000  # the ANTE is held
        me.finish()  # play (and take the ANTE if the dealer has no game)
        rnd = me.round
        assert rnd is not None
        assert rnd["phase"] == "settled"
        net = rnd["settlement"]["boxes"][0]["net"]
        assert balance(client, headers) == 100_000 + net
        assert rnd["server_seed"] is not None  # revealed to the participant after settlement


def test_a_repeated_intent_key_is_applied_once(client: TestClient, player: Make) -> None:
    table_id = open_table(client)
    _card, headers = player(chips=100_000)
    with seated(client, table_id, headers) as me:
        first = me.send(intent="stake", box=1, stake={"ante": 1000}, key="stake-once")
        again = me.send(intent="stake", box=1, stake={"ante": 1000}, key="stake-once")
        assert first["replayed"] is False and again["replayed"] is True
        assert balance(client, headers) == 99_000


def test_a_decision_sent_again_after_it_ended_its_round_is_replayed_not_refused(
    client: TestClient, player: Make
) -> None:
    """An answer lost with its socket: the page sends the intent again with its key. The
    fold ended the round, so the table has no round in play (then a new one taking
    stakes): the repeat is answered from the round the key names, once, as a replay."""
    table_id = open_table(client)
    _card, headers = player(chips=100_000)
    with seated(client, table_id, headers) as me:
        me.stake(1000)
        fold = {"box": 1, "act": "fold"}
        first = me.send(intent="act", action=fold, key="fold-once")
        assert first["type"] == "ack" and first["replayed"] is False
        me.until(first["seq"])
        assert me.round is not None and me.round["phase"] == "settled"
        again = me.send(intent="act", action=fold, key="fold-once")
        assert again["type"] == "ack" and again["replayed"] is True
        # a new round taking stakes: the repeat still names the folded one
        me.stake(1000)
        later = me.send(intent="act", action=fold, key="fold-once")
        assert later["type"] == "ack" and later["replayed"] is True
        # the same key for another decision is still refused as reused
        other = me.send(intent="act", action={"box": 1, "act": "play"}, key="fold-once")
        assert other["type"] == "error" and other["code"] == "idempotency_key_reused"
    assert balance(client, headers) == 100_000 - 1000 - 1000  # one folded ANTE, one held


def test_a_decision_goes_to_the_tables_round_when_the_one_last_seen_here_has_ended(
    client: TestClient, player: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decision tries the round this process last saw at the table, with no look-up; when
    another process has ended it and begun another (here: the process is told the old
    round), the guess is refused writing nothing and the table's round is looked up."""
    floor = client.app.state.croupier.floor  # type: ignore[attr-defined]
    looked_up: list[int] = []
    current = floor.rounds.current
    monkeypatch.setattr(floor.rounds, "current", lambda t: looked_up.append(t) or current(t))
    table_id = open_table(client)
    _card, headers = player(chips=100_000)
    with seated(client, table_id, headers) as me:
        me.stake(1000)
        assert me.round is not None
        ended = me.round["round_id"]
        folded = me.send(intent="act", action={"box": 1, "act": "fold"})
        assert folded["type"] == "ack" and looked_up == []  # the guess was right: no look-up
        me.stake(1000)
        floor.last_round[table_id] = ended  # what a process not yet told of the new round holds
        played = me.send(intent="act", action={"box": 1, "act": "fold"}, key="on-the-new-round")
        assert played["type"] == "ack" and played["replayed"] is False
        assert looked_up == [table_id]
        me.until(played["seq"])
        assert me.round is not None and me.round["round_id"] != ended
        assert me.round["phase"] == "settled"
    assert balance(client, headers) == 100_000 - 2000  # two folded ANTEs, each once


def test_reconnecting_mid_round_gets_the_whole_round_back(client: TestClient, player: Make) -> None:
    table_id = open_table(client)
    _card, headers = player(chips=100_000)
    with seated(client, table_id, headers) as me:
        me.stake(1000)
        before = me.round
    with join(client, table_id, headers, "p2") as p:
        again = TableClient(p, "p2")
        assert again.round is not None and before is not None
        assert again.round["view"] == before["view"]
        assert again.round["legal"] == before["legal"]
        assert again.my_turn()
        done = again.send(intent="act", action={"box": 1, "act": "fold"})
        assert again.until(done["seq"])["round"]["phase"] == "settled"


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("{not json", "bad_input", "not JSON"),
        ("[1, 2]", "bad_input", "JSON object"),
        ('{"type": "dance"}', "bad_input", "type"),
        ('{"type": "intent", "key": "k", "intent": "sit", "colour": "red"}', "bad_input", "colour"),
        ('{"type": "intent", "key": "k", "intent": "sit", "box": "one"}', "bad_input", "box"),
        ('{"type": "intent", "key": "k", "intent": "sit", "box": 1.5}', "bad_input", "box"),
        ('{"type": "intent", "key": "", "intent": "sit"}', "bad_input", "key"),
        ('{"type": "intent", "key": "k", "intent": "act"}', "bad_input", "action"),
        (json.dumps({"type": "ping", "pad": "x" * 70_000}), "too_large", "at most"),
    ],
)
def test_bad_messages_get_a_clear_error_and_the_connection_survives(
    client: TestClient, player: Make, text: str, code: str, words: str
) -> None:
    table_id = open_table(client)
    _card, headers = player(chips=10_000)
    with join(client, table_id, headers, "p") as p:
        me = TableClient(p, "p")
        answer = me.raw(text)
        assert answer["type"] == "error" and answer["code"] == code, answer
        assert words in answer["message"] or words == answer.get("where"), answer
        assert me.raw('{"type": "ping"}')["type"] == "pong"
        assert me.send(intent="sit", box=1)["type"] == "ack"  # the table still works
    assert balance(client, headers) == 10_000


def test_acting_out_of_turn_or_on_another_box_is_refused_and_changes_nothing(
    client: TestClient, player: Make
) -> None:
    table_id = open_table(client)
    _ann, ann_headers = player("Ann", chips=50_000)
    _bob, bob_headers = player("Bob", chips=50_000)
    with (
        join(client, table_id, ann_headers, "a") as a,
        join(client, table_id, bob_headers, "b") as b,
    ):
        ann, bob = TableClient(a, "a"), TableClient(b, "b")
        ann.send(intent="sit", box=1)
        bob.send(intent="sit", box=2)
        ann.send(intent="stake", box=1, stake={"ante": 1000})
        dealt = bob.send(intent="stake", box=2, stake={"ante": 1000})
        bob.until(dealt["seq"])
        assert bob.round is not None and bob.round["turn"]["box"] == 1
        seq = bob.seq
        early = bob.send(intent="act", action={"box": 2, "act": "play"})
        assert early["type"] == "error" and early["code"] == "not_your_turn", early
        assert early["kind"] == "refused"
        theirs = bob.send(intent="act", action={"box": 1, "act": "fold"})
        assert theirs["type"] == "error" and "does not hold it" in theirs["message"]
        assert bob.raw('{"type": "ping"}')["seq"] == seq  # no event happened
    assert balance(client, bob_headers) == 49_000


def test_a_spectator_cannot_act(client: TestClient) -> None:
    table_id = open_table(client)
    with join(client, table_id, None, "s") as s:
        watcher = TableClient(s, "s")
        answer = watcher.send(intent="sit", box=1)
        assert answer["type"] == "error" and answer["code"] == "unauthorized"


def test_an_expired_session_cannot_join_as_a_player(client: TestClient) -> None:
    table_id = open_table(client)
    with join(client, table_id, {"Authorization": "Bearer nope"}, "x") as s:
        message = s.receive_json()
        assert message["type"] == "error" and message["code"] == "unauthorized"


def test_a_restarted_server_resumes_the_open_round(tmp_path: Path) -> None:
    """Start-up applies migrations and resumes open rounds: the player carries on."""
    from croupier.server.app import create_app

    from .conftest import login, make_config, register

    config = make_config(tmp_path / "restart")
    with TestClient(create_app(config)) as first:
        card = register(first)
        headers = login(first, card)
        first.post("/api/cashier/buy", json={"key": "b", "amount": 10_000}, headers=headers)
        table_id = open_table(first)
        with join(first, table_id, headers, "p") as p:
            me = TableClient(p, "p")
            me.send(intent="sit", box=1)
            me.stake(1000)
            before = me.round
    with TestClient(create_app(config)) as second, join(second, table_id, headers, "p") as p:
        again = TableClient(p, "p")
        assert again.round is not None and before is not None
        assert again.round["round_id"] == before["round_id"]
        assert again.round["view"] == before["view"] and again.my_turn()
        again.finish()
        assert again.round["phase"] == "settled"


def test_a_huge_message_over_a_real_socket_gets_an_error_and_the_connection_stays(
    tmp_path: Path,
) -> None:
    from websockets.sync.client import connect

    from croupier.server.app import create_app
    from croupier.server.testing import running_server

    app = create_app(make_config(tmp_path / "real"))
    with running_server(app) as url:
        tables = app.state.croupier.floor.tables
        table_id = tables.create(TableConfig("russian", LIMITS, TableMode.PUBLIC)).id
        with connect(f"{url.replace('http', 'ws')}/ws/tables/{table_id}") as socket:
            assert json.loads(socket.recv())["type"] == "snapshot"
            socket.send(json.dumps({"type": "ping", "pad": "x" * 300_000}))
            answer = json.loads(socket.recv())
            assert answer["type"] == "error" and answer["code"] == "too_large"
            socket.send('{"type": "ping"}')
            assert json.loads(socket.recv())["type"] == "pong"


def test_a_socket_opened_by_another_site_is_refused(client: TestClient, player: Make) -> None:
    table_id = open_table(client)
    _card, headers = player()
    evil = {**headers, "Origin": "https://evil.example"}
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=evil) as socket:
        message = socket.receive_json()
        assert message["type"] == "error" and message["code"] == "forbidden"
    ours = {**headers, "Origin": "http://testserver"}
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=ours) as socket:
        assert socket.receive_json()["type"] == "snapshot"


def test_the_timer_decides_for_a_silent_box_at_a_public_table(
    client: TestClient, player: Make
) -> None:
    """[002]: a public table's box that does not decide in time gets the default (fold);
    everyone at the table sees it as a "timer" event."""
    tables = client.app.state.croupier.floor.tables  # type: ignore[attr-defined]
    table_id = tables.create(
        TableConfig("russian", LIMITS, TableMode.PUBLIC, decision_seconds=1)
    ).id
    _card, headers = player(chips=10_000)
    with join(client, table_id, headers, "p") as p, join(client, table_id, None, "s") as s:
        me, watcher = TableClient(p, "p"), TableClient(s, "s")
        me.send(intent="sit", box=1)
        me.stake(1000)
        assert me.round is not None and me.round["deadline"] is not None
        while watcher.messages[-1].get("event") != "timer":
            watcher.receive()  # the server's clock runs on its own; no intent is sent
        folded = watcher.round
        assert folded is not None and folded["phase"] == "settled"
        assert folded["settlement"]["boxes"][0]["net"] == -1000  # the ANTE is lost


def test_serve_takes_only_uvicorns_websocket_implementations() -> None:
    from typer.testing import CliRunner

    from croupier.cli import app

    refused = CliRunner().invoke(app, ["serve", "--ws", "none"], env={"CROUPIER_WS": ""})
    assert refused.exit_code == 2
    assert "websockets-sansio, websockets, wsproto" in refused.output
