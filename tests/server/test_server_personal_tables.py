"""POST /api/tables (security review findings 3 and 5): nothing is made for a player who may
not play, a player's personal tables are capped (a server setting), and a table's limits are
one of the casino's tiers, never free numbers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from croupier.server.app import create_app

from .conftest import login, make_config, register

Make = Callable[..., tuple[str, dict[str, str]]]


def open_tables(client: TestClient) -> int:
    return len(client.get("/api/tables").json())


def test_personal_table_self_excluded_player_is_refused_and_no_table_is_made(
    client: TestClient, player: Make
) -> None:
    _card, headers = player()
    assert client.post("/api/limits/self-exclusion", json={}, headers=headers).status_code == 200
    answer = client.post("/api/tables", json={"profile": "russian"}, headers=headers)
    assert answer.status_code == 403 and "self-excluded" in answer.json()["error"]["message"]
    assert open_tables(client) == 0


def test_personal_tables_per_player_is_capped_with_a_clear_refusal(
    client: TestClient, player: Make
) -> None:
    _card, headers = player()
    made = [
        client.post("/api/tables", json={"profile": "russian", "tier": t}, headers=headers)
        for t in ("5", "25")
    ]
    assert [m.status_code for m in made] == [201, 201]
    third = client.post("/api/tables", json={"profile": "russian", "tier": "50"}, headers=headers)
    assert third.status_code == 403, third.text
    assert "at most 2 at a time: stand up at one first" in third.json()["error"]["message"]
    assert open_tables(client) == 2


def test_personal_tables_per_player_is_a_server_setting(tmp_path: Path) -> None:
    config = make_config(tmp_path, personal_tables_per_player=1)
    with TestClient(create_app(config)) as client:
        headers = login(client, register(client))
        body = {"profile": "russian"}
        first = client.post("/api/tables", json=body, headers=headers)
        assert first.status_code == 201
        other_tier = {"profile": "russian", "tier": "5"}
        assert client.post("/api/tables", json=other_tier, headers=headers).status_code == 403
        # the same game and tier again is the player's own table, not a second one
        again = client.post("/api/tables", json=body, headers=headers)
        assert again.json()["id"] == first.json()["id"]
        assert open_tables(client) == 1


def test_personal_table_limits_come_from_the_chosen_tier(client: TestClient, player: Make) -> None:
    _card, headers = player()
    answer = client.post("/api/tables", json={"profile": "russian", "tier": "5"}, headers=headers)
    assert answer.status_code == 201, answer.text
    assert answer.json()["limits"] == {"min": 500, "max": 5000, "max_payout": 200000}
    default = client.post("/api/tables", json={"profile": "russian"}, headers=headers).json()
    assert default["limits"] == {"min": 2500, "max": 25000, "max_payout": 300000}
    tiers = client.get("/api/limit-tiers").json()
    assert [t["tier"] for t in tiers] == ["5", "25", "50", "100"]


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"profile": "russian", "min_stake": 1}, "min_stake"),
        ({"profile": "russian", "min_stake": 10**12, "max_stake": 10**12}, "min_stake"),
        ({"profile": "russian", "tier": "1"}, "tier"),
        ({"profile": "russian", "tier": 25}, "tier"),
    ],
)
def test_personal_table_free_limits_are_refused_naming_the_field(
    client: TestClient, player: Make, body: dict[str, object], where: str
) -> None:
    _card, headers = player()
    answer = client.post("/api/tables", json=body, headers=headers)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["where"] == where
    assert open_tables(client) == 0
