"""Self-exclusion and deposit limits bind the person, not the card (issue 12, finding 2).

The attack: a self-excluded player registered again with the same name and date
of birth on another document (a driving licence) and bought chips. A person is one
name (compared case-folded, ё as е, spaces collapsed) and one date of birth.
"""

from __future__ import annotations

import logging
from datetime import date

import pytest

from croupier.casino import Casino, Refused, Registration
from croupier.casino.players import identity_name
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store.round_models import Phase, TableMode
from croupier.store.testing import SettableClock

from .conftest import hold, open_round

BORN = date(1985, 3, 14)
LIMITS = Limits(100, 10_000, 1_000_000)


def _card(casino: Casino, name: str, kind: str, number: str, born: date = BORN) -> str:
    reg = Registration(name, born, kind, number, "correct horse battery")
    return casino.players.register(reg).card_number


def _second_card_before_exclusion(casino: Casino) -> tuple[str, str]:
    """The same person with a passport and, registered before the exclusion, a licence."""
    first = _card(casino, "Boris Godunov", "passport", "4509 111111")
    second = _card(casino, "  boris  GODUNOV ", "driving_licence", "77 AB 222222")
    return first, second


def test_identity_name_folds_case_spaces_and_yo() -> None:
    assert identity_name(" Пётр  Иванов ") == identity_name("ПЕТР ИВАНОВ")
    assert identity_name("Anna Petrova") != identity_name("Anna Petrova-Second")


def test_self_excluded_person_cannot_register_again_on_another_document(
    casino: Casino, caplog: pytest.LogCaptureFixture
) -> None:
    first = _card(casino, "Boris Godunov", "passport", "4509 111111")
    casino.responsible.self_exclude(first)
    with (
        caplog.at_level(logging.WARNING, "croupier.casino"),
        pytest.raises(Refused, match="cannot be registered online"),
    ):
        _card(casino, "BORIS  godunov", "driving_licence", "77 AB 222222")
    # The reason goes to the staff's log (the card, never the document or birth date).
    assert any(getattr(r, "reason", "") == "self-exclusion" for r in caplog.records)
    assert all("222222" not in r.getMessage() for r in caplog.records)


def test_a_namesake_born_another_day_may_register(casino: Casino) -> None:
    first = _card(casino, "Boris Godunov", "passport", "4509 111111")
    casino.responsible.self_exclude(first)
    other = _card(casino, "Boris Godunov", "passport", "4509 333333", date(1985, 3, 15))
    assert casino.cashier.buy_chips("b", other, 1_000).amount == 1_000


def test_exclusion_registration_allowed_again_once_it_ends(
    casino: Casino, clock: SettableClock
) -> None:
    first = _card(casino, "Boris Godunov", "passport", "4509 111111")
    until = casino.responsible.self_exclude(first)
    clock.set(until)
    assert _card(casino, "Boris Godunov", "driving_licence", "77 AB 222222")


def test_exclusion_on_one_card_refuses_buying_on_every_card_of_the_person(
    casino: Casino,
) -> None:
    first, second = _second_card_before_exclusion(casino)
    casino.responsible.self_exclude(first)
    with pytest.raises(Refused, match=r"self-excluded until .* another card of the same person"):
        casino.cashier.buy_chips("buy", second, 1_000)
    assert casino.responsible.excluded_until(second) == casino.responsible.excluded_until(first)


def test_exclusion_on_one_card_refuses_staking_on_every_card_of_the_person(
    casino: Casino,
) -> None:
    first, second = _second_card_before_exclusion(casino)
    casino.cashier.buy_chips("buy", second, 5_000)
    open_round(casino, "r1")
    casino.responsible.self_exclude(first)
    with pytest.raises(Refused, match=r"stake of 500 on round r1 refused: .* self-excluded"):
        hold(casino, "r1", second, 500)
    # Cashing out stays open.
    assert casino.cashier.cash_out("out", second, 5_000).balances[second] == 0


