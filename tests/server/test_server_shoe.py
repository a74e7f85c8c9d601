"""A baccarat table's scoreboards (GET /api/tables/{id}/shoe): each settled round of the current
shoe in order with its result and points, the same as its settlement; nothing secret (no seed,
no player); anyone who may look at the table may read it; another game is refused. A roulette
table's board (GET /api/tables/{id}/spins): the numbers its wheel gave, the latest first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from croupier.casino.tables import TableConfig
from croupier.games.base import Limits
from croupier.store.round_models import TableMode

from .wskit import seated_at_personal_table

Make = Callable[..., tuple[str, dict[str, str]]]
LIMITS = Limits(100, 10_000, 1_000_000)


def test_the_shoe_lists_every_settled_round_of_the_current_shoe_and_nothing_secret(
    client: TestClient, player: Make
) -> None:
    card, headers = player(chips=100_000)
    settled: list[dict[str, Any]] = []
    with seated_at_personal_table(client, headers, "baccarat", LIMITS) as me:
        table_id = me.state["table"]["id"]
        assert client.get(f"/api/tables/{table_id}/shoe").json()["rounds"] == []
        for _ in range(3):
            staked = me.send(intent="stake", box=1, stake={"stakes": {"banker": 100}})
            assert staked["type"] == "ack", staked
            state = me.until(staked["seq"])
            while state["round"]["phase"] != "settled":
                state = me.until(me.seq + 1)
            settled.append(state["round"])
    answer = client.get(f"/api/tables/{table_id}/shoe")  # a visitor without a session too
    assert answer.status_code == 200, answer.text
    rounds = answer.json()["rounds"]
    assert [r["number"] for r in rounds] == [r["number"] for r in settled]
    for shown, played in zip(rounds, settled, strict=True):
        view = played["view"]
        assert shown["result"] == view["result"]
        assert shown["player_points"] == view["player"]["points"]
        assert shown["banker_points"] == view["banker"]["points"]
        player_cards, banker_cards = view["player"]["cards"], view["banker"]["cards"]
        assert shown["player_pair"] == (player_cards[0][0] == player_cards[1][0])
        assert shown["banker_pair"] == (banker_cards[0][0] == banker_cards[1][0])
    text = answer.text
    assert "seed" not in text and card not in text and "stake" not in text


def test_the_shoe_of_another_game_is_refused(client: TestClient, player: Make) -> None:
    _card, headers = player(chips=100_000)
    with seated_at_personal_table(client, headers, "blackjack", LIMITS) as me:
        table_id = me.state["table"]["id"]
    answer = client.get(f"/api/tables/{table_id}/shoe")
    assert answer.status_code == 422, answer.text
    assert "baccarat" in answer.text
    assert client.get("/api/tables/999999/shoe").status_code == 404


def test_the_wheel_board_lists_the_numbers_the_wheel_gave_latest_first(
    client: TestClient, player: Make
) -> None:
    card, headers = player(chips=100_000)
    pockets: list[int] = []
    with seated_at_personal_table(client, headers, "roulette", LIMITS) as me:
        table_id = me.state["table"]["id"]
        assert client.get(f"/api/tables/{table_id}/spins").json()["numbers"] == []
        for _ in range(3):
            assert me.send(intent="stake", box=1, stake={"chip": 100})["type"] == "ack"
            bet = {"box": 1, "act": "bet", "spot": "red", "amount": 100}
            assert me.send(intent="act", action=bet)["type"] == "ack"
            spun = me.send(intent="act", action={"act": "no_more_bets"})
            state = me.until(spun["seq"])
            while state["round"]["phase"] != "settled":
                state = me.until(me.seq + 1)
            pockets.append(state["round"]["settlement"]["pocket"])
    answer = client.get(f"/api/tables/{table_id}/spins")  # a visitor without a session too
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"table_id": table_id, "numbers": pockets[::-1]}
    assert card not in answer.text
    floor = client.app.state.croupier.floor  # type: ignore[attr-defined]
    other = floor.tables.create(TableConfig("baccarat", LIMITS, TableMode.PERSONAL)).id
    assert client.get(f"/api/tables/{other}/spins").status_code == 422
