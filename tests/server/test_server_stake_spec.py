"""GET /api/profiles/{id} publishes the stakes a box may put up, and a box staked by
that spec over the WebSocket (in the one stake form) is what the engine accepts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.games.base import Limits

from .wskit import seated_at_personal_table

Make = Callable[..., tuple[str, dict[str, str]]]
LIMITS = Limits(100, 10_000, 1_000_000)


def stake_by(spec: dict[str, Any]) -> dict[str, int]:
    """The smallest stake the spec allows: the main line (else the first) at the minimum."""
    main = next((line for line in spec["lines"] if line["required"]), spec["lines"][0])
    return {main["name"]: LIMITS.min_stake}


@pytest.mark.parametrize(
    ("profile_id", "lines"),
    [
        ("six-card-shambala", ["ante", "bonus", "dealer_bonus"]),
        ("three-card", ["ante", "pair_plus"]),
        ("blackjack", ["stake", "twenty_one_plus_three"]),
        ("baccarat", ["player", "banker", "tie"]),
    ],
)
def test_a_box_staked_by_the_published_spec_is_accepted(
    client: TestClient, player: Make, profile_id: str, lines: list[str]
) -> None:
    spec = client.get(f"/api/profiles/{profile_id}").json()["stakes"]
    assert [line["name"] for line in spec["lines"]] == lines
    _card, headers = player(chips=100_000)
    with seated_at_personal_table(client, headers, profile_id, LIMITS) as me:
        wrong = me.send(intent="stake", box=1, stake={"stakes": {"dragon": 100}})
        assert wrong["type"] == "error" and "'dragon' is not a stake of this game" in str(wrong)
        staked = me.send(intent="stake", box=1, stake={"stakes": stake_by(spec)})
        assert staked["type"] == "ack", staked
        me.until(staked["seq"])
        assert me.round is not None and me.round["stakes"][0]["stakes"] == stake_by(spec)


def test_a_dark_box_spec_carries_its_blind_prices(client: TestClient) -> None:
    spec = client.get("/api/profiles/six-card").json()["stakes"]
    assert spec["dark"] is True and spec["dark_antes"] == "2"
    assert {p["name"]: p["antes"] for p in spec["prebuys"]} == {"sixth": "1", "buy_game": "1"}
    assert client.get("/api/profiles/roulette").json()["stakes"] is None
