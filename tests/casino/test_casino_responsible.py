"""Responsible gaming: self-exclusion, deposit limits, reality checks."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from croupier.casino import BadInput, Casino, Profile, Refused
from croupier.casino.responsible import add_months, next_reminder
from croupier.store.testing import SettableClock

from .conftest import hold, open_round


def test_self_excluded_player_cannot_deposit(
    casino: Casino, new_player: Callable[..., Profile], snapshot: Callable[[], object]
) -> None:
    ann = new_player()
    casino.cashier.buy_chips("buy-1", ann.card_number, 5_000)
    casino.responsible.self_exclude(ann.card_number)
    before = snapshot()
    with pytest.raises(Refused, match=r"buying chips for 100 refused: .* self-excluded until"):
        casino.cashier.buy_chips("buy-2", ann.card_number, 100)
    assert snapshot() == before


def test_self_excluded_player_cannot_stake_but_may_cash_out(
    casino: Casino, new_player: Callable[..., Profile], snapshot: Callable[[], object]
) -> None:
    ann = new_player()
    casino.cashier.buy_chips("buy-1", ann.card_number, 5_000)
    open_round(casino, "r1")
    casino.responsible.self_exclude(ann.card_number, months=12)
    before = snapshot()
    with pytest.raises(Refused, match=r"stake of 500 on round r1 refused: .* self-excluded"):
        hold(casino, "r1", ann.card_number, 500)
    assert snapshot() == before
    assert casino.cashier.cash_out("out", ann.card_number, 5_000).balances[ann.card_number] == 0


def test_self_exclusion_lasts_at_least_six_months_and_is_never_shortened(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    ann = new_player()
    with pytest.raises(BadInput, match="at least 6 months"):
        casino.responsible.self_exclude(ann.card_number, months=5)
    assert casino.responsible.excluded_until(ann.card_number) is None
    until = casino.responsible.self_exclude(ann.card_number, months=12)
    assert until == add_months(clock(), 12)
    assert casino.responsible.self_exclude(ann.card_number, months=6) == until
    clock.set(until - timedelta(seconds=1))
    with pytest.raises(Refused, match="self-excluded"):
        casino.cashier.buy_chips("buy-1", ann.card_number, 100)
    clock.set(until)
    assert casino.cashier.buy_chips("buy-1", ann.card_number, 100).amount == 100


def test_deposit_limit_decrease_applies_at_once(
    casino: Casino, new_player: Callable[..., Profile], snapshot: Callable[[], object]
) -> None:
    ann = new_player()
    casino.responsible.set_deposit_limit(ann.card_number, 1, 10_000)
    casino.cashier.buy_chips("buy-1", ann.card_number, 3_000)
    state = casino.responsible.set_deposit_limit(ann.card_number, 1, 5_000)
    assert (state.amount, state.pending_amount) == (5_000, None)
    before = snapshot()
    with pytest.raises(
        Refused, match=r"24-hour deposit limit .* is 5000, 3000 already .* 2000 more"
    ):
        casino.cashier.buy_chips("buy-2", ann.card_number, 2_001)
    assert snapshot() == before
    casino.cashier.buy_chips("buy-3", ann.card_number, 2_000)


def test_deposit_limit_increase_applies_after_24_hours(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    ann = new_player()
    casino.responsible.set_deposit_limit(ann.card_number, 30, 1_000)
    casino.cashier.buy_chips("buy-1", ann.card_number, 1_000)
    raised_at = clock()
    state = casino.responsible.set_deposit_limit(ann.card_number, 30, 5_000)
    assert (state.amount, state.pending_amount) == (1_000, 5_000)
    assert state.pending_from == raised_at + timedelta(hours=24)
    clock.advance(hours=23, minutes=59)
    with pytest.raises(Refused, match="30-day deposit limit"):
        casino.cashier.buy_chips("buy-2", ann.card_number, 1)
    clock.advance(minutes=1)
    assert casino.cashier.buy_chips("buy-3", ann.card_number, 4_000).amount == 4_000


def test_deposit_limit_removal_waits_24_hours_too(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    ann = new_player()
    casino.responsible.set_deposit_limit(ann.card_number, 7, 500)
    casino.responsible.set_deposit_limit(ann.card_number, 7, None)
    with pytest.raises(Refused, match="7-day deposit limit"):
        casino.cashier.buy_chips("buy-1", ann.card_number, 501)
    clock.advance(hours=24)
    assert casino.cashier.buy_chips("buy-2", ann.card_number, 50_000).amount == 50_000


def test_deposit_limit_decrease_cancels_a_pending_increase(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    ann = new_player()
    casino.responsible.set_deposit_limit(ann.card_number, 1, 1_000)
    casino.responsible.set_deposit_limit(ann.card_number, 1, 9_000)  # pending
    clock.advance(hours=1)
    state = casino.responsible.set_deposit_limit(ann.card_number, 1, 800)
    assert (state.amount, state.pending_amount) == (800, None)
    clock.advance(hours=48)
    with pytest.raises(Refused, match=r"limit of card .* is 800"):
        casino.cashier.buy_chips("buy-1", ann.card_number, 801)


def test_deposit_limit_window_is_rolling(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    ann = new_player()
    casino.responsible.set_deposit_limit(ann.card_number, 7, 1_000)
    casino.cashier.buy_chips("buy-1", ann.card_number, 1_000)
    clock.advance(days=6, hours=23)
    with pytest.raises(Refused):
        casino.cashier.buy_chips("buy-2", ann.card_number, 1)
    clock.advance(hours=1)
    assert casino.cashier.buy_chips("buy-3", ann.card_number, 1_000).amount == 1_000


@pytest.mark.parametrize(
    ("period", "amount", "message"),
    [(2, 100, "1, 7 or 30 days"), (1, -5, "must be zero or more"), (1, 10.5, "whole number")],
)
def test_deposit_limit_bad_input_is_refused(
    casino: Casino, new_player: Callable[..., Profile], period: int, amount: object, message: str
) -> None:
    ann = new_player()
    with pytest.raises(BadInput, match=message):
        casino.responsible.set_deposit_limit(ann.card_number, period, amount)  # type: ignore[arg-type]
    assert all(s.amount is None for s in casino.responsible.deposit_limits(ann.card_number))


def test_reality_check_interval_is_stored_and_tells_the_next_reminder(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    started = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    assert casino.responsible.next_reality_check(ann.card_number, started) is None
    casino.responsible.set_reality_check(ann.card_number, 30)
    assert casino.responsible.next_reality_check(ann.card_number, started) == started + timedelta(
        minutes=30
    )
    acknowledged = started + timedelta(minutes=31)
    assert casino.responsible.next_reality_check(
        ann.card_number, started, acknowledged
    ) == acknowledged + timedelta(minutes=30)
    with pytest.raises(BadInput, match="1-1440 minutes"):
        casino.responsible.set_reality_check(ann.card_number, 0)


def test_reality_check_pure_function() -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    assert next_reminder(None, session_started=start) is None
    assert next_reminder(60, session_started=start) == start + timedelta(hours=1)


def test_add_months_clamps_to_the_month_end() -> None:
    assert add_months(datetime(2026, 8, 31, tzinfo=UTC), 6) == datetime(2027, 2, 28, tzinfo=UTC)
    assert add_months(datetime(2027, 8, 31, tzinfo=UTC), 6) == datetime(2028, 2, 29, tzinfo=UTC)
    assert add_months(datetime(2026, 11, 29, tzinfo=UTC), 14) == datetime(2028, 1, 29, tzinfo=UTC)
