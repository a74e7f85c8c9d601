"""Money on the terminal: roubles shown one way, read the way a player types them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.play.money import MoneyError, format_money, parse_money


@given(st.integers(min_value=0, max_value=10**12))
def test_money_format_then_parse_gives_back_the_kopecks(minor: int) -> None:
    assert parse_money(format_money(minor)) == minor
    assert parse_money(format_money(minor, currency=False)) == minor


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_money_sign_is_shown_for_gains_and_losses(minor: int) -> None:
    text = format_money(minor, sign=True)
    assert text.startswith("+") == (minor > 0)
    assert text.startswith("−") == (minor < 0)


@pytest.mark.parametrize(
    ("typed", "kopecks"),
    [("25", 2500), ("25,5", 2550), ("25.05", 2505), ("1 000", 100000), ("7 ₽", 700), (" 0,01", 1)],
)
def test_money_reads_what_a_player_types(typed: str, kopecks: int) -> None:
    assert parse_money(typed) == kopecks


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "is not an amount"),
        ("ten", "is not an amount"),
        ("-5", "cannot be negative"),
        ("1.234", "at most two digits of kopecks"),
        ("1e3", "is not an amount"),
        ("1,2,3", "is not an amount"),
    ],
)
def test_money_refuses_unreadable_amounts_by_name(typed: str, reason: str) -> None:
    with pytest.raises(MoneyError, match=reason):
        parse_money(typed)
