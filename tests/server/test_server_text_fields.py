"""What people type (issue 12, findings 4 and 8): control characters, NULs and bidi
controls refused with a 422 naming the field; nothing secret in any log line of a
failed request; strict numbers and dates."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from croupier.store.models import Person

from .conftest import PASSWORD, login

Make = Callable[..., tuple[str, dict[str, str]]]
BAD = {"NUL": "\x00", "bell": "\x07", "newline": "\n", "RLO": "\u202e", "isolate": "\u2066"}
_numbers = itertools.count(500_000)


def _registration(**changes: Any) -> dict[str, Any]:
    body = {
        "full_name": "Vera Nulova",
        "birth_date": "1988-08-08",
        "document_type": "passport",
        "document_number": f"4511 {next(_numbers):06d}",
        "password": PASSWORD,
    }
    body.update(changes)
    return body


@pytest.mark.parametrize("char", BAD.values(), ids=BAD.keys())
@pytest.mark.parametrize("field", ["full_name", "document_number", "password"])
def test_registration_refuses_control_and_bidi_characters(
    client: TestClient, field: str, char: str
) -> None:
    body = _registration()
    body[field] = body[field][:3] + char + body[field][3:]
    answer = client.post("/api/register", json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["where"] == field
    state = client.app.state.croupier  # type: ignore[attr-defined]
    with state.casino.store.read() as session:
        assert session.scalars(select(Person)).first() is None


@pytest.mark.parametrize("char", BAD.values(), ids=BAD.keys())
def test_login_and_table_and_fair_fields_refuse_control_characters(
    client: TestClient, player: Make, char: str
) -> None:
    _card, headers = player()
    answers = {
        "password": client.post(
            "/api/login", json={"card_number": "4111111111111111", "password": f"x{char}y"}
        ),
        "card_number": client.post(
            "/api/login", json={"card_number": f"4111{char}", "password": PASSWORD}
        ),
        "profile": client.post("/api/tables", json={"profile": f"russian{char}"}, headers=headers),
        "client_seed": client.post(
            "/api/fair/verify",
            json={"server_seed": "ab" * 16, "client_seed": char, "commitment": "0" * 64},
        ),
    }
    for field, answer in answers.items():
        assert answer.status_code == 422, (field, answer.text)
        assert answer.json()["error"]["where"] == field


def test_lone_surrogate_is_refused_not_a_crash(client: TestClient) -> None:
    raw = '{"full_name": "A\\ud800", "birth_date": "1988-08-08", "document_type": "passport",'
    raw += ' "document_number": "4511 999999", "password": "long enough password"}'
    answer = client.post(
        "/api/register", content=raw.encode(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 422 and answer.json()["error"]["where"] == "full_name"


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        self.formatter = logging.Formatter("%(name)s %(message)s %(exc_text)s")

    def emit(self, record: logging.LogRecord) -> None:
        line = self.format(record)
        self.lines.append(line + " " + " ".join(f"{k}={v}" for k, v in record.__dict__.items()))


@pytest.fixture
def records() -> Iterator[Records]:
    handler = Records()
    root = logging.getLogger()
    loggers = [root, logging.getLogger("croupier.server"), logging.getLogger("croupier.casino")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        lg.setLevel(logging.DEBUG)
    yield handler
    for lg, level in zip(loggers, levels, strict=True):
        lg.removeHandler(handler)
        lg.setLevel(level)


def test_no_log_line_of_a_failed_request_carries_a_hash_document_or_birth_date(
    dialect_client: TestClient, records: Records
) -> None:
    # The attack's NUL gave a 500 on PostgreSQL, its traceback carrying the hash and more.
    client = dialect_client
    ok = client.post("/api/register", json=_registration(document_number="4512 777777"))
    assert ok.status_code == 201
    card = ok.json()["card_number"]
    state = client.app.state.croupier  # type: ignore[attr-defined]
    with state.casino.store.read() as session:
        stored_hash = session.scalars(select(Person.password_hash)).one()
    failing = [
        _registration(full_name="Vera\x00Nulova", document_number="4512 888888"),
        _registration(document_number="4512 777777"),  # taken: refused, staff told
        _registration(birth_date="1850-01-01", document_number="4512 888889"),
        _registration(birth_date="2020-01-01", document_number="4512 888890"),  # a minor
    ]
    for body in failing:
        assert client.post("/api/register", json=body).status_code >= 400
    for _ in range(4):
        client.post("/api/login", json={"card_number": card, "password": "wrong\x00pass"})
        client.post("/api/login", json={"card_number": card, "password": "wrong password"})
    secrets = [stored_hash, stored_hash.split("$")[-1], "4512777777", "4512 777777", "1988-08-08"]
    secrets += ["4512888888", "1850-01-01", "2020-01-01", "Vera\x00Nulova"]
    assert records.lines, "the failed requests logged nothing at all?"
    for line in records.lines:
        for secret in secrets:
            assert secret not in line, f"{secret!r} in log line {line[:300]!r}"


def test_the_database_engine_hides_statement_parameters(dialect_client: TestClient) -> None:
    state = dialect_client.app.state.croupier  # type: ignore[attr-defined]
    assert state.casino.store.engine.hide_parameters


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"period_days": True, "amount": 100}, "period_days"),
        ({"period_days": 1.0, "amount": 100}, "period_days"),
        ({"period_days": "1", "amount": 100}, "period_days"),
        ({"period_days": 2, "amount": 100}, "period_days"),
        ({"period_days": 1, "amount": True}, "amount"),
    ],
)
def test_limits_take_whole_numbers_only_never_booleans(
    client: TestClient, player: Make, body: dict[str, Any], where: str
) -> None:
    _card, headers = player()
    answer = client.put("/api/limits/deposit", json=body, headers=headers)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["where"].startswith(where)


@pytest.mark.parametrize(("born", "status"), [("1899-12-31", 422), ("1900-01-01", 201)])
def test_birth_dates_before_1900_are_refused(client: TestClient, born: str, status: int) -> None:
    answer = client.post("/api/register", json=_registration(birth_date=born))
    assert answer.status_code == status, answer.text
    if status == 422:
        assert "before 1900" in answer.json()["error"]["message"]


@pytest.mark.parametrize("born", [0, 631152000, True])
def test_birth_date_is_text_never_a_number(client: TestClient, born: Any) -> None:
    answer = client.post("/api/register", json=_registration(birth_date=born))
    assert answer.status_code == 422 and answer.json()["error"]["where"] == "birth_date"


def test_a_good_registration_still_logs_in(client: TestClient) -> None:
    answer = client.post("/api/register", json=_registration(full_name="Ольга Ёлкина"))
    assert answer.status_code == 201
    assert login(client, answer.json()["card_number"])


def test_the_attack_a_nul_in_full_name_is_a_422_on_each_database(
    dialect_client: TestClient,
) -> None:
    """Issue 12, finding 4: PostgreSQL refuses NUL in text, so it was a 500 there."""
    answer = dialect_client.post("/api/register", json=_registration(full_name="Vera\x00Nulova"))
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["where"] == "full_name"
    state = dialect_client.app.state.croupier  # type: ignore[attr-defined]
    with state.casino.store.read() as session:
        assert session.scalars(select(Person)).first() is None
