"""Migration 0004: free-text identity documents become listed types and normal-form
numbers; a row it cannot place, or two cards on one document, stops it before
anything changes (a manager decides those by hand)."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from croupier.store import Store, upgrade
from croupier.store.migrate import current_revision, downgrade, head_revision

INSERT = text(
    "INSERT INTO people (card_number, role, full_name, birth_date, document_type, "
    "document_number, password_hash, registered_at, failed_logins) "
    "VALUES (:card, 'player', 'Someone', :born, :kind, :number, 'x', :at, 0)"
)


def _people_at_0003(store: Store, rows: list[tuple[str, str, str]]) -> None:
    downgrade(store, "0003")
    with store.engine.begin() as connection:
        for card, kind, number in rows:
            connection.execute(
                INSERT,
                {
                    "card": card,
                    "born": date(1990, 1, 1),
                    "kind": kind,
                    "number": number,
                    "at": datetime(2026, 1, 1),
                },
            )


def _documents(store: Store) -> dict[str, tuple[str, str]]:
    with store.engine.connect() as connection:
        rows = connection.execute(
            text("SELECT card_number, document_type, document_number FROM people")
        ).all()
    return {card: (kind, number) for card, kind, number in rows}


def test_migration_0004_rewrites_free_text_documents_to_listed_types(store: Store) -> None:
    _people_at_0003(
        store,
        [
            ("1", "passport", "4509 123456"),
            ("2", "Internal passport", "4510-654321"),
            ("3", "водительское удостоверение", "77 ав 123456"),
            ("4", "driving licence", "78AB000001"),
            ("5", "military id", "АБ 1234567"),
        ],
    )
    assert upgrade(store) == head_revision()
    assert _documents(store) == {
        "1": ("passport", "4509123456"),
        "2": ("passport", "4510654321"),
        "3": ("driving_licence", "77AB123456"),
        "4": ("driving_licence", "78AB000001"),
        "5": ("military_id", "AБ1234567"),
    }


def test_migration_0004_schema_refuses_an_unlisted_document_type(store: Store) -> None:
    with pytest.raises(IntegrityError), store.engine.begin() as connection:
        connection.execute(
            INSERT,
            {
                "card": "9",
                "born": date(1990, 1, 1),
                "kind": "pasport",
                "number": "1",
                "at": datetime(2026, 1, 1),
            },
        )


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (
            [("1", "passport", "4509 123456"), ("2", "passport.", "4509-123456")],
            r"One document, several cards: passport 4509123456: cards 1, 2",
        ),
        (
            [("1", "passport", "4509 123456"), ("2", "birth certificate", "II-МЮ 123")],
            r"Types not among passport, .*card 2: 'birth certificate'",
        ),
    ],
)
def test_migration_0004_stops_unchanged_on_documents_it_cannot_decide(
    store: Store, rows: list[tuple[str, str, str]], message: str
) -> None:
    _people_at_0003(store, rows)
    before = _documents(store)
    with pytest.raises(RuntimeError, match=message):
        upgrade(store)
    assert current_revision(store) == "0003"
    assert _documents(store) == before
