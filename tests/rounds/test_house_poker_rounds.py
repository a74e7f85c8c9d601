"""Hand-checked round scripts for Texas Hold'em, Texas Hold'em Bonus and
three-card poker, replayed through ``croupier.games.script.replay``.

Same contract as test_rounds.py (README.md here): ``<profile>/<NN-name>.json``
is a round script plus ``rule``, ``arithmetic`` and ``expect`` (or
``expect_error``) worked out by hand from RULES.md §2.1-2.3 and seed [004];
an expectation is never edited to match the engine. Cards: ``cards.boxes``
(each box's hole cards in dealing order), ``cards.dealer``, ``cards.board``
(flop, turn, river in order).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from roundkit import check_expectations
from roundkit import lines as _lines
from roundkit import load as _load
from roundkit import script_id as _id

from croupier.cards.card import parse_card
from croupier.games.script import ScriptError, replay

HERE = Path(__file__).parent
PROFILES = {
    "texas-holdem": "holdem",
    "texas-holdem-bonus": "holdem_bonus",
    "three-card": "three_card",
    "three-card-standard": "three_card",
}
SCRIPTS = sorted(p for name in PROFILES for p in (HERE / name).glob("*.json"))
CONTRACT = ("game", "profile", "limits", "boxes", "cards", "actions", "seed")
LINE_NAMES = {"ante", "bet", "turn", "river", "bonus", "pair_plus", "ante_bonus"}
HOLE = {"holdem": 2, "holdem_bonus": 2, "three_card": 3}


def test_every_house_poker_profile_has_at_least_five_settled_rounds() -> None:
    settled = Counter(p.parent.name for p in SCRIPTS if "expect" in _load(p))
    assert {name: settled[name] for name in PROFILES if settled[name] < 5} == {}


@pytest.mark.parametrize("path", SCRIPTS, ids=_id)
def test_house_poker_script_is_well_formed(path: Path) -> None:
    """The hand-check is consistent: cards real and dealt once, nets add up."""
    script = _load(path)
    assert script["profile"] == path.parent.name
    assert script["game"] == PROFILES[path.parent.name]
    assert script["rule"].strip() and script["arithmetic"].strip()
    assert ("expect" in script) != ("expect_error" in script), "expect XOR expect_error"
    cards = script["cards"]
    dealt = [c for hand in cards["boxes"].values() for c in hand]
    dealt += cards["dealer"] + cards.get("board", [])
    codes = [parse_card(c) for c in dealt]
    assert len(set(codes)) == len(codes), f"a card appears twice: {dealt}"
    hole = HOLE[script["game"]]
    assert len(cards["dealer"]) == hole
    assert all(len(hand) == hole for hand in cards["boxes"].values())
    check_expectations(script, LINE_NAMES)


@pytest.mark.parametrize("path", SCRIPTS, ids=_id)
def test_house_poker_round_settles_as_hand_checked(path: Path) -> None:
    script = _load(path)
    contract = {k: v for k, v in script.items() if k in CONTRACT}
    if "expect_error" in script:
        with pytest.raises(ScriptError, match="(?i)" + re.escape(script["expect_error"])) as no:
            replay(contract)
        if script["actions"]:  # the refused action is named with its box and verb
            last = script["actions"][-1]
            assert f"box {last['box']}" in str(no.value) and last["act"] in str(no.value)
        return
    out = replay(contract)
    assert out.get("status") == "settled", f"round did not settle: {out}"
    expect = script["expect"]
    assert out["dealer_qualifies"] == expect["dealer_qualifies"]
    got = {int(b["box"]): b for b in out["boxes"]}
    for box in expect["boxes"]:
        n = box["box"]
        assert (n, _lines(got[n]["lines"])) == (n, _lines(box["lines"]))
        assert (n, got[n]["net"]) == (n, box["net"])
