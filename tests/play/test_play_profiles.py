"""``croupier profiles``: every shipped profile, its key settings and pay tables,
generated from the loaded profile objects."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from playkit import run
from rich.console import Console

from croupier.games.stud.profile import StudProfile
from croupier.play.catalog import catalog, profile_details
from croupier.play.stud import StudPlugin, ante_text
from croupier.profiles import load, profile_ids


def _text(renderable: object, width: int = 250) -> str:
    screen = StringIO()
    Console(file=screen, width=width).print(renderable)
    return screen.getvalue()


def _stud_ids() -> list[str]:
    return [pid for pid in profile_ids() if isinstance(load(pid), StudProfile)]


def test_profiles_lists_every_shipped_profile() -> None:
    result = run(["profiles"], [])
    assert result.exit_code == 0, result.output
    for pid in profile_ids():
        assert pid in result.output
    wide = _text(catalog(250))
    for pid in _stud_ids():
        row = next(r for r in wide.splitlines() if f"│ {pid} " in r)
        profile = load(pid)
        assert profile.source.split()[0] in row
        assert profile.dealer.qualifies_with.label in row


@pytest.mark.parametrize("pid", ["six-card", "russian", "six-card-all-in-one", "five-card-sixth"])
def test_profiles_key_settings_come_from_the_profile(pid: str) -> None:
    profile = load(pid)
    summary = StudPlugin().summary(profile)
    assert summary["ANTE on a win"] == ("paid 1:1" if profile.ante_on_win == "paid" else "returned")
    assert summary["ties"] == ("push" if profile.tie == "push" else "the player wins")
    for rnd in profile.improve:
        for n in rnd.exchange_counts:
            assert f"{ante_text(rnd.exchange_prices[n])} ANTE" in summary["improve"]
        if rnd.sixth is not None:
            assert f"6th card for {ante_text(rnd.sixth)} ANTE" in summary["improve"]
    options = summary["options"]
    assert ("insurance" in options) == (profile.insurance is not None)
    assert ("buy a game" in options) == (profile.buy_game is not None)
    assert ("take half" in options) == (profile.take_half is not None)
    assert ("BONUS" in options) == (profile.bonus is not None)
    assert ("second combination" in options) == profile.second_combination


@pytest.mark.parametrize("pid", ["russian", "six-card-all-in-one", "five-card-exchange"])
def test_profiles_id_shows_the_full_pay_tables(pid: str) -> None:
    profile = load(pid)
    text = _text(profile_details(pid))
    for category, pays in profile.pay_table.items():
        assert re.search(rf"│ {re.escape(category.label)} +│ +{pays}:1 │", text), (category, text)
    if profile.bonus is not None and profile.bonus.pays:
        assert "BONUS pay table" in text
        for category, pays in profile.bonus.pays.items():
            assert re.search(rf"│ {re.escape(category.label)} +│ +{pays}:1 │", text)
    result = run(["profiles", pid], [])
    assert result.exit_code == 0
    assert "BET pay table" in result.output


def test_profiles_unknown_id_is_refused_with_the_known_ones() -> None:
    result = run(["profiles", "no-such"], [])
    assert result.exit_code == 1
    assert "no profile 'no-such'" in result.output
    assert "russian" in result.output


def test_profiles_schema_command_prints_the_json_schema() -> None:
    result = run(["profiles", "--schema", "blackjack"], [])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed["properties"]["surrender"]["enum"] == ["none", "not_against_ace", "any"]
    every = json.loads(run(["profiles", "--schema"], []).output)
    assert set(every) == {load(pid).game for pid in profile_ids()}
    refused = run(["profiles", "--schema", "bingo"], [])
    assert refused.exit_code == 1 and "no profile or game 'bingo'" in refused.output
