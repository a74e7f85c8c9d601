"""The engine contract, checked over every shipped profile of every registered game.

What ``croupier.games.base.Game`` promises of any engine, whatever its game:
random legal play always ends settled; every open action is accepted and the
timer's action is always open; an action the rules refuse raises
``IllegalAction`` and changes nothing; what each box has on the table never
goes down, and the settlement stakes exactly that; a round the timer alone
plays settles too. And the game's script codec writes every box and action
so that it reads back the same. Game-specific properties (pay tables, caps,
what each viewer sees) stay with each game's tests.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

from enginekit import play_random, random_rounds, setups
from hypothesis import strategies as st

from croupier.games.registry import GAMES, spec
from croupier.profiles import load, profile_ids

PROFILES = profile_ids()


def test_every_game_name_is_played_by_the_package_it_names() -> None:
    for name, package in GAMES.items():
        found = importlib.import_module(package).SPEC
        assert spec(name) is found and name in found.games
    assert {load(pid).game for pid in PROFILES} <= set(GAMES)


def test_loading_a_profile_imports_its_own_game_only() -> None:
    """Engines are imported when their game is first asked for (the registry
    names packages as text), so a roulette profile never imports the stud engine."""
    code = (
        "import sys; from croupier.profiles import load; load('roulette'); "
        "print(sorted(m for m in sys.modules if m.count('.') == 2 and '.games.' in m))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {name.strip("' ") for name in out.stdout.strip("[]\n").split(",")}
    assert "croupier.games.roulette" in loaded
    assert not loaded & {f"croupier.games.{g}" for g in ("stud", "house_poker", "blackjack")}


@random_rounds(PROFILES, 40)
def test_random_legal_play_keeps_the_engine_contract(
    profile_id: str, data: st.DataObject, seed: bytes
) -> None:
    setup = data.draw(setups(profile_id))
    trace, _ = play_random(data, setup, seed)
    codec = spec(setup.profile.game).script
    for box in setup.boxes:
        assert codec.read_box(codec.write_box(box), "box") == box
    for action in trace.actions:
        assert codec.read_action(codec.write_action(action), "action") == action


@random_rounds(PROFILES, 15)
def test_the_timer_alone_finishes_every_round(
    profile_id: str, data: st.DataObject, seed: bytes
) -> None:
    play_random(data, data.draw(setups(profile_id)), seed, timer_only=True)
