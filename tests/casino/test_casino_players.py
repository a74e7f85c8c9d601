"""Registration and player cards (RULES.md §3, seed 004: adults only, with an identity document)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.casino import BadInput, Casino, NotFound, Profile, Refused, Registration
from croupier.casino.players import (
    eighteenth_birthday,
    is_valid_card_number,
    luhn_check_digit,
    new_card_number,
    parse_card_number,
)
from croupier.store.testing import SettableClock


def _register(casino: Casino, born: date, number: str = "4509 000001") -> Profile:
    return casino.players.register(
        Registration("Ivan Ivanov", born, "passport", number, "correct horse")
    )


def _on(clock: SettableClock, day: date) -> None:
    clock.set(datetime(day.year, day.month, day.day, 10, 0, tzinfo=UTC))


def test_registration_refuses_minor_the_day_before_18th_birthday(
    casino: Casino, clock: SettableClock
) -> None:
    _on(clock, date(2026, 11, 29))
    with pytest.raises(Refused, match=r"under 18 .* adult from 2026-11-30"):
        _register(casino, date(2008, 11, 30))
    with pytest.raises(NotFound):
        casino.players.get("4111111111111111")


def test_registration_accepts_on_18th_birthday(casino: Casino, clock: SettableClock) -> None:
    _on(clock, date(2026, 11, 30))
    profile = _register(casino, date(2008, 11, 30))
    assert casino.players.get(profile.card_number) == profile
    assert profile.document_number == "4509000001"


def test_registration_born_29_february_adult_on_1_march_of_a_common_year(
    casino: Casino, clock: SettableClock
) -> None:
    _on(clock, date(2026, 2, 28))
    with pytest.raises(Refused, match="adult from 2026-03-01"):
        _register(casino, date(2008, 2, 29))
    _on(clock, date(2026, 3, 1))
    assert _register(casino, date(2008, 2, 29)).birth_date == date(2008, 2, 29)


def test_registration_born_29_february_always_adult_on_1_march() -> None:
    # 18 is not a multiple of 4, so an 18th birthday never falls in a leap year:
    # a player born on 29 February is always admitted from 1 March.
    for year in (1992, 1996, 2000, 2004, 2008):
        assert eighteenth_birthday(date(year, 2, 29)) == date(year + 18, 3, 1)
    assert eighteenth_birthday(date(2008, 2, 28)) == date(2026, 2, 28)


def test_registration_refuses_a_document_already_registered(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    first = _register(casino, date(1980, 1, 1), "4509 777777")
    with pytest.raises(Refused, match="cannot be registered online"):
        # Same document typed differently: spaces do not make it new.
        _register(casino, date(1981, 2, 2), "4509777777")
    assert casino.players.get(first.card_number).full_name == "Ivan Ivanov"


def test_registration_gives_each_player_a_distinct_luhn_card(
    new_player: Callable[..., Profile],
) -> None:
    cards = {new_player(f"Player {i}").card_number for i in range(5)}
    assert len(cards) == 5
    assert all(is_valid_card_number(card) for card in cards)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("full_name", "   ", "full name is empty"),
        ("password", "too short", "at least 10 characters"),
        ("password", "Password123", "most common ones"),
        ("document_number", "", "document number"),
        ("document_type", "", "document type"),
        ("birth_date", "1990-05-17", "date of birth must be a date"),
    ],
)
def test_registration_bad_input_is_refused_and_registers_nobody(
    casino: Casino, field: str, value: object, message: str
) -> None:
    data: dict[str, object] = {
        "full_name": "Ivan Ivanov",
        "birth_date": date(1990, 1, 1),
        "document_type": "passport",
        "document_number": "4509 000002",
        "password": "correct horse",
    }
    data[field] = value
    with pytest.raises(BadInput, match=message):
        casino.players.register(Registration(**data))  # type: ignore[arg-type]
    # The valid form afterwards still registers: the refused one left no trace.
    data[field] = {
        "full_name": "Ivan Ivanov",
        "birth_date": date(1990, 1, 1),
        "document_type": "passport",
        "document_number": "4509 000002",
        "password": "correct horse",
    }[field]
    assert casino.players.register(Registration(**data)).full_name == "Ivan Ivanov"  # type: ignore[arg-type]


def test_card_number_luhn_check_digit_textbook() -> None:
    assert luhn_check_digit("7992739871") == "3"
    assert is_valid_card_number("79927398713".rjust(16, "0"))


@given(st.data())
def test_card_number_any_single_mistyped_digit_is_caught(data: st.DataObject) -> None:
    card = new_card_number()
    assert parse_card_number(card) == card
    position = data.draw(st.integers(0, 15))
    wrong = data.draw(st.sampled_from([d for d in "0123456789" if d != card[position]]))
    typo = card[:position] + wrong + card[position + 1 :]
    with pytest.raises(BadInput, match="check digit"):
        parse_card_number(typo)


@given(st.data())
def test_card_number_swapped_neighbours_are_caught(data: st.DataObject) -> None:
    card = new_card_number()
    i = data.draw(st.integers(0, 14))
    a, b = card[i], card[i + 1]
    # Luhn misses only the swap 0<->9 (and a swap of equal digits changes nothing).
    if a == b or {a, b} == {"0", "9"}:
        return
    with pytest.raises(BadInput, match="check digit"):
        parse_card_number(card[:i] + b + a + card[i + 2 :])


@pytest.mark.parametrize("text", ["12345", "abcdabcdabcdabcd", 4111111111111111, None])
def test_card_number_malformed_is_refused_with_what_is_wrong(text: object) -> None:
    with pytest.raises(BadInput, match="player card number"):
        parse_card_number(text)


def test_card_number_typed_with_spaces_is_accepted() -> None:
    assert parse_card_number("4111 1111 1111 1111") == "4111111111111111"
