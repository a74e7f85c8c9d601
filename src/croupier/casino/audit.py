"""``croupier audit``: check the whole ledger from its postings up.

The checks, each reported with the rows at fault:

1. every transaction is balanced: its postings sum to zero;
2. every posting is in its transaction's currency;
3. every account's cached balance equals ``sign * sum(its postings)``;
4. no player's chips and no hold is below zero (by postings or by cache);
5. every hold with chips in it belongs to a round that is still open;
6. every colour-chip account with chips in it belongs to an open colour stack
   (a player still at the roulette table) and holds a whole number of its chips;
7. the conservation identity, per currency, all from postings:

       player chips + holds (chips in play) + colour chips + house bank
           = chips sold - chips cashed out
           = cash desk balance

   where *chips sold* is everything credited to players by ``buy``
   transactions and *chips cashed out* everything debited by ``cash_out``
   ones. Since only the cashier creates or destroys chips, any other
   leak (a settlement that pays out more than it takes from the hold and
   the house, a posting to a wrong account) breaks it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from croupier.store.db import Store
from croupier.store.models import (
    Account,
    AccountKind,
    LedgerTransaction,
    Posting,
    Round,
    RoundStatus,
    TxKind,
)
from croupier.store.round_models import ColourStack


@dataclass(frozen=True, slots=True)
class Totals:
    """The conservation figures of one currency."""

    currency: str
    players: int = 0
    holds: int = 0
    colour: int = 0
    house: int = 0
    cash: int = 0
    sold: int = 0
    cashed_out: int = 0

    @property
    def outstanding(self) -> int:
        return self.sold - self.cashed_out

    @property
    def chips(self) -> int:
        """Every chip out of the cash desk, wherever it is now."""
        return self.players + self.holds + self.colour + self.house

    @property
    def parts(self) -> str:
        """Where the chips are, in words (colour chips named only where there are some)."""
        colour = f" + colour chips {self.colour}" if self.colour else ""
        return f"players {self.players} + in play {self.holds}{colour} + house {self.house}"


@dataclass(frozen=True, slots=True)
class AuditReport:
    problems: tuple[str, ...]
    totals: tuple[Totals, ...] = ()
    transactions: int = 0
    postings: int = 0
    accounts: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        lines = [
            f"{self.transactions} transactions, {self.postings} postings, "
            f"{self.accounts} accounts checked"
        ]
        for t in self.totals:
            lines.append(
                f"{t.currency}: {t.parts} = {t.chips}; sold {t.sold} - cashed out "
                f"{t.cashed_out} = {t.outstanding}; cash desk {t.cash}"
            )
        lines += [f"PROBLEM: {p}" for p in self.problems] or ["OK: every check passed"]
        return "\n".join(lines)


@dataclass
class _Tally:
    by_kind: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sold: int = 0
    cashed_out: int = 0


def _posting_sums(session: Session) -> dict[int, int]:
    rows = session.execute(
        select(Posting.account_id, func.sum(Posting.amount)).group_by(Posting.account_id)
    )
    return {account_id: int(total) for account_id, total in rows}


def _colour_problems(
    session: Session, accounts: dict[int, Account], sums: dict[int, int]
) -> list[str]:
    """Colour chips only at a table where their player still has an open stack, and
    always a whole number of that stack's chips."""
    problems: list[str] = []
    open_stacks = {
        stack.account_id: stack
        for stack in session.scalars(select(ColourStack).where(ColourStack.closed_at.is_(None)))
    }
    for account in accounts.values():
        if account.kind != AccountKind.COLOUR.value:
            continue
        held = account.sign * sums.get(account.id, 0)
        stack = open_stacks.get(account.id)
        if stack is None:
            if held:
                problems.append(f"colour account {account.code} holds {held} with no open stack")
        elif held % stack.value:
            problems.append(
                f"colour account {account.code} holds {held}, not a whole number of "
                f"chips worth {stack.value}"
            )
    return problems


