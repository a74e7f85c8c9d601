"""Idempotent client commands: a repeated key replays the first answer.

Every money command carries a key chosen by the client. The key is written
*first* in the command's database transaction, so a concurrent repeat waits
on it (PostgreSQL's unique index; SQLite's single writer) instead of racing
ahead and, say, failing for want of the chips the first one just moved.
A repeat with the same request gets the stored answer and posts nothing; the
same key with a different request is a :class:`Conflict`.

>>> fingerprint("buy", {"card": "4111111111111111", "amount": 500}) == fingerprint(
...     "buy", {"amount": 500, "card": "4111111111111111"})
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from croupier.casino.errors import BadInput, Conflict
from croupier.store.db import Store
from croupier.store.models import IdempotencyRecord

JSON = dict[str, Any]
MAX_KEY = 128
# Retries after losing a race (a unique key, a freshly created account) or a
# deadlock the database broke: each retry starts from a clean transaction.
ATTEMPTS = 8


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
) -> tuple[JSON, bool]:
    """Run ``body`` in a write transaction unless ``key`` ran before.

    Returns the answer and whether it is a replay of an earlier one.
    """
    key = check_key(key)
    digest = fingerprint(operation, request)
    for attempt in range(ATTEMPTS):
        try:
            with store.write() as session:
                record = session.get(IdempotencyRecord, key)
                if record is not None:
                    if record.operation != operation or record.request_hash != digest:
                        raise Conflict(
                            f"idempotency key {key!r} was already used for a different "
                            f"{record.operation} request"
                        )
                    return dict(record.result), True
                record = IdempotencyRecord(
                    key=key,
                    operation=operation,
                    request_hash=digest,
                    result={},
                    created_at=store.now(),
                )
                session.add(record)
                session.flush()
                answer = body(session)
                record.result = answer
                record.transaction_id = answer.get("transaction_id")
                return answer, False
        except IntegrityError:
            if attempt == ATTEMPTS - 1:
                raise
        except OperationalError as error:
            if attempt == ATTEMPTS - 1 or not _is_retryable(error):
                raise
    raise AssertionError("unreachable")  # pragma: no cover
