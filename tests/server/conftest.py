"""A real server in-process per test: a fresh SQLite file, real argon2 (cheap settings)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from croupier.server.app import create_app
from croupier.server.config import ServerConfig
from croupier.store.testing import migrated_sqlite_url, postgres_store

FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
PASSWORD = "correct horse"
_documents = itertools.count(1)


def make_config(tmp_path: Path, **overrides: Any) -> ServerConfig:
    settings: dict[str, Any] = {"hasher": FAST_HASHER, "demo_tables": False, **overrides}
    if "database_url" not in settings:
        settings["database_url"] = migrated_sqlite_url(tmp_path / "server.sqlite3")
    return ServerConfig(**settings)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(make_config(tmp_path))) as made:
        yield made


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def dialect_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A real server on SQLite, then on PostgreSQL (a fresh schema, dropped afterwards)."""
    if request.param == "sqlite":
        with TestClient(create_app(make_config(tmp_path))) as made:
            yield made
        return
    with (
        postgres_store() as store,
        TestClient(create_app(make_config(tmp_path, database_url=store.url))) as made,
    ):
        yield made


def register(client: TestClient, name: str = "Anna Petrova", born: str = "1990-05-17") -> str:
    """A new adult player; returns the card number."""
    answer = client.post(
        "/api/register",
        json={
            "full_name": name,
            "birth_date": born,
            "document_type": "passport",
            "document_number": f"4509 {next(_documents):06d}",
            "password": PASSWORD,
        },
    )
    assert answer.status_code == 201, answer.text
    card: str = answer.json()["card_number"]
    return card


def login(client: TestClient, card: str) -> dict[str, str]:
    """Bearer headers for ``card`` (the cookie is set on the client too)."""
    answer = client.post("/api/login", json={"card_number": card, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


@pytest.fixture
def player(client: TestClient) -> Callable[..., tuple[str, dict[str, str]]]:
    """Register and log in a player; (card, headers)."""

    def make(name: str = "Anna Petrova", chips: int = 0) -> tuple[str, dict[str, str]]:
        card = register(client, name)
        headers = login(client, card)
        if chips:
            answer = client.post(
                "/api/cashier/buy", json={"key": f"seed-{card}", "amount": chips}, headers=headers
            )
            assert answer.status_code == 200, answer.text
        return card, headers

    return make
