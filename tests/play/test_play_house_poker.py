"""House-banked poker (Texas Hold'em, Hold'em Bonus, three-card) through ``croupier play``:
street decisions from the same menu, settlements checked against the seed's replay."""

from __future__ import annotations

from typing import Any

import pytest
from playkit import PLAYER, check_rounds, run, seed_args

from croupier.games.script import replay
from croupier.play.money import format_money

SEED = "7a" * 16
LIMITS = {"min": 2500, "max": 25000, "max_payout": 300000}


def _script(profile: str, game: str, nonce: int, box: dict[str, Any], actions: list[Any]) -> Any:
    return replay(
        {
            "game": game,
            "profile": profile,
            "limits": LIMITS,
            "boxes": [{"box": 1, "player": PLAYER, **box}],
            "seed": {"server_seed": SEED, "client_seed": "", "nonce": nonce},
            "actions": actions,
        }
    )


@pytest.mark.parametrize(
    ("profile", "game", "typed", "acts"),
    [
        ("texas-holdem", "holdem", ["play"], ["play"]),
        ("texas-holdem", "holdem", ["fold"], ["fold"]),
        ("texas-holdem-bonus", "holdem_bonus", ["play", "bet", "check"], ["play", "bet", "check"]),
        ("three-card", "three_card", ["1"], ["play"]),
    ],
)
def test_play_house_poker_streets_match_the_engine_settlement(
    profile: str, game: str, typed: list[str], acts: list[str]
) -> None:
    stakes = ["", "", ""]  # box 1, ANTE 25, no side bet
    result = run(["play", profile, *seed_args(SEED, 1)], [*stakes, *typed])
    assert result.exit_code == 0, result.output
    settled = _script(profile, game, 0, {"ante": 2500}, [{"box": 1, "act": a} for a in acts])
    assert settled["status"] == "settled"
    net = settled["boxes"][0]["net"]
    check_rounds(result.output, [net])
    assert "box net" in result.output and format_money(net, sign=True) in result.output


def test_play_three_card_pair_plus_alone() -> None:
    """PAIR PLUS may stand without an ANTE: no decision, the settlement at once."""
    result = run(["play", "three-card", *seed_args(SEED, 1)], ["", "0", "30"])
    assert result.exit_code == 0, result.output
    settled = _script("three-card", "three_card", 0, {"ante": 0, "pair_plus": 3000}, [])
    check_rounds(result.output, [settled["boxes"][0]["net"]])


def test_play_hold_em_bonus_dark_box_with_preset_turn() -> None:
    """A dark box stakes its BET with the ANTE and the TURN it pre-set; the light box
    decides every street; both are settled separately, the round's net is their sum."""
    profile, game = "texas-holdem-bonus", "holdem_bonus"
    lines = ["1 2d", "", "", "", "", "y", "n", "play", "check", "check"]
    result = run(["play", profile, *seed_args(SEED, 1)], lines)
    assert result.exit_code == 0, result.output
    settled = replay(
        {
            "game": game,
            "profile": profile,
            "limits": LIMITS,
            "boxes": [
                {"box": 1, "player": PLAYER, "ante": 2500},
                {"box": 2, "player": PLAYER, "ante": 2500, "dark": True, "prebuy": ["turn"]},
            ],
            "seed": {"server_seed": SEED, "client_seed": "", "nonce": 0},
            "actions": [{"box": 1, "act": a} for a in ("play", "check", "check")],
        }
    )
    dark = next(b for b in settled["boxes"] if b["box"] == 2)
    assert any(line["line"] == "turn" for line in dark["lines"])
    check_rounds(result.output, [sum(b["net"] for b in settled["boxes"])])


def test_play_dark_box_stakes_are_covered_as_the_engine_counts_them() -> None:
    """What stakes take comes from the engine: a dark box puts up its ANTE, the
    flop BET (2 ANTEs) and the TURN it pre-set with the deal, so the light ANTE
    25 + dark 25 + 50 + 25 = 125 roubles do not fit in 100; asked again, one
    light box of 25 does."""
    lines = ["1 2d", "", "", "", "", "y", "n", "1", "", "", "fold"]
    result = run(["play", "texas-holdem-bonus", "--chips", "100", *seed_args(SEED, 1)], lines)
    assert result.exit_code == 0, result.output
    assert "these stakes take 125,00 ₽; you have 100,00 ₽" in result.output
    check_rounds(result.output, [-2500], start=10_000)
