"""Idempotent client commands: a repeated key replays the first answer.

Every money command carries a key chosen by the client. The key is written
*first* in the command's database transaction, so a concurrent repeat waits
on it (PostgreSQL's unique index; SQLite's single writer) instead of racing
ahead and, say, failing for want of the chips the first one just moved.
A repeat with the same request gets the stored answer and posts nothing; the
same key with a different request is a :class:`Conflict`.

The record is written with SQLAlchemy Core statements run on the driver's cursor
(:mod:`croupier.store.hot`), not the ORM: it is on the path of every decision at a
table, and the ORM's unit of work cost more than the rest of the record's work together.
The first attempt inserts the key straight away (a repeat is rare): a key that is there
already fails that insert, and the next attempt reads the record first and replays it.

>>> fingerprint("buy", {"card": "4111111111111111", "amount": 500}) == fingerprint(
...     "buy", {"amount": 500, "card": "4111111111111111"})
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from croupier.casino.errors import BadInput, Conflict
from croupier.store.db import Store
from croupier.store.hot import Hot
from croupier.store.models import IdempotencyRecord, table_of

JSON = dict[str, Any]
MAX_KEY = 128
# Retries after losing a race (a unique key, a freshly created account) or a
# deadlock the database broke: each retry starts from a clean transaction.
ATTEMPTS = 8

_RECORDS = table_of(IdempotencyRecord)
_FIND = Hot(
    select(_RECORDS.c.operation, _RECORDS.c.request_hash, _RECORDS.c.result).where(
        _RECORDS.c.key == bindparam("key")
    )
)
_INSERT = Hot(insert(_RECORDS))
_ANSWER = Hot(
    update(_RECORDS)
    .where(_RECORDS.c.key == bindparam("record_key"))
    .values(result=bindparam("result"), transaction_id=bindparam("transaction_id"))
)


def fingerprint(operation: str, request: Mapping[str, Any]) -> str:
    canonical = json.dumps(
        {"operation": operation, "request": request}, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_key(key: object) -> str:
    if not isinstance(key, str) or not key.strip():
        raise BadInput(f"idempotency key must be non-empty text, got {key!r}")
    if len(key) > MAX_KEY:
        raise BadInput(f"idempotency key is longer than {MAX_KEY} characters")
    return key


def _is_retryable(error: OperationalError) -> bool:
    code = getattr(error.orig, "sqlstate", None)
    return code in {"40001", "40P01"}  # serialization failure, deadlock detected


def run_once(
    store: Store,
    key: object,
    operation: str,
    request: Mapping[str, Any],
    body: Callable[[Session], JSON],
    *,
    expected: JSON | None = None,
) -> tuple[JSON, bool]:
    """Run ``body`` in a write transaction unless ``key`` ran before.

    Returns the answer and whether it is a replay of an earlier one. ``expected``: the
    answer the body will give when known beforehand (a decision answers with the round
    it names), written with the key at once; only a different answer is written again.
    """
    key = check_key(key)
    digest = fingerprint(operation, request)
    for attempt in range(ATTEMPTS):
        try:
            with store.write() as session:
                if attempt:  # the key may be there: a repeat, or a race lost to one
                    found = _FIND.first(session, {"key": key})
                    if found is not None:
                        if found.operation != operation or found.request_hash != digest:
                            raise Conflict(
                                f"idempotency key {key!r} was already used for a different "
                                f"{found.operation} request",
                                "idempotency_key_reused",
                            )
                        return dict(found.result), True
                record_answer(session, store, key, operation, digest, expected or {})
                answer = body(session)
                if expected is not None and answer == expected:
                    return answer, False
                _ANSWER.rows(
                    session,
                    {
                        "record_key": key,
                        "result": answer,
                        "transaction_id": answer.get("transaction_id"),
                    },
                )
                return answer, False
        except IntegrityError:
            if attempt == ATTEMPTS - 1:
                raise
        except OperationalError as error:
            if attempt == ATTEMPTS - 1 or not _is_retryable(error):
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def earlier_answer(store: Store, key: object, operation: str) -> JSON | None:
    """The stored answer of ``key`` if it ran as ``operation``, else ``None``: where a
    repeat must find the round its first attempt named (a decision whose answer was
    lost with its socket while the round ended), before it can be replayed."""
    with store.glance() as connection:
        found = _FIND.first(connection, {"key": check_key(key)})
    return None if found is None or found.operation != operation else dict(found.result)


def record_answer(
    session: Session, store: Store, key: str, operation: str, digest: str, answer: JSON
) -> None:
    """Write ``key``'s record (``digest``: the request's :func:`fingerprint`) with its
    answer in ``session``'s transaction; a key that is there already raises
    :class:`~sqlalchemy.exc.IntegrityError`."""
    _INSERT.rows(
        session,
        {
            "key": key,
            "operation": operation,
            "request_hash": digest,
            "result": answer,
            "transaction_id": answer.get("transaction_id"),
            "created_at": store.now(),
        },
    )
