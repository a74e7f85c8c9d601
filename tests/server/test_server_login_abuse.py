"""Login abuse (issue 12, finding 3): an address that keeps failing waits longer and
longer, every failure reads the same, and password checks cannot starve the game."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from croupier.casino.auth import LOGIN_FAILED, Auth, Login
from croupier.server.app import create_app
from croupier.server.testing import running_server
from croupier.server.throttle import Backoff

from .conftest import PASSWORD, login, make_config, register

WAIT_S = 30.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_failed_logins_from_one_address_back_off_exponentially(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        clock = Clock()
        state = client.app.state.croupier  # type: ignore[attr-defined]
        state.logins = Backoff(base=1.0, most=900.0, free=2, clock=clock)
        card = register(client)
        wrong = {"card_number": card, "password": "not the password"}
        for _ in range(3):  # two free failures; the third sets a wait of 1 s
            assert client.post("/api/login", json=wrong).status_code == 401
        refused = client.post("/api/login", json={"card_number": card, "password": PASSWORD})
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"]["code"] == "rate_limited"
        clock.now += 1.0
        assert client.post("/api/login", json=wrong).status_code == 401  # the wait doubles
        clock.now += 1.5
        assert client.post("/api/login", json=wrong).status_code == 429
        clock.now += 0.5
        # The card locked itself after three wrong passwords; a manager's unlock aside,
        # the address may try again and a success forgets its failures.
        state.casino.auth.unlock(_manager(state), card)
        assert (
            client.post("/api/login", json={"card_number": card, "password": PASSWORD}).status_code
            == 200
        )
        assert state.logins.wait("testclient") == 0.0


def _manager(state: Any) -> Any:
    from datetime import date

    from croupier.casino import Registration, Role

    return state.casino.players.register(
        Registration(
            "Marina Boss", date(1970, 1, 1), "passport", "9999 000001", PASSWORD, Role.MANAGER
        )
    )


def test_login_failures_all_read_the_same_over_http(client: TestClient) -> None:
    card = register(client)
    answers = set()
    for number, password in [
        ("4111111111111111", PASSWORD),
        (card, "wrong password"),
        (card, "wrong password"),
        (card, "wrong password"),  # locks the card
        (card, PASSWORD),  # locked
    ]:
        answer = client.post("/api/login", json={"card_number": number, "password": password})
        assert answer.status_code == 401
        error = answer.json()["error"]
        answers.add((error["code"], error["kind"], error["message"]))
    assert answers == {("login_failed", "unauthorized", LOGIN_FAILED)}


def test_password_checks_of_logins_and_registrations_run_one_at_a_time_off_the_game_threads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, release = threading.Event(), threading.Event()
    threads: list[str] = []
    real = Auth.login

    def held(self: Auth, card: object, password: str) -> Login:
        threads.append(threading.current_thread().name)
        started.set()
        assert release.wait(WAIT_S)
        return real(self, card, password)

    with TestClient(create_app(make_config(tmp_path, password_checks_waiting=1))) as client:
        card = register(client)
        headers = login(client, card)
        monkeypatch.setattr(Auth, "login", held)
        answers: list[Any] = []
        body = {"card_number": card, "password": PASSWORD}
        first = threading.Thread(
            target=lambda: answers.append(client.post("/api/login", json=body))
        )
        first.start()
        try:
            assert started.wait(WAIT_S)
            # One check in line already: the next is refused at once, not queued...
            busy = client.post("/api/login", json=body)
            assert busy.status_code == 429 and "busy checking passwords" in busy.text
            # A registration hashes a password too: in the same line, refused the same way.
            joining = client.post(
                "/api/register",
                json={
                    "full_name": "Olga Newcomer",
                    "birth_date": "1990-01-01",
                    "document_type": "passport",
                    "document_number": "4510 000777",
                    "password": PASSWORD,
                },
            )
            assert joining.status_code == 429 and "busy checking passwords" in joining.text
            # ...and the game goes on meanwhile.
            assert client.get("/api/balance", headers=headers).status_code == 200
        finally:
            release.set()
            first.join(WAIT_S)
        assert answers[0].status_code == 200
        assert threads == ["croupier-passwords_0"]


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_backoff(tmp_path: Path) -> None:
    """uvicorn as `croupier serve` runs it, a TLS proxy on the same machine setting
    X-Forwarded-For (docs/operations.md): one client's failures do not make the others wait
    (without the header, every client would share the proxy's address and its backoff)."""
    config = make_config(tmp_path, login_free_failures=1, login_backoff_s=600.0)
    with running_server(create_app(config)) as url, httpx.Client(base_url=url) as http:
        card = register(http)  # type: ignore[arg-type]
        mallory = {"X-Forwarded-For": "203.0.113.7"}
        wrong = {"card_number": card, "password": "not the password"}
        for status in (401, 401, 429):  # one free failure, then a wait of 600 s
            assert http.post("/api/login", json=wrong, headers=mallory).status_code == status
        anna = {"X-Forwarded-For": "198.51.100.2"}
        right = {"card_number": card, "password": PASSWORD}
        assert http.post("/api/login", json=right, headers=anna).status_code == 200
        assert http.post("/api/login", json=right, headers=mallory).status_code == 429
