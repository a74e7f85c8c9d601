"""The double-entry core: accounts and balanced, append-only transactions.

Every movement of chips is one :func:`post`: a list of postings that sum to
zero, written with the accounts' cached balances in the same database
transaction, after locking those accounts (in id order, so two movements
never wait on each other in a circle). An account that may not go negative
(a player's chips, a round's hold) is checked there, under the lock, so two
concurrent stakes cannot both spend the same chips.

Accounts are named by a stable code: ``house:RUB``, ``cash:RUB``,
``player:<card>:RUB``, ``hold:<round>:<card>:RUB``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, literal, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlalchemy.sql.elements import ClauseElement, ColumnElement

from croupier.casino.errors import BadInput, InsufficientFunds
from croupier.store.db import Store
from croupier.store.hot import Hot, in_list, in_params, loaded
from croupier.store.models import (
    Account,
    AccountKind,
    LedgerTransaction,
    Person,
    Posting,
    TxKind,
    table_of,
)

DEFAULT_CURRENCY = "RUB"


def check_currency(currency: object) -> str:
    """A three-letter ISO 4217 code such as ``RUB``."""
    if not (
        isinstance(currency, str)
        and len(currency) == 3
        and currency.isascii()
        and currency.isalpha()
        and currency.isupper()
    ):
        raise BadInput(f"currency must be a three-letter code like 'RUB', got {currency!r}")
    return currency


def account_code(
    kind: AccountKind, currency: str, card: str | None = None, round_id: str | None = None
) -> str:
    """
    >>> account_code(AccountKind.HOLD, "RUB", "4111111111111111", "t1-r7")
    'hold:t1-r7:4111111111111111:RUB'
    """
    parts = [kind.value, *([round_id] if round_id else []), *([card] if card else []), currency]
    return ":".join(parts)


def describe(account: Account) -> str:
    names = {
        AccountKind.PLAYER.value: "the chips of card",
        AccountKind.HOLD.value: "the hold of card",
        AccountKind.HOUSE.value: "the house bank",
        AccountKind.CASH.value: "the cash desk",
    }
    return f"{names.get(account.kind, account.kind)} ({account.code})"


_ACCOUNTS = table_of(Account)
_FIND_ACCOUNT = Hot(select(_ACCOUNTS).where(_ACCOUNTS.c.code == bindparam("code")))
_NEW_ACCOUNT = Hot(insert(_ACCOUNTS).returning(_ACCOUNTS.c.id))


def ensure_account(
    session: Session,
    kind: AccountKind,
    currency: str,
    person: Person | None = None,
    round_id: str | None = None,
) -> Account:
    """The account, created (empty) the first time it is needed.

    Read (and made) with SQLAlchemy Core: every stake needs two of them. The object
    returned carries the row's values and is not one the session tracks; balances
    move only through :func:`post`, which tells it (and any copy the session has).
    """
    code = account_code(kind, currency, person.card_number if person else None, round_id)
    found = _FIND_ACCOUNT.first(session, {"code": code})
    if found is not None:
        return loaded(Account, found._asdict())
    return _new_account(session, code, kind, currency, person, round_id)


# An account wanted by :func:`locked_accounts`: its kind, currency, holder and round.
Wanted = tuple[AccountKind, str, Person | None, str | None]


def _accounts(*, with_holds: bool, locked: bool) -> Callable[[int], Hot]:
    """The accounts of some codes (and the holds of a round), in id order: the order
    every transaction locks them in, so two transactions never deadlock."""

    def make(codes: Any) -> ClauseElement:
        wanted: ColumnElement[bool] = _ACCOUNTS.c.code.in_(codes)
        if with_holds:
            of_round = (_ACCOUNTS.c.round_id == bindparam("holds_of")) & (_ACCOUNTS.c.kind == _HOLD)
            wanted = wanted | of_round
        query = select(_ACCOUNTS).where(wanted).order_by(_ACCOUNTS.c.id)
        return query.with_for_update() if locked else query

    return in_list(make)


_HOLD = literal(AccountKind.HOLD.value)
_BY_CODES = _accounts(with_holds=False, locked=False)
_BY_CODES_LOCKED = _accounts(with_holds=False, locked=True)
_WITH_HOLDS = _accounts(with_holds=True, locked=False)
_WITH_HOLDS_LOCKED = _accounts(with_holds=True, locked=True)


def locked_accounts(session: Session, store: Store, wanted: Sequence[Wanted]) -> list[Account]:
    """The ``wanted`` accounts (made, empty, when missing) in one read, locked in id order,
    each carrying its balance as locked: :func:`post` with ``locked=True`` moves them
    without reading them again (a stake's chips and hold: one statement, not three)."""
    return locked_with_holds(session, store, wanted)[0]


def locked_with_holds(
    session: Session, store: Store, wanted: Sequence[Wanted], holds_of: str | None = None
) -> tuple[list[Account], list[Account]]:
    """:func:`locked_accounts`, and with ``holds_of`` every hold of that round too, by id,
    in the same read and lock (a settlement: the house, the players' chips and the holds)."""
    codes = [
        account_code(kind, currency, person.card_number if person else None, round_id)
        for kind, currency, person, round_id in wanted
    ]
    unique = sorted(set(codes))
    locking = store.dialect != "sqlite"
    if holds_of is None:
        statement = (_BY_CODES_LOCKED if locking else _BY_CODES)(len(unique))
        rows = statement.rows(session, in_params(unique))
    else:
        statement = (_WITH_HOLDS_LOCKED if locking else _WITH_HOLDS)(len(unique))
        rows = statement.rows(session, in_params(unique, holds_of=holds_of))
    read = [loaded(Account, row._asdict()) for row in rows]
    found = {account.code: account for account in read}
    holds = [a for a in read if a.kind == AccountKind.HOLD.value and a.round_id == holds_of]
    accounts = []
    for code, (kind, currency, person, round_id) in zip(codes, wanted, strict=True):
        if code not in found:  # a new row: no one else sees it before the commit
            found[code] = _new_account(session, code, kind, currency, person, round_id)
        accounts.append(found[code])
    return accounts, holds


def _new_account(
    session: Session,
    code: str,
    kind: AccountKind,
    currency: str,
    person: Person | None,
    round_id: str | None,
) -> Account:
    casino_own = kind in (AccountKind.HOUSE, AccountKind.CASH)
    values = {
        "code": code,
        "kind": kind.value,
        "person_id": person.id if person else None,
        "round_id": round_id,
        "currency": currency,
        "sign": -1 if kind is AccountKind.CASH else 1,
        # The house bank shows the house's result, which is negative while
        # the house is losing; the cash desk then pays out of the vault.
        "may_go_negative": casino_own,
        "balance": 0,
    }
    session.flush()  # a round or person made through the session is a row first
    made = _NEW_ACCOUNT.scalar(session, values)
    return loaded(Account, {"id": int(made), **values})


@dataclass(frozen=True, slots=True)
class Line:
    """One posting to be made: chips into ``account`` (negative: out of it)."""

    account: Account
    amount: int
    memo: str = ""


_BALANCES = in_list(
    lambda ids: (
        select(_ACCOUNTS.c.id, _ACCOUNTS.c.balance)
        .where(_ACCOUNTS.c.id.in_(ids))
        .order_by(_ACCOUNTS.c.id)
    )
)
_BALANCES_LOCKED = in_list(
    lambda ids: (
        select(_ACCOUNTS.c.id, _ACCOUNTS.c.balance)
        .where(_ACCOUNTS.c.id.in_(ids))
        .order_by(_ACCOUNTS.c.id)
        .with_for_update()
    )
)
_MOVE = Hot(
    update(_ACCOUNTS)
    .where(_ACCOUNTS.c.id == bindparam("account"))
    .values(balance=_ACCOUNTS.c.balance + bindparam("delta"))
)
_TRANSACTIONS = table_of(LedgerTransaction)
_NEW_TRANSACTION = Hot(insert(_TRANSACTIONS).returning(_TRANSACTIONS.c.id))
_NEW_POSTINGS = Hot(insert(table_of(Posting)))


def post(
    session: Session,
    store: Store,
    *,
    kind: TxKind,
    currency: str,
    lines: Sequence[Line],
    now: datetime,
    person_id: int | None = None,
    round_id: str | None = None,
    memo: str = "",
    locked: bool = False,
) -> LedgerTransaction:
    """Write one balanced transaction and update the balances it moves.

    ``locked``: the accounts of ``lines`` came from :func:`locked_accounts` in this
    transaction (locked, their balances current), so they are not read again.

    Raises :class:`InsufficientFunds` (writing nothing; the caller's
    transaction rolls back) when an account that may not go negative would.

    Written with SQLAlchemy Core (every stake at a table posts; the ORM's unit of
    work cost several times the statements): the accounts' rows are locked and read
    in id order, checked, moved; the :class:`Account` objects of ``lines`` (and the
    session's own copies of them) are told their new balances. The transaction
    returned is a plain object carrying its id, not one the session tracks.
    """
    if sum(line.amount for line in lines) != 0:
        raise ValueError(f"{kind.value}: postings sum to {sum(li.amount for li in lines)}, not 0")
    delta: dict[int, int] = defaultdict(int)
    accounts: dict[int, Account] = {}
    for line in lines:
        if not isinstance(line.amount, int) or isinstance(line.amount, bool) or line.amount == 0:
            raise ValueError(f"{kind.value}: a posting of {line.amount!r} to {line.account.code}")
        if line.account.currency != currency:
            raise BadInput(
                f"{kind.value}: {describe(line.account)} is in {line.account.currency}, "
                f"not {currency}"
            )
        delta[line.account.id] += line.amount
        accounts[line.account.id] = line.account
    balances: dict[int, int]
    if locked or not delta:  # (no lines: a void with nothing held)
        balances = {account_id: account.balance for account_id, account in accounts.items()}
    else:
        statement = (_BALANCES if store.dialect == "sqlite" else _BALANCES_LOCKED)(len(delta))
        found = statement.rows(session, in_params(sorted(delta)))
        balances = {row.id: row.balance for row in found}
    moves = []
    for account_id in sorted(delta):
        account = accounts[account_id]
        moved = account.sign * delta[account_id]
        after = balances[account_id] + moved
        if after < 0 and not account.may_go_negative:
            raise InsufficientFunds(
                f"{kind.value} refused: {describe(account)} has {balances[account_id]}, "
                f"{-moved} needed",
                "insufficient_chips",
                have=balances[account_id],
                needed=-moved,
            )
        balances[account_id] = after
        moves.append({"account": account_id, "delta": moved})
    memo = memo[:200]
    made = _NEW_TRANSACTION.scalar(
        session,
        {
            "kind": kind.value,
            "currency": currency,
            "created_at": now,
            "person_id": person_id,
            "round_id": round_id,
            "memo": memo,
        },
    )
    transaction_id = int(made)
    if not lines:  # a void with nothing held: the transaction alone, for the record
        return _transaction(transaction_id, kind, currency, now, person_id, round_id, memo)
    _NEW_POSTINGS.many(
        session,
        [
            {
                "transaction_id": transaction_id,
                "account_id": line.account.id,
                "amount": line.amount,
                "memo": line.memo[:120],
            }
            for line in lines
        ],
    )
    _MOVE.many(session, moves)
    for account_id, account in accounts.items():
        _note_balance(session, account, balances[account_id])
    return _transaction(transaction_id, kind, currency, now, person_id, round_id, memo)


def _transaction(
    transaction_id: int,
    kind: TxKind,
    currency: str,
    now: datetime,
    person_id: int | None,
    round_id: str | None,
    memo: str,
) -> LedgerTransaction:
    return LedgerTransaction(
        id=transaction_id,
        kind=kind.value,
        currency=currency,
        created_at=now,
        person_id=person_id,
        round_id=round_id,
        memo=memo,
    )


def _note_balance(session: Session, account: Account, balance: int) -> None:
    """``account`` (and the session's own object for its row, if another) now shows
    ``balance``, as stored, without making the session write it again."""
    set_committed_value(account, "balance", balance)
    copy = session.identity_map.get(identity_key(Account, account.id))
    if copy is not None and copy is not account:
        set_committed_value(copy, "balance", balance)


def balance_of(session: Session, code: str) -> int:
    """The balance of the account with ``code`` (0 when it was never used)."""
    balance = session.scalars(select(Account.balance).where(Account.code == code)).one_or_none()
    return balance or 0
