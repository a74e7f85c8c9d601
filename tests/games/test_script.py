"""Round scripts: replay, errors that say where, the waiting answer, the CLI."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.games.script import ScriptError, replay, replay_file

BASE: dict[str, Any] = {
    "game": "stud",
    "profile": "russian",
    "limits": {"min": 100, "max": 100000, "max_payout": 5000000},
    "boxes": [
        {
            "box": 1,
            "player": "p1",
            "ante": 1000,
            "dark": False,
            "bonus": 0,
            "dealer_bonus": 0,
            "prebuy": [],
        }
    ],
    "cards": {
        "boxes": {"1": ["As", "Ks", "Qs", "Js", "2d"]},
        "dealer": ["Ah", "Kh", "3c", "4d", "9s"],
        "stock": ["Ts", "7c"],
    },
    "actions": [{"box": 1, "act": "exchange", "cards": ["2d"]}, {"box": 1, "act": "play"}],
}


def script(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def test_replay_settles_a_scripted_round() -> None:
    out = replay(script())
    assert out["status"] == "settled" and out["profile"] == "russian"
    assert out["dealer_qualifies"] is True
    (box,) = out["boxes"]
    assert box["net"] == 200 * 1000 - 1000
    assert {(x["line"], x["staked"], x["returned"]) for x in box["lines"]} == {
        ("ante", 1000, 1000),
        ("bet", 2000, 202000),
        ("exchange", 1000, 0),
    }
    assert out["house_result"] == -box["net"]
    assert box["hands"][0]["description"] == "royal flush"


def test_replay_mid_round_says_who_waits_for_what() -> None:
    out = replay(script(actions=[{"box": 1, "act": "exchange", "cards": ["2d"]}]))
    assert out == {
        "status": "waiting",
        "profile": "russian",
        "box": 1,
        "waiting_for": "play or fold",
    }


def test_replay_illegal_action_names_its_place() -> None:
    bad = script(
        actions=[{"box": 1, "act": "play"}, {"box": 1, "act": "exchange", "cards": ["2d"]}]
    )
    with pytest.raises(ScriptError, match=r"^actions\[1\]: box 1: exchange refused: the box has"):
        replay(bad)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"boxes": [{"box": 1, "player": "p1", "ante": 10.5}]},
            r"boxes\[0\].ante: must be a whole",
        ),
        ({"boxes": [{"box": 1, "player": "p1"}]}, r"boxes\[0\].ante: missing"),
        (
            {"boxes": [{"box": 1, "player": "p1", "ante": 1, "antes": 2}]},
            r"boxes\[0\].antes: unknown",
        ),
        ({"game": "bingo"}, r"game: unknown game 'bingo'"),
        ({"profile": "nope"}, r"profile: no profile 'nope'"),
        ({"limits": {"min": 100, "max": 10}}, r"limits.max_payout: missing"),
        ({"actions": [{"box": 1, "act": "exchange", "cards": ["Zz"]}]}, r"actions\[0\].cards\[0\]"),
        (
            {"cards": {"boxes": {"1": ["As", "As"]}}},
            r"cards: scripted cards: card As appears twice",
        ),
        ({"cards": {"boxes": {"1": ["As"]}}}, r"cards: the script's stock ran out"),
        ({"boxes": [{"box": 1, "player": "p1", "ante": 50}]}, r"boxes: box 1: ANTE 50 is outside"),
    ],
)
def test_replay_malformed_scripts_are_refused_with_where(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScriptError, match=message):
        replay(script(**change))


def test_replay_from_a_seed() -> None:
    seeded = script(seed={"server_seed": "00" * 32, "client_seed": "c", "nonce": 1}, actions=[])
    del seeded["cards"]
    out = replay(seeded)
    assert out["status"] == "waiting" and out["box"] == 1


def test_replay_file_and_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(script()))
    assert replay_file(path)["boxes"][0]["net"] == 199000
    runner = CliRunner()
    ok = runner.invoke(app, ["replay", str(path)])
    assert ok.exit_code == 0 and json.loads(ok.stdout)["boxes"][0]["net"] == 199000
    path.write_text("{not json")
    bad = runner.invoke(app, ["replay", str(path)])
    assert bad.exit_code == 1 and "round.json: not JSON" in bad.output
