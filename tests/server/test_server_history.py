"""History over HTTP: the player's rounds with their nets, a recall step by step, the fair check."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from croupier.casino.tables import TableConfig
from croupier.games.base import Limits
from croupier.games.common.leaks import cards_in
from croupier.store.round_models import TableMode

from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]


def play_one_round(client: TestClient, headers: dict[str, str], exchange: bool) -> str:
    floor = client.app.state.croupier.floor  # type: ignore[attr-defined]
    table_id = floor.tables.create(
        TableConfig("russian", Limits(100, 10_000, 1_000_000), TableMode.PERSONAL)
    ).id
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as socket:
        me = TableClient(socket, "p")
        me.send(intent="sit", box=1)
        me.until(me.send(intent="stake", box=1, stake={"ante": 100})["seq"])
        assert me.round is not None
        if exchange:
            cards = me.round["view"]["boxes"][0]["cards"][:2]
            answer = me.send(intent="act", action={"box": 1, "act": "exchange", "cards": cards})
            assert answer["type"] == "ack", answer
            me.until(answer["seq"])
        me.finish()
        round_id: str = me.round["round_id"]
        return round_id


def test_history_lists_the_round_with_its_net(client: TestClient, player: Make) -> None:
    _card, headers = player(chips=100_000)
    round_id = play_one_round(client, headers, exchange=False)
    page = client.get("/api/history", headers=headers).json()
    assert page["total"] == 1 and page["rounds"][0]["round_id"] == round_id
    net = page["rounds"][0]["net"]
    assert client.get("/api/balance", headers=headers).json()["balance"] == 100_000 + net


def test_recall_steps_through_the_round_and_the_seed_checks_out(
    client: TestClient, player: Make
) -> None:
    _card, headers = player(chips=100_000)
    round_id = play_one_round(client, headers, exchange=True)
    recall = client.get(f"/api/history/{round_id}", headers=headers).json()
    kinds = [step["kind"] for step in recall["steps"]]
    assert kinds[:2] == ["stake", "deal"] and "action" in kinds
    exchange = next(s for s in recall["steps"] if s["payload"].get("act") == "exchange")
    assert len(exchange["payload"]["cards"]) == 2  # the player's own exchanged cards
    dealt = set(recall["steps"][1]["view"]["boxes"][0]["cards"])
    check = client.post(
        "/api/fair/verify",
        json={
            "server_seed": recall["server_seed"],
            "client_seed": recall["client_seed"],
            "nonce": recall["nonce"],
            "commitment": recall["commitment"],
        },
    ).json()
    assert check["ok"] is True
    assert dealt <= set(check["deck"])


def test_a_wrong_seed_fails_the_fair_check(client: TestClient) -> None:
    answer = client.post(
        "/api/fair/verify",
        json={"server_seed": "00" * 32, "commitment": "ab" * 32, "nonce": 1},
    ).json()
    assert answer["ok"] is False and len(answer["deck"]) == 52


def test_another_players_round_cannot_be_recalled(client: TestClient, player: Make) -> None:
    _ann, ann = player("Ann", chips=10_000)
    _bob, bob = player("Bob", chips=10_000)
    round_id = play_one_round(client, ann, exchange=False)
    answer = client.get(f"/api/history/{round_id}", headers=bob)
    assert answer.status_code == 403
    assert not cards_in(answer.json())