def test_exclusion_on_one_card_refuses_sitting_and_personal_tables_on_the_other(
    casino: Casino,
) -> None:
    first, second = _second_card_before_exclusion(casino)
    tables = Tables(casino.store)
    table = tables.create(TableConfig("russian", Limits(100, 10_000, 1_000_000), TableMode.PUBLIC))
    casino.responsible.self_exclude(first)
    with pytest.raises(Refused, match="self-excluded"):
        tables.sit(table.id, second)
    with pytest.raises(Refused, match="self-excluded"):
        tables.open_personal(second, "russian", "25", 2)


def test_strictest_limit_of_the_person_applies_to_every_card_against_all_deposits(
    casino: Casino,
) -> None:
    first, second = _second_card_before_exclusion(casino)
    casino.responsible.set_deposit_limit(first, 1, 3_000)
    casino.responsible.set_deposit_limit(second, 1, 50_000)
    casino.cashier.buy_chips("b1", first, 2_000)
    with pytest.raises(
        Refused, match=r"24-hour deposit limit .* is 3000 \(the strictest .*\), 2000 already"
    ):
        casino.cashier.buy_chips("b2", second, 1_001)
    assert casino.cashier.buy_chips("b3", second, 1_000).amount == 1_000
    with pytest.raises(Refused, match=r"3000 \(the strictest .*\), 3000 already"):
        casino.cashier.buy_chips("b4", first, 1)


def test_each_card_shows_the_persons_strictest_limit_and_what_is_left(casino: Casino) -> None:
    # Issue 12: what the player is shown is what buying is checked against, on every card.
    first, second = _second_card_before_exclusion(casino)
    casino.responsible.set_deposit_limit(first, 1, 3_000)
    casino.responsible.set_deposit_limit(second, 1, 50_000)
    casino.responsible.set_deposit_limit(second, 30, 9_000)
    casino.cashier.buy_chips("b1", first, 1_200)
    casino.cashier.buy_chips("b2", second, 800)
    for card, own_daily in ((first, 3_000), (second, 50_000)):
        daily, weekly, monthly = casino.responsible.person_limits(card)
        assert (daily.own.amount, daily.applies, daily.deposited, daily.left) == (
            own_daily,
            3_000,
            2_000,
            1_000,
        )
        assert (weekly.applies, weekly.left, weekly.deposited) == (None, None, 2_000)
        assert (monthly.applies, monthly.left) == (9_000, 7_000)
    assert casino.responsible.person_limits(first)[2].own.amount is None  # set on the other card
    stranger = _card(casino, "Boris Godunov", "passport", "4509 333333", date(1971, 1, 1))
    assert casino.responsible.person_limits(stranger)[0].applies is None  # another person


def test_a_limit_binds_a_card_registered_after_it(casino: Casino) -> None:
    first = _card(casino, "Boris Godunov", "passport", "4509 111111")
    casino.responsible.set_deposit_limit(first, 7, 1_000)
    second = _card(casino, "Boris Godunov", "driving_licence", "77 AB 222222")
    with pytest.raises(Refused, match="7-day deposit limit"):
        casino.cashier.buy_chips("b", second, 1_001)


def test_exclusion_on_one_card_refuses_a_decisions_stake_on_the_other(casino: Casino) -> None:
    # The round runner reads the player with the exclusions of the day of birth (one read):
    # the same person's other card is refused, a namesake born that day excluded is not.
    first, second = _second_card_before_exclusion(casino)
    namesake = _card(casino, "Boris Godunov-Second", "passport", "4509 444444")
    casino.cashier.buy_chips("buy", second, 50_000)
    tables, rounds = Tables(casino.store), Rounds(casino.store, casino.ledger)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PERSONAL))
    tables.sit(table.id, second, 1)
    casino.responsible.self_exclude(namesake)
    view = rounds.stake("s-1", table.id, second, 1, {"ante": 1_000})
    assert view.phase is Phase.PLAYING
    casino.responsible.self_exclude(first)
    balance = casino.ledger.balance(second)
    with pytest.raises(Refused, match=r"self-excluded until .* another card of the same person"):
        rounds.act("a-1", view.round_id, second, {"box": 1, "act": "play"})
    assert casino.ledger.balance(second) == balance
    assert rounds.view(view.round_id, Viewer.house()).phase is Phase.PLAYING
