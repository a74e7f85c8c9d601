"""Log in by player-card number or e-mail (issue 13): the API's side."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from croupier.casino.auth import LOGIN_FAILED
from croupier.server.app import create_app

from .conftest import PASSWORD, make_config
from .test_server_login_abuse import Clock

ANNA = {
    "full_name": "Anna Petrova",
    "birth_date": "1990-05-17",
    "document_type": "passport",
    "document_number": "4509 900001",
    "password": PASSWORD,
    "email": "Anna.Petrova@Mail.RU",
}


def test_register_with_email_and_log_in_by_it(client: TestClient) -> None:
    made = client.post("/api/register", json=ANNA)
    assert made.status_code == 201, made.text
    assert made.json()["email"] == "anna.petrova@mail.ru"
    answer = client.post("/api/login", json={"email": "ANNA.petrova@mail.ru", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    me = client.get("/api/me").json()
    assert (me["card_number"], me["email"]) == (made.json()["card_number"], "anna.petrova@mail.ru")


def test_a_taken_email_gets_the_neutral_registration_refusal(client: TestClient) -> None:
    assert client.post("/api/register", json=ANNA).status_code == 201
    again = client.post(
        "/api/register",
        json={**ANNA, "full_name": "Boris Ivanov", "document_number": "4509 900002"},
    )
    assert again.status_code == 403
    assert again.json()["error"]["code"] == "registration_refused"


def test_email_login_failures_read_like_card_login_failures(client: TestClient) -> None:
    assert client.post("/api/register", json=ANNA).status_code == 201
    answers = set()
    for body in (
        {"email": "nobody@mail.ru", "password": PASSWORD},
        {"email": "anna.petrova@mail.ru", "password": "wrong password"},
        {"card_number": "4111111111111111", "password": PASSWORD},
    ):
        answer = client.post("/api/login", json=body)
        assert answer.status_code == 401
        error = answer.json()["error"]
        answers.add((error["code"], error["message"]))
    assert answers == {("login_failed", LOGIN_FAILED)}


def test_a_login_names_the_card_one_way_only(client: TestClient) -> None:
    for body in (
        {"password": PASSWORD},
        {"card_number": "4111111111111111", "email": "a@mail.ru", "password": PASSWORD},
    ):
        answer = client.post("/api/login", json=body)
        assert answer.status_code == 422
        assert "card_number or email" in answer.json()["error"]["message"]
    bad = client.post("/api/register", json={**ANNA, "email": "anna\u0000@mail.ru"})
    assert bad.status_code == 422 and bad.json()["error"]["where"] == "email"


def test_email_logins_are_throttled_by_address_like_card_logins(tmp_path: Path) -> None:
    from croupier.server.throttle import Backoff

    with TestClient(create_app(make_config(tmp_path))) as client:
        state = client.app.state.croupier  # type: ignore[attr-defined]
        state.logins = Backoff(base=1.0, most=900.0, free=2, clock=Clock())
        assert client.post("/api/register", json=ANNA).status_code == 201
        wrong = {"email": "anna.petrova@mail.ru", "password": "not the password"}
        for _ in range(3):
            assert client.post("/api/login", json=wrong).status_code == 401
        right = {"email": "anna.petrova@mail.ru", "password": PASSWORD}
        assert client.post("/api/login", json=right).status_code == 429
