"""The store: default location, migrations, time zones, and what the schema itself refuses."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import insert, inspect, select, text
from sqlalchemy.exc import IntegrityError, StatementError

import croupier.store
from croupier.store import Store, database_url, open_store, upgrade
from croupier.store.migrate import current_revision, downgrade, head_revision
from croupier.store.models import Account, Round

TABLES = {
    "people",
    "sessions",
    "deposit_limits",
    "rounds",
    "accounts",
    "ledger_transactions",
    "postings",
    "idempotency_keys",
}


def test_default_database_is_a_sqlite_file_under_var(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("CROUPIER_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    assert database_url() == "sqlite:///var/croupier.sqlite3"
    store = open_store()
    try:
        assert (tmp_path / "var" / "croupier.sqlite3").is_file()
        assert current_revision(store) == head_revision()
    finally:
        store.dispose()


def test_database_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROUPIER_DATABASE_URL", "postgresql+psycopg://casino@db/croupier")
    assert database_url() == "postgresql+psycopg://casino@db/croupier"
    assert database_url("sqlite:///elsewhere.sqlite3") == "sqlite:///elsewhere.sqlite3"


def newest_migration_file() -> str:
    """The revision of the newest file in the shipped migrations folder."""
    folder = Path(croupier.store.__file__).parent / "migrations" / "versions"
    return max(f.name.split("_", 1)[0] for f in folder.glob("[0-9][0-9][0-9][0-9]_*.py"))


def test_upgrade_brings_the_database_to_head_and_is_repeatable(store: Store) -> None:
    assert current_revision(store) == head_revision() == newest_migration_file()
    assert set(inspect(store.engine).get_table_names()) >= TABLES
    assert upgrade(store) == head_revision()


def test_downgrade_to_base_and_upgrade_again(store: Store) -> None:
    assert downgrade(store, "base") is None
    assert not TABLES & set(inspect(store.engine).get_table_names())
    assert upgrade(store) == head_revision()
    assert set(inspect(store.engine).get_table_names()) >= TABLES


def test_times_are_stored_in_utc_and_come_back_aware(store: Store) -> None:
    moscow = timezone(timedelta(hours=3))
    opened = datetime(2026, 11, 29, 23, 30, tzinfo=moscow)
    with store.write() as session:
        session.add(Round(id="r1", currency="RUB", status="open", opened_at=opened))
    with store.read() as session:
        back = session.scalars(select(Round.opened_at)).one()
    assert back == opened
    assert back.tzinfo == UTC
    assert back.hour == 20


def test_naive_times_are_refused(store: Store) -> None:
    naive = insert(Round).values(
        id="r1", currency="RUB", status="open", opened_at=datetime(2026, 1, 1)
    )
    with pytest.raises(StatementError, match="naive datetime"), store.write() as session:
        session.execute(naive)
    with store.read() as session:
        assert session.scalars(select(Round)).all() == []


def _player_account(store: Store) -> None:
    with store.write() as session:
        session.add(
            Account(
                code="player:x:RUB",
                kind="player",
                currency="RUB",
                sign=1,
                may_go_negative=False,
                balance=0,
            )
        )


def test_schema_refuses_a_negative_player_balance(store: Store) -> None:
    _player_account(store)
    with pytest.raises(IntegrityError), store.write() as session:
        session.execute(text("UPDATE accounts SET balance = -1 WHERE code = 'player:x:RUB'"))
    with store.read() as session:
        assert session.scalars(select(Account.balance)).one() == 0


def test_schema_refuses_a_zero_posting(store: Store) -> None:
    _player_account(store)
    with store.write() as session:
        session.execute(
            text(
                "INSERT INTO ledger_transactions (id, kind, currency, created_at, memo) "
                "VALUES (1, 'buy', 'RUB', '2026-01-01 00:00:00', '')"
            )
        )
    with pytest.raises(IntegrityError), store.write() as session:
        session.execute(
            text(
                "INSERT INTO postings (transaction_id, account_id, amount, memo) "
                "SELECT 1, id, 0, '' FROM accounts"
            )
        )


def test_people_are_found_by_date_of_birth_through_an_index(store: Store) -> None:
    # Exclusion and limits bind a person (name + date of birth): every purchase looks
    # up the person's cards by date of birth (migration 0006).
    indexes = inspect(store.engine).get_indexes("people")
    assert any(ix["column_names"] == ["birth_date"] for ix in indexes)


def test_a_failed_statement_never_shows_its_values(store: Store) -> None:
    # Issue 12, finding 4: a failed INSERT's message (logged with the traceback) carried
    # the argon2 hash, the document number and the date of birth.
    from datetime import date

    from sqlalchemy.exc import DBAPIError

    from croupier.store.models import Person

    row = {
        "card_number": "7000000000000001",
        "role": "player",
        "full_name": "Vera Secret",
        "birth_date": date(1977, 7, 7),
        "document_type": "passport",
        "document_number": "SECRETDOC123",
        "password_hash": "$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0c2FsdA$SECRETHASH",
        "registered_at": datetime(2026, 1, 1, tzinfo=UTC),
        "failed_logins": 0,
    }
    with store.write() as session:
        session.execute(insert(Person).values(**row))
    with pytest.raises(DBAPIError) as failed, store.write() as session:
        session.execute(insert(Person).values(**row))  # the same card number again
    message = str(failed.value)
    assert "hidden due to hide_parameters" in message
    for secret in ("SECRETDOC123", "SECRETHASH", "1977-07-07", "Vera Secret"):
        assert secret not in message
