"""Bad input over HTTP gets a clear error naming what and where, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

Make = Callable[..., tuple[str, dict[str, str]]]


@pytest.mark.parametrize(
    ("body", "where", "words"),
    [
        ('{"key": "k", "amount": 100', "request", "JSON"),
        ('{"key": "k", "amount": 100, "tip": 5}', "tip", "unknown field"),
        ('{"key": "k", "amount": "100"}', "amount", "integer"),
        ('{"key": "k", "amount": 100.5}', "amount", "integer"),
        ('{"key": "k", "amount": true}', "amount", "integer"),
        ('{"key": "k", "amount": -5}', "amount", "greater than 0"),
        ('{"key": "k"}', "amount", "Field required"),
        ('{"key": "bad key!", "amount": 100}', "key", "pattern"),
        ("[]", "request", "object"),
    ],
)
def test_a_malformed_buy_is_refused_naming_the_field_and_moves_no_money(
    client: TestClient, player: Make, body: str, where: str, words: str
) -> None:
    _card, headers = player(chips=1000)
    answer = client.post(
        "/api/cashier/buy", content=body, headers={**headers, "Content-Type": "application/json"}
    )
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad_input"
    assert words.lower() in error["message"].lower(), error
    assert error.get("where", "request") == where or where == "request", error
    assert client.get("/api/balance", headers=headers).json()["balance"] == 1000


def test_a_huge_body_is_refused_before_it_is_read(client: TestClient, player: Make) -> None:
    _card, headers = player(chips=1000)
    answer = client.post(
        "/api/cashier/buy",
        content=b'{"key": "k", "amount": 1, "pad": "' + b"x" * 200_000 + b'"}',
        headers={**headers, "Content-Type": "application/json"},
    )
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "too_large"
    assert client.get("/api/balance", headers=headers).json()["balance"] == 1000


def test_unknown_routes_and_profiles_are_404_in_the_error_shape(client: TestClient) -> None:
    assert client.get("/api/nowhere").json()["error"]["code"] == "not_found"
    missing = client.get("/api/profiles/bingo")
    assert missing.status_code == 404 and "bingo" in missing.json()["error"]["message"]
    assert client.get("/api/tables/12345").status_code == 404


def test_a_personal_table_for_an_unknown_profile_is_refused(
    client: TestClient, player: Make
) -> None:
    _card, headers = player()
    answer = client.post("/api/tables", json={"profile": "bingo"}, headers=headers)
    assert answer.status_code == 422 and "bingo" in answer.json()["error"]["message"]


def test_profiles_list_every_shipped_profile_and_their_rules(client: TestClient) -> None:
    profiles = {p["id"]: p for p in client.get("/api/profiles").json()}
    assert profiles["russian"]["playable"] is True
    rules = client.get("/api/profiles/russian").json()
    assert rules["game"] == "stud" and rules["settings"]["pay_table"]["10"] == 100
