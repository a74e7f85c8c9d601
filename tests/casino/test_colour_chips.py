"""Colour chips at roulette ([004]; RULES.md §2.6 and §4), through the ledger, on SQLite
and PostgreSQL: bought at a value the player picks, staked, paid, changed back on
leaving; revalued at the table minimum after a long absence (the house gains the
difference); cleared when abandoned; never leaving their table."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from croupier.casino import (
    BadInput,
    Casino,
    InsufficientFunds,
    NotFound,
    Profile,
    Refused,
    Role,
)
from croupier.casino.colour import ColourSettings
from croupier.casino.tables import TableConfig
from croupier.games.base import Limits
from croupier.store.testing import SettableClock

from .colourkit import ColourTable, colour_table, pocket_of


def other_than(pocket: int) -> int:
    return 1 if pocket == 0 else 0


@pytest.fixture
def ann(casino: Casino, new_player: Callable[..., Profile]) -> str:
    card = new_player().card_number
    casino.cashier.buy_chips("desk-ann", card, 100_000)
    return card


@pytest.fixture
def at_table(casino: Casino, ann: str) -> ColourTable:
    table = colour_table(casino)
    table.tables.sit(table.table.id, ann)
    return table


def test_colour_chips_bought_at_the_value_the_player_picks(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    receipt = at_table.colours.buy("c-1", at_table.table.id, ann, 250, 40)
    assert (receipt.colour, receipt.value, receipt.count, receipt.amount) == (1, 250, 40, 10_000)
    assert casino.ledger.balance(ann) == 90_000 == receipt.cash_chips
    view = at_table.colours.of(at_table.table.id, ann)
    assert view is not None and (view.count, view.worth, view.away) == (40, 10_000, False)
    more = at_table.colours.buy("c-2", at_table.table.id, ann, 250, 4)
    assert more.count == 44
    assert casino.audit().ok


def test_colour_chips_buy_repeated_with_one_key_moves_chips_once(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    first = at_table.colours.buy("c-1", at_table.table.id, ann, 500, 10)
    again = at_table.colours.buy("c-1", at_table.table.id, ann, 500, 10)
    assert again.replayed and again.transaction_id == first.transaction_id
    assert casino.ledger.balance(ann) == 95_000
    view = at_table.colours.of(at_table.table.id, ann)
    assert view is not None and view.count == 10


def test_colour_chips_win_is_paid_in_colour_chips(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 20)
    pocket = pocket_of(1)
    rid = at_table.spin(ann, [(f"straight:{pocket}", 1_000)])
    assert casino.ledger.holds(rid) == {ann: 0}
    view = at_table.colours.of(at_table.table.id, ann)
    # 2 chips staked, 35:1 and the stake back: 72 chips of 500.
    assert view is not None and view.count == 20 - 2 + 72
    assert casino.ledger.balance(ann) == 90_000  # the cash chips did not move
    assert casino.ledger.house_balance() == -35_000
    assert casino.audit().ok


def test_colour_chips_lost_bet_goes_to_the_house(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 20)
    at_table.spin(ann, [(f"straight:{other_than(pocket_of(1))}", 1_500)])
    view = at_table.colours.of(at_table.table.id, ann)
    assert view is not None and view.count == 17
    assert casino.ledger.house_balance() == 1_500
    assert casino.audit().ok


def test_colour_chips_bet_held_from_the_colour_not_the_cash_chips(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 20)
    rid = at_table.rounds.stake("s-1", at_table.table.id, ann, 1, {"chip": 500}).round_id
    bet = {"box": 1, "act": "bet", "spot": "red", "amount": 2_000}
    at_table.rounds.act("b-1", rid, ann, bet)
    assert casino.ledger.holds(rid) == {ann: 2_000}
    assert casino.ledger.balance(ann) == 90_000
    view = at_table.colours.of(at_table.table.id, ann)
    assert view is not None and view.count == 16


def test_colour_chips_bet_beyond_the_colour_is_refused_changing_nothing(
    casino: Casino, ann: str, at_table: ColourTable, snapshot: Callable[[], object]
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 2)
    rid = at_table.rounds.stake("s-1", at_table.table.id, ann, 1, {"chip": 500}).round_id
    before = snapshot()
    bet = {"box": 1, "act": "bet", "spot": "red", "amount": 1_500}
    with pytest.raises(InsufficientFunds, match=r"takes 3 chip\(s\) of 500, you have 2"):
        at_table.rounds.act("b-1", rid, ann, bet)
    assert snapshot() == before


def test_colour_chips_box_staked_with_another_chip_value_is_refused(
    casino: Casino, ann: str, at_table: ColourTable, snapshot: Callable[[], object]
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 2)
    before = snapshot()
    with pytest.raises(Refused, match="worth 500 each; stake the box with chip 500"):
        at_table.rounds.stake("s-1", at_table.table.id, ann, 1, {"chip": 100})
    assert snapshot() == before


def test_colour_chips_changed_back_on_leaving_the_table(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 20)
    at_table.spin(ann, [(f"straight:{other_than(pocket_of(1))}", 500)])
    info = at_table.tables.stand(at_table.table.id, ann, 1)
    assert info.seats == {}
    assert at_table.colours.of(at_table.table.id, ann) is None
    assert casino.ledger.balance(ann) == 99_500
    assert at_table.colour_balance() == 0
    assert casino.audit().ok


def test_colour_chips_changed_back_by_the_player(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 1_000, 7)
    receipt = at_table.colours.change_back("x-1", at_table.table.id, ann)
    assert (receipt.amount, receipt.revalued, receipt.count) == (7_000, 0, 7)
    assert casino.ledger.balance(ann) == 100_000
    assert at_table.colours.change_back("x-1", at_table.table.id, ann).replayed
    with pytest.raises(NotFound, match="holds no colour chips"):
        at_table.colours.change_back("x-2", at_table.table.id, ann)
    # Still seated: a new colour may be bought, at another value.
    assert at_table.colours.buy("c-2", at_table.table.id, ann, 200, 5).value == 200
    assert casino.audit().ok


def test_colour_chips_valued_at_the_table_minimum_after_a_long_absence(
    casino: Casino, ann: str, at_table: ColourTable, clock: SettableClock
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 1_000, 10)
    clock.advance(minutes=30)
    view = at_table.colours.of(at_table.table.id, ann)
    assert view is not None and view.away and view.to_json()["worth_if_back_now"] == 1_000
    receipt = at_table.colours.change_back("x-1", at_table.table.id, ann)
    # Ten chips of 1000 are ten chips of the minimum 100: the house keeps 9000.
    assert (receipt.revalued, receipt.value, receipt.count, receipt.amount) == (
        9_000,
        100,
        10,
        1_000,
    )
    assert casino.ledger.balance(ann) == 91_000
    assert casino.ledger.house_balance() == 9_000
    report = casino.audit()
    assert report.ok, report.summary()


def test_colour_chips_keep_their_value_when_the_player_was_not_away_long(
    casino: Casino, ann: str, at_table: ColourTable, clock: SettableClock
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 1_000, 10)
    clock.advance(minutes=29)
    receipt = at_table.colours.change_back("x-1", at_table.table.id, ann)
    assert (receipt.revalued, receipt.amount) == (0, 10_000)


def test_colour_chips_absence_is_counted_from_the_last_bet(
    casino: Casino, ann: str, at_table: ColourTable, clock: SettableClock
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 20)
    clock.advance(minutes=20)
    at_table.spin(ann, [(f"straight:{other_than(pocket_of(1))}", 500)])
    clock.advance(minutes=20)  # 40 minutes since the buy, 20 since the bet: still here
    receipt = at_table.colours.change_back("x-1", at_table.table.id, ann)
    assert (receipt.revalued, receipt.amount) == (0, 9_500)


def test_colour_chips_absence_time_is_a_casino_setting(
    casino: Casino, ann: str, clock: SettableClock
) -> None:
    table = colour_table(casino, ColourSettings(absence_minutes=5, abandon_minutes=60))
    table.tables.sit(table.table.id, ann)
    table.colours.buy("c-1", table.table.id, ann, 300, 10)
    clock.advance(minutes=5)
    assert table.colours.change_back("x-1", table.table.id, ann).revalued == 2_000


def test_colour_chips_player_back_after_absence_bets_at_the_minimum_value(
    casino: Casino, ann: str, at_table: ColourTable, clock: SettableClock
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 10)
    clock.advance(hours=1)
    with pytest.raises(Refused, match="revalued at the table minimum"):
        at_table.rounds.stake("s-1", at_table.table.id, ann, 1, {"chip": 500})
    at_table.spin(ann, [(f"straight:{other_than(pocket_of(1))}", 300)], chip=100)
    view = at_table.colours.of(at_table.table.id, ann)
    assert view is not None and (view.value, view.count) == (100, 7)
    assert casino.ledger.house_balance() == 4_000 + 300
    assert casino.audit().ok


def test_colour_chips_abandoned_are_changed_back_at_the_minimum_and_the_box_freed(
    casino: Casino, ann: str, at_table: ColourTable, clock: SettableClock
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 10)
    clock.advance(minutes=239)
    assert at_table.colours.sweep() == []
    clock.advance(minutes=1)
    assert at_table.colours.sweep() == [at_table.table.id]
    assert at_table.colours.of(at_table.table.id, ann) is None
    assert at_table.tables.get(at_table.table.id).seats == {}
    assert casino.ledger.balance(ann) == 95_000 + 1_000
    assert casino.ledger.house_balance() == 4_000
    assert casino.audit().ok


def test_colour_chips_cleared_by_a_manager_with_a_reason(
    casino: Casino, ann: str, at_table: ColourTable, new_player: Callable[..., Profile]
) -> None:
    boss = new_player("Ivan Petrov", role=Role.MANAGER).card_number
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 10)
    with pytest.raises(Refused, match="is not a manager"):
        at_table.colours.clear(ann, at_table.table.id, ann, "mine")
    with pytest.raises(BadInput, match="give the reason"):
        at_table.colours.clear(boss, at_table.table.id, ann, " ")
    receipt = at_table.colours.clear(boss, at_table.table.id, ann, "player left the casino")
    assert receipt.amount == 5_000
    assert casino.ledger.balance(ann) == 100_000
    assert at_table.tables.get(at_table.table.id).seats == {}
    assert casino.audit().ok


def test_colour_chips_of_a_closed_table_are_changed_back(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 10)
    at_table.tables.close(at_table.table.id)
    assert casino.ledger.balance(ann) == 100_000
    assert at_table.colour_balance() == 0
    assert casino.audit().ok


def test_colour_chips_do_not_leave_their_table(
    casino: Casino, ann: str, at_table: ColourTable
) -> None:
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 180)  # 90,000 of 100,000
    # The cash desk takes cash chips only.
    with pytest.raises(InsufficientFunds):
        casino.cashier.cash_out("out-1", ann, 10_001)
    # Another roulette table: the bets there are cash chips.
    elsewhere = colour_table(casino)
    elsewhere.tables.sit(elsewhere.table.id, ann)
    assert elsewhere.colours.of(elsewhere.table.id, ann) is None
    rid = elsewhere.rounds.stake("s-9", elsewhere.table.id, ann, 1, {"chip": 100}).round_id
    bet = {"box": 1, "act": "bet", "spot": "red", "amount": 10_000}
    elsewhere.rounds.act("b-9", rid, ann, bet)
    assert casino.ledger.balance(ann) == 0
    with pytest.raises(InsufficientFunds):
        elsewhere.rounds.act("b-10", rid, ann, {**bet, "amount": 100})
    view = at_table.colours.of(at_table.table.id, ann)
    assert view is not None and view.count == 180


def test_colour_chips_only_at_roulette(
    casino: Casino, ann: str, snapshot: Callable[[], object]
) -> None:
    table = colour_table(casino)
    stud = table.tables.create(TableConfig("russian", Limits(100, 5_000, 1_000_000)))
    table.tables.sit(stud.id, ann)
    before = snapshot()
    with pytest.raises(Refused, match="plays stud: colour chips are for roulette"):
        table.colours.buy("c-1", stud.id, ann, 500, 1)
    assert snapshot() == before


@pytest.mark.parametrize(
    ("value", "count", "error", "message"),
    [
        (99, 10, BadInput, "must be worth 100 to 5000"),
        (5_001, 10, BadInput, "must be worth 100 to 5000"),
        (0, 10, BadInput, "must be positive"),
        (250.0, 10, BadInput, "whole number of kopecks"),
        ("250", 10, BadInput, "whole number of kopecks"),
        (True, 10, BadInput, "whole number of kopecks"),
        (250, 0, BadInput, "buy 1 to 100000 chips"),
        (250, -3, BadInput, "buy 1 to 100000 chips"),
        (250, 1.5, BadInput, "buy 1 to 100000 chips"),
        (1_000, 101, InsufficientFunds, "has 100000, 101000 needed"),
    ],
)
def test_colour_chips_bad_buy_is_refused_changing_nothing(
    casino: Casino,
    ann: str,
    at_table: ColourTable,
    snapshot: Callable[[], object],
    value: object,
    count: object,
    error: type[Exception],
    message: str,
) -> None:
    before = snapshot()
    with pytest.raises(error, match=message):
        at_table.colours.buy("c-1", at_table.table.id, ann, value, count)
    assert snapshot() == before
    assert at_table.colours.of(at_table.table.id, ann) is None


def test_colour_chips_refused_to_a_player_not_seated_staff_or_at_another_value(
    casino: Casino,
    ann: str,
    at_table: ColourTable,
    new_player: Callable[..., Profile],
    snapshot: Callable[[], object],
) -> None:
    bob = new_player("Boris Ivanov").card_number
    casino.cashier.buy_chips("desk-bob", bob, 10_000)
    cashier = new_player("Olga Kassir", role=Role.CASHIER).card_number
    at_table.colours.buy("c-1", at_table.table.id, ann, 500, 1)
    before = snapshot()
    with pytest.raises(Refused, match="does not sit here"):
        at_table.colours.buy("c-2", at_table.table.id, bob, 500, 1)
    with pytest.raises(Refused, match="belongs to staff"):
        at_table.colours.buy("c-3", at_table.table.id, cashier, 500, 1)
    with pytest.raises(Refused, match="worth 500; buy more at 500 or change them back"):
        at_table.colours.buy("c-4", at_table.table.id, ann, 200, 1)
    with pytest.raises(NotFound, match="no table 999"):
        at_table.colours.buy("c-5", 999, ann, 500, 1)
    assert snapshot() == before


def test_colour_chips_settings_refuse_nonsense() -> None:
    with pytest.raises(ValueError, match="absence_minutes must be 1 to 10080"):
        ColourSettings(absence_minutes=0)
    with pytest.raises(ValueError, match="sooner than away"):
        ColourSettings(absence_minutes=60, abandon_minutes=30)
