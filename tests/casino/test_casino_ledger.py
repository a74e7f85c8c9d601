"""The cash desk and the chip ledger: buy, cash out, stake, settle, void, idempotency."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from croupier.casino import (
    Casino,
    Conflict,
    InsufficientFunds,
    Profile,
    Refused,
    Role,
    RoundClosed,
    RoundStatus,
)
from croupier.games.base import Settlement
from croupier.store.models import LedgerTransaction, Posting

from .conftest import hold, open_round


def _posting_count(casino: Casino) -> int:
    with casino.store.read() as session:
        return session.scalar(select(func.count()).select_from(Posting)) or 0


def test_buy_chips_credits_the_player_and_the_cash_desk(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    receipt = casino.cashier.buy_chips("buy-1", ann.card_number, 50_000)
    assert receipt.balances == {ann.card_number: 50_000}
    assert casino.ledger.balance(ann.card_number) == 50_000
    assert casino.ledger.cash_balance() == 50_000
    assert not receipt.replayed


def test_cash_out_returns_chips_for_cash_up_to_the_balance(
    casino: Casino, new_player: Callable[..., Profile], snapshot: Callable[[], object]
) -> None:
    ann = new_player()
    casino.cashier.buy_chips("buy-1", ann.card_number, 50_000)
    assert casino.cashier.cash_out("out-1", ann.card_number, 20_000).balances == {
        ann.card_number: 30_000
    }
    before = snapshot()
    with pytest.raises(InsufficientFunds, match="has 30000, 30001 needed"):
        casino.cashier.cash_out("out-2", ann.card_number, 30_001)
    assert snapshot() == before
    assert casino.ledger.cash_balance() == 30_000


def test_staff_do_not_buy_chips(casino: Casino, new_player: Callable[..., Profile]) -> None:
    cashier = new_player("Pavel Cashier", role=Role.CASHIER)
    with pytest.raises(Refused, match="belongs to staff"):
        casino.cashier.buy_chips("buy-1", cashier.card_number, 1_000)


def test_stake_moves_chips_into_the_round_hold(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    casino.cashier.buy_chips("buy-1", ann.card_number, 10_000)
    open_round(casino, "r1")
    hold(casino, "r1", ann.card_number, 1_000, "ante")
    assert hold(casino, "r1", ann.card_number, 500, "exchange fee") == 8_500
    assert casino.ledger.holds("r1") == {ann.card_number: 1_500}


def test_stake_over_the_balance_is_refused_and_changes_nothing(
    casino: Casino, new_player: Callable[..., Profile], snapshot: Callable[[], object]
) -> None:
    ann = new_player()
    casino.cashier.buy_chips("buy-1", ann.card_number, 1_000)
    open_round(casino, "r1")
    before = snapshot()
    with pytest.raises(InsufficientFunds, match="stake refused: the chips of card"):
        hold(casino, "r1", ann.card_number, 1_001)
    assert snapshot() == before


def test_settle_posts_every_line_in_one_transaction(
    casino: Casino, new_player: Callable[..., Profile], settlement_of: Callable[..., Settlement]
) -> None:
    ann, bob = new_player("Ann"), new_player("Bob")
    for who in (ann, bob):
        casino.cashier.buy_chips(f"buy-{who.card_number}", who.card_number, 10_000)
    open_round(casino, "r1")
    hold(casino, "r1", ann.card_number, 1_000)
    hold(casino, "r1", ann.card_number, 2_000)
    hold(casino, "r1", bob.card_number, 1_000)
    hold(casino, "r1", bob.card_number, 100)
    transactions_before = _transaction_count(casino)
    # Ann wins 1:1 on ante and 2:1 on the bet; Bob loses his ante, his bonus pays 10:1.
    result = settlement_of(
        (1, ann.card_number, [("ante", 1_000, 2_000), ("bet", 2_000, 6_000)]),
        (2, bob.card_number, [("ante", 1_000, 0), ("bonus", 100, 1_100)]),
    )
    receipt = casino.ledger.settle("settle-r1", "r1", result)
    assert _transaction_count(casino) == transactions_before + 1
    assert receipt.balances == {ann.card_number: 7_000 + 8_000, bob.card_number: 8_900 + 1_100}
    assert casino.ledger.house_balance() == -result.returned + result.staked == -5_000
    assert casino.ledger.holds("r1") == {ann.card_number: 0, bob.card_number: 0}
    assert casino.ledger.round_status("r1") is RoundStatus.SETTLED
    with casino.store.read() as session:
        lines = session.scalars(
            select(Posting.memo).where(Posting.transaction_id == receipt.transaction_id)
        ).all()
    # Each non-zero staked and returned amount is two postings (out of one account, into another).
    assert len(lines) == 2 * (4 + 3)
    assert casino.audit().ok


def _transaction_count(casino: Casino) -> int:
    with casino.store.read() as session:
        return session.scalar(select(func.count()).select_from(LedgerTransaction)) or 0


def _round_with_stakes(casino: Casino, ann: Profile, *, ante: int = 1_000) -> None:
    casino.cashier.buy_chips("buy-1", ann.card_number, 10_000)
    open_round(casino, "r1")
    hold(casino, "r1", ann.card_number, ante)


def test_settle_must_stake_exactly_what_is_held(
    casino: Casino,
    new_player: Callable[..., Profile],
    snapshot: Callable[[], object],
    settlement_of: Callable[..., Settlement],
) -> None:
    ann = new_player()
    _round_with_stakes(casino, ann)
    before = snapshot()
    wrong = settlement_of((1, ann.card_number, [("ante", 900, 1_800)]))
    with pytest.raises(Refused, match="holds 1000 but the settlement stakes 900"):
        casino.ledger.settle("settle-r1", "r1", wrong)
    assert snapshot() == before


def test_settle_may_not_leave_out_a_hold(
    casino: Casino,
    new_player: Callable[..., Profile],
    snapshot: Callable[[], object],
    settlement_of: Callable[..., Settlement],
) -> None:
    ann, bob = new_player("Ann"), new_player("Bob")
    _round_with_stakes(casino, ann)
    casino.cashier.buy_chips("buy-2", bob.card_number, 1_000)
    hold(casino, "r1", bob.card_number, 1_000)
    before = snapshot()
    with pytest.raises(Refused, match="leaves out hold:r1:"):
        casino.ledger.settle(
            "settle", "r1", settlement_of((1, ann.card_number, [("ante", 1_000, 0)]))
        )
    assert snapshot() == before


def test_settle_a_round_only_once(
    casino: Casino,
    new_player: Callable[..., Profile],
    snapshot: Callable[[], object],
    settlement_of: Callable[..., Settlement],
) -> None:
    ann = new_player()
    _round_with_stakes(casino, ann)
    done = settlement_of((1, ann.card_number, [("ante", 1_000, 2_000)]))
    casino.ledger.settle("settle-1", "r1", done)
    before = snapshot()
    with pytest.raises(RoundClosed, match="round r1 is settled"):
        casino.ledger.settle("settle-2", "r1", done)
    assert snapshot() == before


@pytest.mark.parametrize("close", ["settle", "void"])
def test_stake_on_a_closed_round_is_refused(
    casino: Casino,
    new_player: Callable[..., Profile],
    close: str,
    snapshot: Callable[[], object],
    settlement_of: Callable[..., Settlement],
) -> None:
    ann = new_player()
    _round_with_stakes(casino, ann)
    if close == "settle":
        casino.ledger.settle("end", "r1", settlement_of((1, ann.card_number, [("ante", 1_000, 0)])))
    else:
        casino.ledger.void("end", "r1", "table closed")
    before = snapshot()
    with pytest.raises(RoundClosed, match="takes no more stakes"):
        hold(casino, "r1", ann.card_number, 100)
    assert snapshot() == before


def test_void_returns_every_hold(casino: Casino, new_player: Callable[..., Profile]) -> None:
    ann, bob = new_player("Ann"), new_player("Bob")
    _round_with_stakes(casino, ann, ante=2_500)
    casino.cashier.buy_chips("buy-2", bob.card_number, 700)
    hold(casino, "r1", bob.card_number, 700)
    receipt = casino.ledger.void("void-r1", "r1", "dealer misdeal")
    assert receipt.amount == 3_200
    assert receipt.balances == {ann.card_number: 10_000, bob.card_number: 700}
    assert casino.ledger.round_status("r1") is RoundStatus.VOID
    assert casino.ledger.house_balance() == 0
    assert casino.audit().ok


def test_idempotent_repeat_returns_the_first_result_and_posts_nothing(
    casino: Casino, new_player: Callable[..., Profile], settlement_of: Callable[..., Settlement]
) -> None:
    ann = new_player()
    first = casino.cashier.buy_chips("buy-1", ann.card_number, 5_000)
    open_round(casino, "r1")
    hold(casino, "r1", ann.card_number, 1_000)
    done = settlement_of((1, ann.card_number, [("ante", 1_000, 2_000)]))
    settled = casino.ledger.settle("settle-1", "r1", done)
    postings = _posting_count(casino)
    again = casino.cashier.buy_chips("buy-1", ann.card_number, 5_000)
    assert again.replayed
    assert again.transaction_id == first.transaction_id
    assert again.balances == first.balances == {ann.card_number: 5_000}
    assert casino.ledger.settle("settle-1", "r1", done).balances == settled.balances
    assert _posting_count(casino) == postings
    assert casino.ledger.balance(ann.card_number) == 6_000


def test_idempotency_key_reused_for_another_request_is_a_conflict(
    casino: Casino, new_player: Callable[..., Profile], snapshot: Callable[[], object]
) -> None:
    ann = new_player()
    casino.cashier.buy_chips("key-1", ann.card_number, 5_000)
    before = snapshot()
    with pytest.raises(Conflict, match="'key-1' was already used for a different buy"):
        casino.cashier.buy_chips("key-1", ann.card_number, 6_000)
    with pytest.raises(Conflict, match="different buy request"):
        casino.cashier.cash_out("key-1", ann.card_number, 5_000)
    assert snapshot() == before
