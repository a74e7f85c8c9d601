"""Hand-checked round scripts for blackjack, baccarat and roulette, replayed.

Same contract as test_rounds.py (see README.md): each ``<game>/<NN-name>.json``
is a round script plus ``rule``, ``arithmetic`` and ``expect`` (or
``expect_error``) worked out by hand from RULES.md and seed [004]; the
expectation is never edited to match the engine. ``expect.details`` lists
settlement fields that must match (``result``, ``pocket``, ``dealer_points``...);
``expect.boxes`` every box's ``net`` and stake lines (all-zero lines may be left out).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from roundkit import lines as _lines
from roundkit import load as _load
from roundkit import script_id as _id

from croupier.games.script import ScriptError, replay

HERE = Path(__file__).parent
GAMES = ("blackjack", "baccarat", "roulette")
SCRIPTS = sorted(p for game in GAMES for p in (HERE / game).glob("*.json"))
CONTRACT = ("game", "profile", "limits", "boxes", "cards", "actions", "seed", "result")


def test_every_table_game_has_at_least_five_rounds() -> None:
    counts = Counter(path.parent.name for path in SCRIPTS)
    assert {g: counts[g] for g in GAMES if counts[g] < 5} == {}


@pytest.mark.parametrize("path", SCRIPTS, ids=_id)
def test_table_script_is_well_formed(path: Path) -> None:
    """The hand-check is consistent: the right game, a rule, arithmetic, nets add up."""
    script = _load(path)
    assert script["game"] == path.parent.name
    assert script["rule"].strip() and script["arithmetic"].strip()
    assert ("expect" in script) != ("expect_error" in script), "expect XOR expect_error"
    numbers = [b["box"] for b in script["boxes"]]
    for act in script["actions"]:
        assert act.get("box", 0) in [*numbers, 0], f"action for a box not at the table: {act}"
    if "expect_error" in script:
        return
    for box in script["expect"]["boxes"]:
        assert box["box"] in numbers
        total = sum(x["returned"] - x["staked"] for x in box["lines"])
        assert box["net"] == total, f"box {box['box']}: net {box['net']} but lines give {total}"
        assert all(isinstance(x["staked"], int) for x in box["lines"]), "money is integers"


@pytest.mark.parametrize("path", SCRIPTS, ids=_id)
def test_table_round_settles_as_hand_checked(path: Path) -> None:
    script = _load(path)
    contract = {k: v for k, v in script.items() if k in CONTRACT}
    if "expect_error" in script:
        with pytest.raises(ScriptError, match="(?i)" + re.escape(script["expect_error"])) as no:
            replay(contract)
        if script["actions"]:
            last = script["actions"][-1]
            assert last["act"] in str(no.value), str(no.value)
        return
    out = replay(contract)
    assert out.get("status") == "settled", f"round did not settle: {out}"
    expect = script["expect"]
    for key, value in expect.get("details", {}).items():
        assert (key, out.get(key)) == (key, value)
    got = {int(b["box"]): b for b in out["boxes"]}
    assert sorted(got) == sorted(b["box"] for b in expect["boxes"]), "every box is settled"
    for box in expect["boxes"]:
        n = box["box"]
        assert (n, _lines(got[n]["lines"])) == (n, _lines(box["lines"]))
        assert (n, got[n]["net"]) == (n, box["net"])
        notes = {(x["line"], x.get("note", "")) for x in got[n]["lines"]}
        for line in (x for x in box["lines"] if "note" in x):  # e.g. roulette's returned excess
            assert (line["line"], line["note"]) in notes
    assert out["house_result"] == -sum(b["net"] for b in expect["boxes"])
