"""Hand-checked round scripts for the Russian-poker profiles, replayed through the engine.

Every ``<profile>/<NN-name>.json`` next to this file is a round script (the public
contract of ARCHITECTURE.md) plus what a person worked out BY HAND from RULES.md and
the seeds: ``rule`` (the clause shown), ``arithmetic`` (the hand-check) and either
``expect`` (the settlement) or ``expect_error`` (a substring of the refusal). These
tests are the independent check on the stud engine: an expectation is never changed to
match the engine. Where the engine disagrees with the rules, the script carries
``engine_disagrees`` and its test is a strict xfail, so the day the engine is put right
the xfail turns into a failure that asks for the field to be removed.

See README.md here for the format and how to add a round.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from roundkit import check_expectations
from roundkit import lines as _lines
from roundkit import load as _load
from roundkit import script_id as _id

from croupier.cards.card import format_card, parse_card

HERE = Path(__file__).parent
PROFILES = (
    "six-card-all-in-one",
    "five-card-exchange",
    "five-card-sixth",
    "russian-online",
    "six-card",
    "russian",
    "six-card-shambala",
)
# The other games' folders have their own runners (test_table_rounds.py).
SCRIPTS = sorted(p for p in HERE.glob("*/*.json") if p.parent.name in PROFILES)
# What replay() reads; the hand-check fields stay in this test.
CONTRACT = ("game", "profile", "limits", "boxes", "cards", "actions", "seed")
LINE_NAMES = {
    "ante",
    "bet",
    "bonus",
    "dealer_bonus",
    "exchange",
    "sixth",
    "buy_game",
    "insurance",
    "take_half",
    "protection",
}
# RULES.md §1.2 and §4: only [002] shuffles discards back into the deck before the draw.
RESHUFFLED = {"russian-online"}


def repeated_cards(script: dict[str, Any]) -> list[str]:
    """The script's cards that appear more than once where they may not.

    One deck: every card once, except that where discards are shuffled back
    ([002]) a discarded card may be listed again in ``stock`` and dealt again,
    never while a box or the dealer still holds it. The stock is followed
    through the actions as the rules draw it: an exchange draws as many cards
    as it discards (after the discards went back), a 6th card one.
    """
    cards = script["cards"]
    dealt = [c for hand in cards["boxes"].values() for c in hand] + cards["dealer"]
    stock = list(cards.get("stock", []))
    if script["profile"] not in RESHUFFLED:
        every = dealt + stock
        return sorted({c for c in every if every.count(c) > 1})
    repeats = sorted({c for c in dealt if dealt.count(c) > 1})
    held = set(dealt)

    def draw(count: int) -> None:
        for card in stock[:count]:
            if card in held:
                repeats.append(card)
            held.add(card)
        del stock[:count]

    for act in script["actions"]:
        if act["act"] == "exchange":
            held.difference_update(act["cards"])  # back into the deck before the draw
            draw(len(act["cards"]))
        elif act["act"] == "buy_sixth":
            draw(1)
    draw(len(stock))  # cards listed but never drawn: once each, none still held
    return repeats


def _params() -> list[Any]:
    params = []
    for path in SCRIPTS:
        reason = _load(path).get("engine_disagrees")
        marks = (
            [pytest.mark.xfail(strict=True, reason=f"engine disagrees: {reason}")] if reason else []
        )
        params.append(pytest.param(path, id=_id(path), marks=marks))
    return params


def test_every_profile_has_at_least_five_rounds() -> None:
    counts = Counter(path.parent.name for path in SCRIPTS)
    assert set(counts) == set(PROFILES), "one folder per profile, named by its id"
    assert {p: n for p, n in counts.items() if n < 5} == {}


@pytest.mark.parametrize("path", SCRIPTS, ids=_id)
def test_script_is_well_formed(path: Path) -> None:
    """The hand-check itself is consistent: cards real and dealt once, nets add up."""
    script = _load(path)
    assert script["game"] == "stud"
    assert script["profile"] == path.parent.name
    assert script["rule"].strip() and script["arithmetic"].strip()
    assert ("expect" in script) != ("expect_error" in script), "expect XOR expect_error"
    cards = script["cards"]
    dealt = [c for hand in cards["boxes"].values() for c in hand] + cards["dealer"]
    dealt += cards.get("stock", [])
    codes = [parse_card(c) for c in dealt]
    assert [format_card(c) for c in codes] == dealt, "cards written as the contract spells them"
    assert repeated_cards(script) == [], f"a card appears twice: {dealt}"
    assert len(cards["dealer"]) == 5
    assert all(len(hand) == 5 for hand in cards["boxes"].values())
    check_expectations(script, LINE_NAMES)


def _script(profile: str, stock: str, *actions: dict[str, Any]) -> dict[str, Any]:
    return {
        "profile": profile,
        "cards": {"boxes": {"1": ["8c", "8d", "Kh", "6s", "2c"]},
                  "dealer": ["Ac", "Kc", "Jd", "7s", "5h"],
                  "stock": stock.split()},
        "actions": list(actions),
    }  # fmt: skip


def test_002_a_discarded_card_may_come_back_in_the_stock_never_one_still_held() -> None:
    """§1.2 / §4 [002]: discards are shuffled back before the draw, so a script may
    list a discarded card again; the check refuses every other repeat."""
    swap = {"box": 1, "act": "exchange", "cards": ["Kh", "6s", "2c"]}
    assert repeated_cards(_script("russian-online", "8h 2c Qd", swap)) == []
    assert repeated_cards(_script("russian-online", "8h Kh 6s", swap)) == []
    # still held by the box or the dealer, or listed twice with no discard between
    assert repeated_cards(_script("russian-online", "8h 8c Qd", swap)) == ["8c"]
    assert repeated_cards(_script("russian-online", "8h Ac Qd", swap)) == ["Ac"]
    assert repeated_cards(_script("russian-online", "8h 2c 2c", swap)) == ["2c"]
    assert repeated_cards(_script("russian-online", "2c 8h Qd")) == ["2c"]  # never discarded
    assert repeated_cards(_script("russian-online", "8h 9h Qd 9h", swap)) == ["9h"]  # undrawn
    # profiles that set discards aside: every repeat refused
    assert repeated_cards(_script("five-card-exchange", "2c", swap)) == ["2c"]


@pytest.mark.parametrize("path", _params())
def test_round_settles_as_hand_checked(path: Path) -> None:
    from croupier.games.script import ScriptError, replay

    script = _load(path)
    contract = {k: v for k, v in script.items() if k in CONTRACT}
    if "expect_error" in script:
        with pytest.raises(
            ScriptError, match="(?i)" + re.escape(script["expect_error"])
        ) as refused:
            replay(contract)
        message = str(refused.value)
        # ARCHITECTURE.md: a refused action is named with its box and verb; every error
        # script with actions ends with the refused one (without actions, set-up is refused).
        if script["actions"]:
            last = script["actions"][-1]
            assert f"box {last['box']}" in message and last["act"] in message, message
        return
    out = replay(contract)
    assert out.get("status") == "settled", f"round did not settle: {out}"
    expect = script["expect"]
    assert out["dealer_qualifies"] == expect["dealer_qualifies"]
    got = {int(b["box"]): b for b in out["boxes"]}
    for box in expect["boxes"]:
        n = box["box"]
        assert n in got, f"box {n} missing from the settlement"
        assert (n, _lines(got[n]["lines"])) == (n, _lines(box["lines"]))
        assert (n, got[n]["net"]) == (n, box["net"])
