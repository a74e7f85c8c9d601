"""Adding a game is one package and one line in the registry (docs/architecture.md).

The worked example, ``high_card`` (tests/games/high_card.py), is registered here
the way a new package under ``croupier/games/`` is, by its line in ``GAMES``; its
profiles then load through ``croupier.profiles`` and its rounds keep the engine
contract that every shipped game keeps.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from unittest.mock import patch

import pytest
from enginekit import play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games.base import BoxStake, Limits, RoundSetup
from croupier.games.registry import GAMES, RuleProfile, spec, spec_for
from croupier.profiles import ProfileError, parse

PROFILE = """
game = "high_card"
id = "high-card"
name = "High card"
pays = 1
boxes = 3
"""


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    with patch.dict(GAMES, {"high_card": "high_card"}):  # the one line in GAMES
        yield


def _profile() -> RuleProfile:
    return parse(tomllib.loads(PROFILE), "high-card.toml")


def test_its_profiles_load_and_are_rule_profiles() -> None:
    profile = _profile()
    assert (profile.id, profile.name, profile.game) == ("high-card", "High card", "high_card")
    assert spec_for(profile) is spec("high_card")
    with pytest.raises(ProfileError, match=r"high-card\.toml: pays: must be a whole number"):
        parse(tomllib.loads(PROFILE.replace("pays = 1", "pays = 0")), "high-card.toml")


@settings(max_examples=30, deadline=None)
@given(
    st.data(),
    st.binary(min_size=32, max_size=32),
    st.lists(st.integers(100, 500), min_size=1, max_size=3),
)
def test_its_rounds_keep_the_engine_contract(
    data: st.DataObject, seed: bytes, antes: list[int]
) -> None:
    boxes = tuple(BoxStake(i + 1, f"p{i}", {"ante": a}) for i, a in enumerate(antes))
    setup = RoundSetup(_profile(), Limits(100, 500, 10_000), boxes)
    trace, _ = play_random(data, setup, seed)
    codec = spec("high_card").script
    assert all(codec.read_box(codec.write_box(b), "box") == b for b in boxes)
    assert len(trace.actions) == len(boxes)