def audit(store: Store) -> AuditReport:
    """Run every check in one read transaction (a consistent snapshot)."""
    problems: list[str] = []
    with store.snapshot() as session:
        n_tx = session.scalar(select(func.count()).select_from(LedgerTransaction)) or 0
        n_postings = session.scalar(select(func.count()).select_from(Posting)) or 0
        for tx_id, total in session.execute(
            select(Posting.transaction_id, func.sum(Posting.amount))
            .group_by(Posting.transaction_id)
            .having(func.sum(Posting.amount) != 0)
        ):
            problems.append(f"transaction {tx_id} is unbalanced: its postings sum to {total}")
        for posting_id, tx_id, code, tx_currency in session.execute(
            select(Posting.id, LedgerTransaction.id, Account.code, LedgerTransaction.currency)
            .join(LedgerTransaction, LedgerTransaction.id == Posting.transaction_id)
            .join(Account, Account.id == Posting.account_id)
            .where(Account.currency != LedgerTransaction.currency)
        ):
            problems.append(
                f"posting {posting_id} of transaction {tx_id} ({tx_currency}) "
                f"moves {code} in another currency"
            )

        sums = _posting_sums(session)
        open_rounds = set(
            session.scalars(select(Round.id).where(Round.status == RoundStatus.OPEN.value))
        )
        tallies: dict[str, _Tally] = defaultdict(_Tally)
        accounts = list(session.scalars(select(Account).order_by(Account.id)))
        for account in accounts:
            by_postings = account.sign * sums.get(account.id, 0)
            if by_postings != account.balance:
                problems.append(
                    f"account {account.code}: cached balance {account.balance} but its "
                    f"postings give {by_postings}"
                )
            players_money = account.kind in (
                AccountKind.PLAYER.value,
                AccountKind.HOLD.value,
                AccountKind.COLOUR.value,
            )
            lowest = min(by_postings, account.balance)
            if lowest < 0 and (players_money or not account.may_go_negative):
                problems.append(f"account {account.code} is negative: {lowest}")
            if account.kind == AccountKind.HOLD.value and by_postings:
                if account.round_id is None:
                    problems.append(f"hold {account.code} holds {by_postings} for no round")
                elif account.round_id not in open_rounds:
                    problems.append(
                        f"hold {account.code} holds {by_postings} for round "
                        f"{account.round_id}, which is not open"
                    )
            tallies[account.currency].by_kind[account.kind] += by_postings
        problems += _colour_problems(session, {a.id: a for a in accounts}, sums)

        for currency, kind, total in session.execute(
            select(LedgerTransaction.currency, LedgerTransaction.kind, func.sum(Posting.amount))
            .join(Posting, Posting.transaction_id == LedgerTransaction.id)
            .join(Account, Account.id == Posting.account_id)
            .where(
                Account.kind == AccountKind.PLAYER.value,
                LedgerTransaction.kind.in_([TxKind.BUY.value, TxKind.CASH_OUT.value]),
            )
            .group_by(LedgerTransaction.currency, LedgerTransaction.kind)
        ):
            if kind == TxKind.BUY.value:
                tallies[currency].sold += int(total)
            else:
                tallies[currency].cashed_out -= int(total)

    totals = []
    for currency, tally in sorted(tallies.items()):
        t = Totals(
            currency,
            players=tally.by_kind[AccountKind.PLAYER.value],
            holds=tally.by_kind[AccountKind.HOLD.value],
            colour=tally.by_kind[AccountKind.COLOUR.value],
            house=tally.by_kind[AccountKind.HOUSE.value],
            cash=tally.by_kind[AccountKind.CASH.value],
            sold=tally.sold,
            cashed_out=tally.cashed_out,
        )
        totals.append(t)
        if t.chips != t.outstanding:
            problems.append(
                f"{currency}: chips do not add up: {t.parts} = {t.chips}, but sold {t.sold} "
                f"- cashed out {t.cashed_out} = {t.outstanding}"
            )
        if t.cash != t.outstanding:
            problems.append(
                f"{currency}: the cash desk shows {t.cash} but sold - cashed out = {t.outstanding}"
            )
    return AuditReport(tuple(problems), tuple(totals), n_tx, n_postings, len(accounts))
