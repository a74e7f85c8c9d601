"""Hygiene (issue 12, finding 8): security headers, the Origin check on state-changing
cookie requests, the password policy, keyed aliases, a neutral registration refusal."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from croupier.casino.players import REGISTRATION_REFUSED
from croupier.server import projection
from croupier.server.app import WEBAPP, create_app

from .conftest import PASSWORD, make_config, register

Make = Callable[..., tuple[str, dict[str, str]]]


@pytest.mark.parametrize("path", ["/", "/app/", "/api/profiles", "/api/balance", "/nope"])
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_the_page_has_no_inline_script_or_style(client: TestClient) -> None:
    page = client.get("/").text
    assert "<script>" not in page and '<script type="module">' not in page
    assert " style=" not in page and "<style" not in page


def test_the_old_client_is_gone_and_the_root_leads_to_the_new_one(client: TestClient) -> None:
    for old in ("/static/app.js", "/static/table.js", "/static/"):
        assert client.get(old).status_code == 404, old
    root = client.get("/", follow_redirects=False)
    if (WEBAPP / "index.html").is_file():
        assert root.is_redirect and root.headers["location"] == "/app/"
    else:  # not built (make test-fast): no client to lead to, and no old one either
        assert root.status_code == 404


def test_a_cookie_post_from_another_site_is_refused_before_it_runs(
    client: TestClient, player: Make
) -> None:
    _card, _headers = player()  # the client holds the session cookie now
    foreign = {"Origin": "https://evil.example"}
    answer = client.post("/api/cashier/buy", json={"key": "x-1", "amount": 100}, headers=foreign)
    assert answer.status_code == 403, answer.text
    assert answer.json()["error"]["where"] == "origin"
    assert client.get("/api/balance").json()["balance"] == 0
    assert (
        client.put(
            "/api/limits/deposit", json={"period_days": 1, "amount": 1}, headers={"Origin": "null"}
        ).status_code
        == 403
    )
    # The same request from our own page, or from a client that is not a browser, runs.
    own = {"Origin": "http://testserver"}
    assert (
        client.post("/api/cashier/buy", json={"key": "x-2", "amount": 100}, headers=own).status_code
        == 200
    )
    assert client.post("/api/cashier/buy", json={"key": "x-3", "amount": 100}).status_code == 200
    # Reading is not state-changing: a foreign GET is left to SameSite and CORS.
    assert client.get("/api/balance", headers=foreign).status_code == 200


@pytest.mark.parametrize(
    ("password", "message"),
    [("nine char", "at least 10"), ("1234567890", "most common"), ("QWERTYUIOP", "most common")],
)
def test_registration_refuses_short_and_common_passwords(
    client: TestClient, password: str, message: str
) -> None:
    answer = client.post(
        "/api/register",
        json={
            "full_name": "Olga Weak",
            "birth_date": "1985-01-01",
            "document_type": "passport",
            "document_number": "4599 000001",
            "password": password,
        },
    )
    assert answer.status_code == 422 and message in answer.json()["error"]["message"]


def test_aliases_are_keyed_with_the_server_secret_not_a_plain_hash(tmp_path: Path) -> None:
    secret = bytes(range(32))
    with TestClient(create_app(make_config(tmp_path, secret=secret))) as client:
        card = register(client)
        name = projection.alias(card)
        assert name.startswith("player-")
        assert hashlib.sha256(card.encode()).hexdigest()[:8] not in name
    with TestClient(create_app(make_config(tmp_path, secret=secret))) as client:
        assert projection.alias(card) == name  # the same secret: the same alias after a restart
    with TestClient(create_app(make_config(tmp_path, secret=bytes(32)))) as client:
        assert projection.alias(card) != name


def test_secret_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from croupier.server.config import server_secret

    monkeypatch.setenv("CROUPIER_SECRET", "00" * 32)
    assert server_secret(make_config(tmp_path)) == bytes(32)
    monkeypatch.setenv("CROUPIER_SECRET", "abcd")
    with pytest.raises(ValueError, match="at least 16 bytes"):
        server_secret(make_config(tmp_path))
    monkeypatch.setenv("CROUPIER_SECRET", "not hex")
    with pytest.raises(ValueError, match="must be hex"):
        server_secret(make_config(tmp_path))


def test_several_processes_refuse_to_start_without_one_shared_secret(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # With a Redis (several processes) each process would key aliases its own way: a
    # spectator on one process would see another name than on the next.
    monkeypatch.delenv("CROUPIER_SECRET", raising=False)
    app = create_app(make_config(tmp_path, redis_url="redis://127.0.0.1:6379/0"))
    with (
        pytest.raises(ValueError, match="CROUPIER_SECRET, the same on every process"),
        TestClient(app),
    ):
        pass


def test_registering_a_known_document_does_not_say_it_is_known(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    body = {
        "full_name": "Anna First",
        "birth_date": "1985-01-01",
        "document_type": "passport",
        "document_number": "4599 000002",
        "password": PASSWORD,
    }
    assert client.post("/api/register", json=body).status_code == 201
    with caplog.at_level(logging.WARNING, "croupier.casino"):
        again = client.post("/api/register", json={**body, "full_name": "Someone Else"})
    assert again.status_code == 403
    message = again.json()["error"]["message"]
    assert "4599" not in message and "already" not in message and "another card" not in message
    # The same words as any refused registration (a self-excluded person's too)...
    assert message == REGISTRATION_REFUSED
    # ...the reason to the staff's log, the card it is on, never the document.
    staff = [r for r in caplog.records if getattr(r, "reason", "") == "document"]
    assert staff and all("4599" not in r.getMessage() for r in caplog.records)
