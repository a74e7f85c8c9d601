"""GET /api/rounds/{id}/advice and PUT /api/tables/{id}/trainer, on SQLite and PostgreSQL:
the advice answers the box's owner only, only while the box is to act, only at a trainer
table; a personal table's player sets its trainer, a public table's is the casino's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.casino.tables import TableConfig
from croupier.games.base import Limits
from croupier.server.app import create_app
from croupier.store.round_models import TableMode

from .conftest import login, make_config, register
from .wskit import TableClient

LIMITS = Limits(100, 10_000, 1_000_000)


@pytest.fixture
def client(dialect_client: TestClient) -> TestClient:
    return dialect_client  # every advice test on SQLite and on PostgreSQL


def _player(client: TestClient, name: str) -> tuple[str, dict[str, str]]:
    card = register(client, name)
    headers = login(client, card)
    answer = client.post(
        "/api/cashier/buy", json={"key": f"seed-{card}", "amount": 100_000}, headers=headers
    )
    assert answer.status_code == 200, answer.text
    return card, headers


def _table(client: TestClient, trainer: bool, profile: str = "russian") -> int:
    tables = client.app.state.croupier.floor.tables  # type: ignore[attr-defined]
    config = TableConfig(profile, LIMITS, TableMode.PUBLIC, trainer=trainer)
    table_id: int = tables.create(config).id
    return table_id


def _dealt(me: TableClient, box: int = 1) -> str:
    assert me.send(intent="sit", box=box)["type"] == "ack"
    staked = me.send(intent="stake", box=box, stake={"ante": 1000})
    me.until(staked["seq"])
    assert me.round is not None
    round_id: str = me.round["round_id"]
    return round_id


def _advice(client: TestClient, round_id: str, box: int, headers: dict[str, str]) -> Any:
    return client.get(f"/api/rounds/{round_id}/advice", params={"box": box}, headers=headers)


def test_the_owner_of_the_box_to_act_at_a_trainer_table_gets_every_option_best_first(
    client: TestClient,
) -> None:
    table_id = _table(client, trainer=True)
    _card, headers = _player(client, "Anna Petrova")
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as socket:
        me = TableClient(socket, "p")
        round_id = _dealt(me)
        answer = _advice(client, round_id, 1, headers)
        assert answer.status_code == 200, answer.text
        options = answer.json()["options"]
        acts = {o["action"] for o in options}
        assert {"play", "fold", "exchange", "buy_sixth"} <= acts
        evs = [o["ev"] for o in options if o["ev"] is not None]
        assert evs == sorted(evs, reverse=True)
        assert next(o for o in options if o["action"] == "fold")["ev"] == -1.0


def test_advice_is_refused_at_a_table_without_the_trainer(client: TestClient) -> None:
    table_id = _table(client, trainer=False)
    _card, headers = _player(client, "Anna Petrova")
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as socket:
        round_id = _dealt(TableClient(socket, "p"))
        answer = _advice(client, round_id, 1, headers)
    assert answer.status_code == 403
    assert answer.json()["error"]["message"] == "the trainer is off at this table"


def test_advice_on_another_players_box_or_a_box_not_to_act_is_refused(client: TestClient) -> None:
    table_id = _table(client, trainer=True)
    _ann, ann_headers = _player(client, "Ann Smith")
    _bob, bob_headers = _player(client, "Bob Jones")
    with (
        client.websocket_connect(f"/ws/tables/{table_id}", headers=ann_headers) as a,
        client.websocket_connect(f"/ws/tables/{table_id}", headers=bob_headers) as b,
    ):
        ann, bob = TableClient(a, "a"), TableClient(b, "b")
        ann.send(intent="sit", box=1)
        bob.send(intent="sit", box=2)
        ann.send(intent="stake", box=1, stake={"ante": 1000})
        bob.until(bob.send(intent="stake", box=2, stake={"ante": 1000})["seq"])
        assert bob.round is not None and bob.round["turn"]["box"] == 1
        round_id = bob.round["round_id"]
        theirs = _advice(client, round_id, 1, bob_headers)
        assert (
            theirs.status_code == 403 and theirs.json()["error"]["message"] == "box 1 is not yours"
        )
        early = _advice(client, round_id, 2, bob_headers)
        assert early.status_code == 409
        assert early.json()["error"]["message"] == "box 2 is not to act now"
        assert _advice(client, round_id, 1, ann_headers).status_code == 200


def test_advice_needs_a_login_and_a_round(client: TestClient) -> None:
    _card, headers = _player(client, "Anna Petrova")
    assert _advice(client, "nope", 1, headers).status_code == 404
    client.cookies.clear()  # the test client keeps the last login's cookie
    assert client.get("/api/rounds/nope/advice?box=1").status_code == 401


def test_a_personal_tables_player_turns_the_trainer_on_a_public_table_refuses(
    client: TestClient,
) -> None:
    _card, headers = _player(client, "Anna Petrova")
    _other, other_headers = _player(client, "Bob Jones")
    made = client.post("/api/tables", json={"profile": "russian"}, headers=headers).json()
    assert made["trainer"] is False
    url = f"/api/tables/{made['id']}/trainer"
    assert client.put(url, json={"on": True}, headers=other_headers).status_code == 403
    turned = client.put(url, json={"on": True}, headers=headers)
    assert turned.status_code == 200 and turned.json()["trainer"] is True
    assert client.put(url, json={"on": "yes"}, headers=headers).status_code == 422
    public = _table(client, trainer=False)
    refused = client.put(f"/api/tables/{public}/trainer", json={"on": True}, headers=headers)
    assert refused.status_code == 403
    assert (
        refused.json()["error"]["message"]
        == "the trainer at a public table is the casino's setting"
    )


def test_advice_is_rate_limited_per_player(client: TestClient) -> None:
    from croupier.server.api_advice import ADVICE_PER_MINUTE

    _card, headers = _player(client, "Anna Petrova")
    answers = [_advice(client, "nope", 1, headers) for _ in range(ADVICE_PER_MINUTE + 1)]
    assert {a.status_code for a in answers[:-1]} == {404}
    assert answers[-1].status_code == 429
    assert "advice: at most 30 in 60 s" in answers[-1].json()["error"]["message"]


@pytest.mark.slow
def test_turning_the_trainer_on_builds_the_advisors_tables_before_the_first_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One dialect (the store plays no part): the warm-up builds seconds of tables."""
    from croupier.math.stud import finals
    from croupier.profiles import load

    monkeypatch.setattr(finals, "_CONTEXTS", {})  # as a fresh process: nothing built
    with TestClient(create_app(make_config(tmp_path))) as client:
        _warm_then_advise(client, finals, load("five-card-exchange"))


def _warm_then_advise(client: TestClient, finals: Any, profile: Any) -> None:
    _card, headers = _player(client, "Anna Petrova")
    made = client.post("/api/tables", json={"profile": profile.id}, headers=headers).json()
    assert client.put(f"/api/tables/{made['id']}/trainer", json={"on": True}, headers=headers)
    warming = client.app.state.croupier.extras["advice_warming"]  # type: ignore[attr-defined]
    warming[profile.id].result(timeout=120)
    assert finals.warmed(profile)
    built = finals._CONTEXTS[(id(profile), False)]
    prices = built.by_strength
    with client.websocket_connect(f"/ws/tables/{made['id']}", headers=headers) as socket:
        me = TableClient(socket, "p")
        box = int(next(iter(made["seats"])))  # a personal table seats its player
        staked = me.send(intent="stake", box=box, stake={"ante": 2500})
        me.until(staked["seq"])
        assert me.round is not None
        answer = _advice(client, me.round["round_id"], box, headers)
        assert answer.status_code == 200, answer.text
    # served from what the warm-up built: the same tables, no second build
    assert finals._CONTEXTS[(id(profile), False)] is built and built.by_strength is prices
