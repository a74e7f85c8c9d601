"""Identity documents from a fixed list of types, numbers in one normal form.

Before this release the document type was free text, so "passport." and
"pasport" registered the same passport twice (a self-excluded player's way
back in). Existing rows are rewritten: each type by the names people used for
it, each number without separators, upper case, Cyrillic look-alikes as Latin
letters; then a CHECK keeps the column to the list. A type nobody can place, or
two cards left on one document, stops the upgrade before anything is changed,
naming the cards: a manager must decide those by hand (which card the
self-exclusion and the limits belong to is not a migration's call).

The lists here are frozen copies: this migration must do tomorrow what it
does today, whatever the application code becomes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TYPES = (
    "passport",
    "foreign_passport",
    "id_card",
    "driving_licence",
    "residence_permit",
    "military_id",
)
# Free-text names seen for each type, compared without case, punctuation or spaces.
ALIASES = {
    "passport": "passport",
    "pasport": "passport",
    "pass": "passport",
    "internalpassport": "passport",
    "russianpassport": "passport",
    "паспорт": "passport",
    "паспортрф": "passport",
    "внутреннийпаспорт": "passport",
    "foreignpassport": "foreign_passport",
    "internationalpassport": "foreign_passport",
    "travelpassport": "foreign_passport",
    "загранпаспорт": "foreign_passport",
    "заграничныйпаспорт": "foreign_passport",
    "idcard": "id_card",
    "id": "id_card",
    "nationalid": "id_card",
    "identitycard": "id_card",
    "drivinglicence": "driving_licence",
    "drivinglicense": "driving_licence",
    "driverslicence": "driving_licence",
    "driverslicense": "driving_licence",
    "водительскоеудостоверение": "driving_licence",
    "residencepermit": "residence_permit",
    "виднажительство": "residence_permit",
    "militaryid": "military_id",
    "военныйбилет": "military_id",
}
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015\u2212./\\№#]+")
_LOOKALIKE = str.maketrans("АВЕКМНОРСТУХ", "ABEKMHOPCTYX")


def _type_of(text: str) -> str | None:
    key = re.sub(r"[\W_]+", "", unicodedata.normalize("NFKC", text).lower())
    return ALIASES.get(key)


def _number_of(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).upper().translate(_LOOKALIKE)
    return _SEPARATORS.sub("", folded)


def upgrade() -> None:
    people = sa.table(
        "people",
        sa.column("id", sa.Integer()),
        sa.column("card_number", sa.String()),
        sa.column("document_type", sa.String()),
        sa.column("document_number", sa.String()),
    )
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(
            people.c.id, people.c.card_number, people.c.document_type, people.c.document_number
        )
    ).all()
    unknown: list[str] = []
    holders: dict[tuple[str, str], list[str]] = {}
    changes: list[tuple[int, str, str]] = []
    for row in rows:
        kind = _type_of(row.document_type)
        number = _number_of(row.document_number)
        if kind is None:
            unknown.append(f"card {row.card_number}: {row.document_type!r}")
            continue
        holders.setdefault((kind, number), []).append(row.card_number)
        if (kind, number) != (row.document_type, row.document_number):
            changes.append((row.id, kind, number))
    shared = [
        f"{kind} {number}: cards {', '.join(cards)}"
        for (kind, number), cards in holders.items()
        if len(cards) > 1
    ]
    if unknown or shared:
        raise RuntimeError(
            "migration 0004 (identity document types) changed nothing; fix these by hand first."
            + (
                f" Types not among {', '.join(TYPES)}: " + "; ".join(unknown) + "."
                if unknown
                else ""
            )
            + (" One document, several cards: " + "; ".join(shared) + "." if shared else "")
        )
    for person_id, kind, number in changes:
        bind.execute(
            people.update()
            .where(people.c.id == person_id)
            .values(document_type=kind, document_number=number)
        )
    allowed = ", ".join(f"'{t}'" for t in TYPES)
    with op.batch_alter_table("people") as batch:
        batch.create_check_constraint("document_type", f"document_type IN ({allowed})")


def downgrade() -> None:
    # The normalised values are valid free text: only the constraint goes.
    with op.batch_alter_table("people") as batch:
        batch.drop_constraint(op.f("ck_people_document_type"), type_="check")
