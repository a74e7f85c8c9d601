"""Registration, login, cashier and limits over HTTP, against a real store."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta

from fastapi.testclient import TestClient

from croupier.casino.auth import LOGIN_FAILED

from .conftest import PASSWORD, register

Make = Callable[..., tuple[str, dict[str, str]]]


def test_register_issues_a_player_card(client: TestClient) -> None:
    card = register(client)
    assert len(card) == 16 and card.isdigit()


def test_register_refuses_a_minor_naming_the_age_rule(client: TestClient) -> None:
    today = date.today()
    born = today.replace(year=today.year - 17).isoformat()
    answer = client.post(
        "/api/register",
        json={
            "full_name": "Young One",
            "birth_date": born,
            "document_type": "passport",
            "document_number": "1111 222222",
            "password": PASSWORD,
        },
    )
    assert answer.status_code == 403
    assert "under 18" in answer.json()["error"]["message"]


def test_login_sets_an_httponly_cookie_and_returns_a_bearer_token(client: TestClient) -> None:
    card = register(client)
    answer = client.post("/api/login", json={"card_number": card, "password": PASSWORD})
    assert answer.status_code == 200
    assert len(answer.json()["token"]) >= 40
    cookie = answer.headers["set-cookie"]
    assert "croupier_session=" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
    # The cookie alone identifies the player (how the browser client works).
    assert client.get("/api/me").json()["card_number"] == card


def test_wrong_password_is_401_and_says_nothing_about_which_part(client: TestClient) -> None:
    card = register(client)
    answer = client.post("/api/login", json={"card_number": card, "password": "wrong pass"})
    assert answer.status_code == 401
    assert answer.json()["error"]["message"] == LOGIN_FAILED


def test_requests_without_a_session_are_401(client: TestClient) -> None:
    assert client.get("/api/balance").status_code == 401
    bad = client.get("/api/balance", headers={"Authorization": "Bearer not-a-token"})
    assert bad.status_code == 401
    assert "log in again" in bad.json()["error"]["message"]


def test_logout_ends_the_session(client: TestClient, player: Make) -> None:
    _, headers = player()
    assert client.post("/api/logout", headers=headers).status_code == 204
    assert client.get("/api/me", headers=headers).status_code == 401


def test_buy_chips_and_cash_out_move_the_balance(client: TestClient, player: Make) -> None:
    _card, headers = player()
    bought = client.post("/api/cashier/buy", json={"key": "b1", "amount": 50_000}, headers=headers)
    assert bought.json()["balance"] == 50_000
    out = client.post(
        "/api/cashier/cash-out", json={"key": "c1", "amount": 20_000}, headers=headers
    )
    assert out.json()["balance"] == 30_000
    assert client.get("/api/balance", headers=headers).json()["balance"] == 30_000


def test_a_repeated_idempotency_key_buys_once(client: TestClient, player: Make) -> None:
    _, headers = player()
    first = client.post("/api/cashier/buy", json={"key": "same", "amount": 1000}, headers=headers)
    again = client.post("/api/cashier/buy", json={"key": "same", "amount": 1000}, headers=headers)
    assert again.json()["replayed"] is True
    assert again.json()["transaction_id"] == first.json()["transaction_id"]
    assert client.get("/api/balance", headers=headers).json()["balance"] == 1000


def test_idempotency_keys_of_two_players_never_collide(client: TestClient, player: Make) -> None:
    _, ann = player("Ann")
    _, bob = player("Bob")
    client.post("/api/cashier/buy", json={"key": "k", "amount": 1000}, headers=ann)
    answer = client.post("/api/cashier/buy", json={"key": "k", "amount": 2000}, headers=bob)
    assert answer.status_code == 200 and answer.json()["balance"] == 2000


def test_cash_out_over_the_balance_is_refused_and_changes_nothing(
    client: TestClient, player: Make
) -> None:
    _, headers = player(chips=1000)
    answer = client.post(
        "/api/cashier/cash-out", json={"key": "x", "amount": 5000}, headers=headers
    )
    assert answer.status_code == 409
    assert answer.json()["error"]["kind"] == "insufficient_funds"
    assert answer.json()["error"]["code"] == "insufficient_chips"
    assert client.get("/api/balance", headers=headers).json()["balance"] == 1000


def test_deposit_limit_refuses_a_buy_over_it(client: TestClient, player: Make) -> None:
    _, headers = player()
    limits = client.put(
        "/api/limits/deposit", json={"period_days": 1, "amount": 10_000}, headers=headers
    )
    assert limits.json()["deposit_limits"][0]["amount"] == 10_000
    client.post("/api/cashier/buy", json={"key": "a", "amount": 8000}, headers=headers)
    over = client.post("/api/cashier/buy", json={"key": "b", "amount": 3000}, headers=headers)
    assert over.status_code == 403
    assert "24-hour deposit limit" in over.json()["error"]["message"]
    assert client.get("/api/balance", headers=headers).json()["balance"] == 8000


def test_self_exclusion_stops_buying_but_not_cashing_out(client: TestClient, player: Make) -> None:
    _, headers = player(chips=5000)
    answer = client.post("/api/limits/self-exclusion", json={"months": 6}, headers=headers)
    assert answer.json()["excluded_until"] is not None
    buy = client.post("/api/cashier/buy", json={"key": "z", "amount": 100}, headers=headers)
    assert buy.status_code == 403 and "self-excluded" in buy.json()["error"]["message"]
    out = client.post("/api/cashier/cash-out", json={"key": "y", "amount": 5000}, headers=headers)
    assert out.status_code == 200 and out.json()["balance"] == 0


def test_self_exclusion_shorter_than_six_months_is_refused(
    client: TestClient, player: Make
) -> None:
    _, headers = player()
    answer = client.post("/api/limits/self-exclusion", json={"months": 2}, headers=headers)
    assert answer.status_code == 422 and answer.json()["error"]["where"] == "months"


def test_reality_check_interval_is_kept(client: TestClient, player: Make) -> None:
    _, headers = player()
    answer = client.put("/api/limits/reality-check", json={"minutes": 45}, headers=headers)
    assert answer.json()["reality_check_minutes"] == 45


def test_the_first_reality_check_is_due_an_interval_after_login(client: TestClient) -> None:
    card = register(client)
    done = client.post("/api/login", json={"card_number": card, "password": PASSWORD}).json()
    headers = {"Authorization": f"Bearer {done['token']}"}
    client.put("/api/limits/reality-check", json={"minutes": 30}, headers=headers)
    due = client.get("/api/limits", headers=headers).json()["next_reality_check"]
    started = datetime.fromisoformat(done["expires_at"]) - timedelta(hours=12)  # the session TTL
    assert datetime.fromisoformat(due) == started + timedelta(minutes=30)
