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
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.casino.errors import BadInput, InsufficientFunds
from croupier.store.db import Store
from croupier.store.models import Account, AccountKind, LedgerTransaction, Person, Posting, TxKind

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


def ensure_account(
    session: Session,
    kind: AccountKind,
    currency: str,
    person: Person | None = None,
    round_id: str | None = None,
) -> Account:
    """The account, created (empty) the first time it is needed."""
    code = account_code(kind, currency, person.card_number if person else None, round_id)
    account = session.scalars(select(Account).where(Account.code == code)).one_or_none()
    if account is None:
        casino_own = kind in (AccountKind.HOUSE, AccountKind.CASH)
        account = Account(
            code=code,
            kind=kind.value,
            person_id=person.id if person else None,
            round_id=round_id,
            currency=currency,
            sign=-1 if kind is AccountKind.CASH else 1,
            # The house bank shows the house's result, which is negative while
            # the house is losing; the cash desk then pays out of the vault.
            may_go_negative=casino_own,
            balance=0,
        )
        session.add(account)
        session.flush()
    return account


@dataclass(frozen=True, slots=True)
class Line:
    """One posting to be made: chips into ``account`` (negative: out of it)."""

    account: Account
    amount: int
    memo: str = ""


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
) -> LedgerTransaction:
    """Write one balanced transaction and update the balances it moves.

    Raises :class:`InsufficientFunds` (writing nothing; the caller's
    transaction rolls back) when an account that may not go negative would.
    """
    if sum(line.amount for line in lines) != 0:
        raise ValueError(f"{kind.value}: postings sum to {sum(li.amount for li in lines)}, not 0")
    ids = sorted({line.account.id for line in lines})
    locked = {
        account.id: account
        for account in session.scalars(
            store.locked(
                select(Account).where(Account.id.in_(ids)).order_by(Account.id)
            ).execution_options(populate_existing=True)
        )
    }
    delta: dict[int, int] = defaultdict(int)
    for line in lines:
        if not isinstance(line.amount, int) or isinstance(line.amount, bool) or line.amount == 0:
            raise ValueError(f"{kind.value}: a posting of {line.amount!r} to {line.account.code}")
        if line.account.currency != currency:
            raise BadInput(
                f"{kind.value}: {describe(line.account)} is in {line.account.currency}, "
                f"not {currency}"
            )
        delta[line.account.id] += line.amount
    for account_id, moved in delta.items():
        account = locked[account_id]
        after = account.balance + account.sign * moved
        if after < 0 and not account.may_go_negative:
            raise InsufficientFunds(
                f"{kind.value} refused: {describe(account)} has {account.balance}, "
                f"{-account.sign * moved} needed"
            )
    transaction = LedgerTransaction(
        kind=kind.value,
        currency=currency,
        created_at=now,
        person_id=person_id,
        round_id=round_id,
        memo=memo[:200],
    )
    session.add(transaction)
    session.flush()
    session.add_all(
        Posting(
            transaction_id=transaction.id,
            account_id=line.account.id,
            amount=line.amount,
            memo=line.memo[:120],
        )
        for line in lines
    )
    for account_id, moved in delta.items():
        locked[account_id].balance += locked[account_id].sign * moved
    session.flush()
    return transaction


def balance_of(session: Session, code: str) -> int:
    """The balance of the account with ``code`` (0 when it was never used)."""
    balance = session.scalars(select(Account.balance).where(Account.code == code)).one_or_none()
    return balance or 0
