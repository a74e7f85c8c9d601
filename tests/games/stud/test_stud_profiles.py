"""Rule profiles: the seven ship and load; a bad profile is refused naming file and field."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from croupier.games.stud.profile import StudProfile
from croupier.poker.hand import Category
from croupier.profiles import PROFILE_DIR, ProfileError, load, load_file, parse, profile_ids

SHIPPED = (
    "six-card-all-in-one",
    "five-card-exchange",
    "five-card-sixth",
    "russian-online",
    "six-card",
    "russian",
    "six-card-shambala",
)


def test_the_seven_stud_profiles_ship_and_load() -> None:
    assert set(SHIPPED) <= set(profile_ids())
    for pid in SHIPPED:
        profile = load(pid)
        assert isinstance(profile, StudProfile) and profile.id == pid


def test_dealer_qualification_per_source() -> None:
    ace_king = {p for p in SHIPPED if load(p).dealer.qualifies_with is Category.ACE_KING}
    assert ace_king == {"five-card-exchange", "five-card-sixth", "russian-online", "russian"}


def _data(pid: str = "six-card-all-in-one") -> dict[str, Any]:
    return tomllib.loads((PROFILE_DIR / f"{pid}.toml").read_text())


def _refused(data: dict[str, Any], match: str) -> None:
    with pytest.raises(ProfileError, match=match):
        parse(data, "bad.toml")


def test_profile_unknown_key_is_refused() -> None:
    data = _data()
    data["dealer"]["qualifies_wiht"] = "pair"
    _refused(data, r"bad.toml: dealer.qualifies_wiht: unknown setting")
    data = _data()
    data["colour"] = "green"
    _refused(data, r"bad.toml: colour: unknown setting")


def test_profile_pay_table_missing_a_class_is_refused() -> None:
    data = _data()
    del data["pay_table"]["flush"]
    _refused(data, r"pay_table.flush: missing")


def test_profile_pay_table_paying_ace_king_where_it_is_no_combination_is_refused() -> None:
    data = _data()
    data["pay_table"]["ace_king"] = 1
    _refused(data, r"pay_table.ace_king: is not a combination here")


def test_profile_exchange_price_for_a_count_not_allowed_is_refused() -> None:
    data = _data()
    data["improve"][0]["exchange_prices"]["4"] = "1"
    _refused(data, r"improve\[0\].exchange_prices.4: a price for exchanging 4 cards, which is not")


def test_profile_allowed_exchange_without_a_price_is_refused() -> None:
    data = _data()
    del data["improve"][0]["exchange_prices"]["5"]
    _refused(data, r"improve\[0\].exchange_prices: no price for exchanging 5 cards")


def test_profile_contradictions_are_refused() -> None:
    data = _data()
    del data["bonus"]
    _refused(data, r"take_half.requires_bonus: set, but the profile has no BONUS")
    data = _data("six-card")
    del data["buy_game"]
    _refused(data, r"dark.prebuy: 'buy_game' offered, but the profile does not sell it")
    data = _data("six-card")
    data["improve"][0] = {"exchange_counts": [1], "exchange_prices": {"1": "1"}}
    _refused(data, r"improve\[1\].after: needs a 6th card in the round before")
    data = _data("russian")
    data["dealer"]["qualifies_with"] = "high_card"
    _refused(data, r"dealer.qualifies_with: below the lowest combination")
    data = _data("five-card-exchange")
    data["dark"]["prebuy"] = ["sixth"]
    _refused(data, r"dark.prebuy: 'sixth' offered")


def test_profile_bad_values_are_refused() -> None:
    data = _data()
    data["improve"][0]["sixth"] = "one"
    _refused(data, r"improve\[0\].sixth: 'one' is not a number")
    data = _data()
    data["settle"]["tie"] = "dealer"
    _refused(data, r"settle.tie: 'dealer' is not one of push, player")
    data = _data()
    data["game"] = "bingo"
    _refused(data, r"game: unknown game 'bingo'")


def test_profile_file_errors_name_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("game = \n")
    with pytest.raises(ProfileError, match=r"broken\.toml: not valid TOML"):
        load_file(broken)
    renamed = tmp_path / "other.toml"
    renamed.write_text((PROFILE_DIR / "six-card.toml").read_text())
    with pytest.raises(ProfileError, match=r"other\.toml: id: 'six-card' does not match"):
        load_file(renamed)
    with pytest.raises(ProfileError, match="no profile 'nope'"):
        load("nope")
