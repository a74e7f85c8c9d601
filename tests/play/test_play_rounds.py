"""Full rounds through ``croupier play`` with typed input, checked against the engine.

Each test types a player's answers, then replays the very same rounds from their seeds
through the round-script path (``croupier.games.script.replay``) and checks that what the
terminal printed (each box's staked / paid back / net, the dealer's hand, the round's net
and the running balance) is that settlement.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playkit import (
    ONE_BOX,
    PLAYER,
    after,
    cards_of,
    check_rounds,
    deal,
    expected,
    run,
    seed_args,
)

from croupier.cards import format_card
from croupier.games.base import Action
from croupier.games.script import replay
from croupier.games.stud import StudGame
from croupier.play.money import format_money

SEED = "c0ffee" * 5 + "00"  # 16 bytes


def _box_net_row(output: str, box: dict[str, Any]) -> str:
    net = format_money(box["net"], sign=True)
    rows = [r for r in output.splitlines() if r.strip().startswith("box net") and net in r]
    assert rows, f"no 'box net' row with {net} for box {box['box']}:\n{output}"
    return rows[0]


def check_printed_settlement(output: str, settled: dict[str, Any]) -> None:
    """Every stake line and the box net of the engine's settlement are on the screen."""
    for box in settled["boxes"]:
        row = _box_net_row(output, box)
        staked = sum(line["staked"] for line in box["lines"])
        returned = sum(line["returned"] for line in box["lines"])
        assert format_money(staked, currency=False) in row
        assert format_money(returned, currency=False) in row
        for line in box["lines"]:
            wanted = [
                line["line"],
                format_money(line["staked"], currency=False),
                format_money(line["returned"], currency=False),
            ]
            assert any(all(w in row for w in wanted) for row in output.splitlines()), (
                line,
                output,
            )
    for hand in settled["dealer"]:
        assert hand["description"] in output


def _rounds(output: str) -> list[str]:
    """The output cut into rounds (text from one 'Round N' header to the next)."""
    return re.split(r"\nRound \d+   chips", output)[1:]


def test_play_exchange_rounds_match_the_engine_settlement(tmp_path: Path) -> None:
    """five-card-exchange: three rounds, each exchanging one card (typed three ways)."""
    profile = "five-card-exchange"
    settlements: list[dict[str, Any]] = []
    lines: list[str] = []
    for nonce in range(3):
        text = format_card(cards_of(deal(profile, SEED, nonce, ONE_BOX), 1)[0])
        stakes = ["", ""] if nonce == 0 else [""]  # box 1, minimum ANTE; then "same stakes"
        exchange = [["exchange", "1"], [f"exchange {text}"], ["1", text.lower()]][nonce]
        lines += [*stakes, *exchange, "play"]
        actions = [{"box": 1, "act": "exchange", "cards": [text]}, {"box": 1, "act": "play"}]
        settlements.append(expected(profile, SEED, nonce, ONE_BOX, actions))
    nets = [s["boxes"][0]["net"] for s in settlements]
    result = run(["play", profile, *seed_args(SEED, 3), "--record", str(tmp_path)], lines)
    assert result.exit_code == 0, result.output
    check_rounds(result.output, nets)
    for text, settled in zip(_rounds(result.output), settlements, strict=True):
        check_printed_settlement(text, settled)
    # The recorded scripts replay, from the revealed seed alone, to what was printed.
    recorded = sorted(tmp_path.glob("round-*.json"))
    assert len(recorded) == 3
    replayed = [replay(json.loads(p.read_text()))["boxes"][0]["net"] for p in recorded]
    assert replayed == nets


def test_play_sixth_card_and_discard_rounds_match_the_engine_settlement() -> None:
    """five-card-sixth: buy a 6th card, give one back (by position, inline, by name)."""
    profile = "five-card-sixth"
    game = StudGame()
    nets: list[int] = []
    lines: list[str] = []
    for nonce in range(3):
        state = after(deal(profile, SEED, nonce, ONE_BOX), Action("buy_sixth", box=1))
        six = cards_of(state, 1)
        assert len(six) == 6
        give = [six[5], six[0], six[2]][nonce]
        typed = [["discard", "6"], ["discard 1"], ["discard", format_card(give)]][nonce]
        final = "fold" if nonce == 2 else "play"
        lines += [*(["", ""] if nonce == 0 else [""]), "buy_sixth", *typed, final]
        actions = [
            {"box": 1, "act": "buy_sixth"},
            {"box": 1, "act": "discard", "cards": [format_card(give)]},
            {"box": 1, "act": final},
        ]
        settled = expected(profile, SEED, nonce, ONE_BOX, actions)
        nets.append(settled["boxes"][0]["net"])
        assert game.to_act(after(state, Action("discard", 1, cards=(give,)))) is not None
    result = run(["play", profile, *seed_args(SEED, 3)], lines)
    assert result.exit_code == 0, result.output
    check_rounds(result.output, nets)
    assert "sixth" in result.output and "fold" in result.output


def test_play_fold_loses_the_ante_each_round() -> None:
    """six-card-all-in-one: fold three times, no BONUS: the ANTE is lost, nothing more."""
    profile = "six-card-all-in-one"
    lines = ["1", "25", "n", "fold", "", "fold", "", "fold"]
    result = run(["play", profile, *seed_args(SEED, 3)], lines)
    assert result.exit_code == 0, result.output
    nets = [
        expected(profile, SEED, n, ONE_BOX, [{"box": 1, "act": "fold"}])["boxes"][0]["net"]
        for n in range(3)
    ]
    assert nets == [-2500, -2500, -2500]
    check_rounds(result.output, nets)
    for nonce, text in enumerate(_rounds(result.output)):
        check_printed_settlement(
            text, expected(profile, SEED, nonce, ONE_BOX, [{"box": 1, "act": "fold"}])
        )


def test_play_without_a_profile_asks_and_defaults_to_russian() -> None:
    """`make run` starts `croupier play` with no argument: Enter picks Russian poker,
    and a dealer without a game asks to buy a game or take the ANTE."""
    profile = "russian"
    lines = [""]  # which game: the default
    nets: list[int] = []
    for nonce in range(4):
        played = after(deal(profile, SEED, nonce, ONE_BOX), Action("play", box=1))
        actions: list[dict[str, Any]] = [{"box": 1, "act": "play"}]
        stakes = ["", "", "", ""] if nonce == 0 else [""]  # box, ANTE, BONUS, dealer BONUS
        lines += [*stakes, "play"]
        if StudGame().to_act(played) is not None:  # the dealer showed no game
            lines.append("take_ante")
            actions.append({"box": 1, "act": "take_ante"})
        nets.append(expected(profile, SEED, nonce, ONE_BOX, actions)["boxes"][0]["net"])
    result = run(["play", *seed_args(SEED, 4)], lines)
    assert result.exit_code == 0, result.output
    assert "Russian poker (russian)" in result.output
    check_rounds(result.output, nets)


def test_play_dark_box_and_two_boxes_settle_separately() -> None:
    """six-card: a light and a dark box with a pre-bought 6th card; each box's lines
    are the engine's, the round's net is their sum."""
    profile = "six-card"
    boxes = [{"box": 1, "ante": 3000}, {"box": 2, "ante": 3000, "dark": True, "prebuy": ["sixth"]}]
    # box 1 and 2 dark; ANTE 30 each; box 2 pre-buys the 6th card, not a game
    lines = ["1 2d", "30", "30", "y", "n", "play"]
    actions: list[dict[str, Any]] = [{"box": 1, "act": "play"}]
    played = after(deal(profile, SEED, 0, boxes), Action("play", box=1))
    if StudGame().to_act(played) is not None:
        lines.append("take_ante")
        actions.append({"box": 1, "act": "take_ante"})
    settled = expected(profile, SEED, 0, boxes, actions)
    result = run(["play", profile, *seed_args(SEED, 1)], lines)
    assert result.exit_code == 0, result.output
    check_rounds(result.output, [sum(b["net"] for b in settled["boxes"])])
    check_printed_settlement(result.output, settled)
    assert all(b["player"] == PLAYER for b in settled["boxes"])


def test_play_baccarat_through_the_same_loop(tmp_path: Path) -> None:
    """A game without decisions plugs in with its own stakes and drawing: the session
    goes from the stakes straight to the settlement, which matches the seed's replay."""
    lines = ["", "", "100", "0", "c", "1", "50", "0", "25"]
    result = run(["play", "baccarat", *seed_args(SEED, 2), "--record", str(tmp_path)], lines)
    assert result.exit_code == 0, result.output
    stakes = [{"banker": 10000}, {"player": 5000, "tie": 2500}]
    nets = []
    for nonce, stake in enumerate(stakes):
        script = {
            "game": "baccarat",
            "profile": "baccarat",
            "limits": {"min": 2500, "max": 25000, "max_payout": 300000},
            "boxes": [{"box": 1, "player": PLAYER, "stakes": stake}],
            "seed": {"server_seed": SEED, "client_seed": "", "nonce": nonce},
            "actions": [],
        }
        settled = replay(script)
        check_printed_settlement(_rounds(result.output)[nonce], settled)
        nets.append(settled["boxes"][0]["net"])
        recorded = json.loads((tmp_path / f"round-{nonce + 1:03d}.json").read_text())
        assert recorded["boxes"] == script["boxes"]
    check_rounds(result.output, nets)


def test_play_insurance_amount_typed_inline_or_asked() -> None:
    """Russian poker with three of a kind or better: insure (an amount in roubles, the
    engine's range), then play; the insurance line is settled as the engine says."""
    profile = "russian"
    seed = next(
        s
        for s in (bytes([i]) * 16 for i in range(256))
        if any(
            a.act == "insure" for a in StudGame().legal_actions(deal(profile, s.hex(), 0, ONE_BOX))
        )
    ).hex()
    state = deal(profile, seed, 0, ONE_BOX)
    insure = next(a for a in StudGame().legal_actions(state) if a.act == "insure")
    assert insure.min_amount == 2500
    lines = ["", "", "", "", "insure 10", "60", "play"]
    actions: list[dict[str, Any]] = [
        {"box": 1, "act": "insure", "amount": 6000},
        {"box": 1, "act": "play"},
    ]
    played = after(state, Action("insure", 1, amount=6000), Action("play", 1))
    if StudGame().to_act(played) is not None:
        lines.append("take_ante")
        actions.append({"box": 1, "act": "take_ante"})
    result = run(["play", profile, *seed_args(seed, 1)], lines)
    assert result.exit_code == 0, result.output
    assert "10,00 ₽ is outside 25,00 ₽" in result.output
    settled = expected(profile, seed, 0, ONE_BOX, actions)
    assert any(line["line"] == "insurance" for line in settled["boxes"][0]["lines"])
    check_printed_settlement(result.output, settled)
    check_rounds(result.output, [settled["boxes"][0]["net"]])


def test_play_roulette_bets_are_actions_of_the_same_loop(tmp_path: Path) -> None:
    """Roulette's bets are actions (a spot and an amount) until no more bets; the
    printed settlement is the seed's replay of the same bets."""
    lines = [
        "",
        "",
        "",
        "bet red 50",
        "bet",
        "voisins",
        "45",
        "225",
        "no_more_bets",
        "",
        "no_more_bets",
    ]
    # colour 1, chip 25, all the chips in colour; red 50; voisins refused at 45 (9 chips
    # of 25), 225 taken; spin;
    # Round 2: same colour, then spin with no bets.
    result = run(["play", "roulette", *seed_args(SEED, 2), "--record", str(tmp_path)], lines)
    assert result.exit_code == 0, result.output
    assert "45,00 ₽ is outside 225,00 ₽" in result.output
    bets: list[list[dict[str, Any]]] = [
        [
            {"box": 1, "act": "bet", "spot": "red", "amount": 5000},
            {"box": 1, "act": "bet", "spot": "voisins", "amount": 22500},
            {"box": 0, "act": "no_more_bets"},
        ],
        [{"box": 0, "act": "no_more_bets"}],
    ]
    nets = []
    for nonce, actions in enumerate(bets):
        settled = replay(
            {
                "game": "roulette",
                "profile": "roulette",
                "limits": {"min": 2500, "max": 25000, "max_payout": 300000},
                "boxes": [{"box": 1, "player": PLAYER, "chip": 2500}],
                "seed": {"server_seed": SEED, "client_seed": "", "nonce": nonce},
                "actions": actions,
            }
        )
        check_printed_settlement(_rounds(result.output)[nonce], settled)
        nets.append(settled["boxes"][0]["net"])
        recorded = json.loads((tmp_path / f"round-{nonce + 1:03d}.json").read_text())
        assert recorded["actions"] == actions
    check_rounds(result.output, nets)


def test_play_blackjack_decisions_through_the_same_loop(tmp_path: Path) -> None:
    """Blackjack: hit, stand (and a split when the cards allow one) from the same menu;
    every round's settlement is the seed's replay of the recorded actions."""
    lines = ["", "", ""]  # box 1, stake 25, no 21+3
    result = run(
        ["play", "blackjack", *seed_args(SEED, 3), "--record", str(tmp_path)],
        [*lines, "split", "hit", *["stand"] * 4, "", "hit", *["stand"] * 4, "", "stand"]
        + ["stand"] * 4,
    )
    assert result.exit_code == 0, result.output
    nets = []
    for nonce in range(3):
        script = json.loads((tmp_path / f"round-{nonce + 1:03d}.json").read_text())
        assert script["seed"] == {"server_seed": SEED, "client_seed": "", "nonce": nonce}
        assert script["boxes"] == [{"box": 1, "player": PLAYER, "stake": 2500}]
        settled = replay(script)
        check_printed_settlement(_rounds(result.output)[nonce], settled)
        nets.append(settled["boxes"][0]["net"])
    check_rounds(result.output, nets)


def test_play_buy_a_game_before_the_show_and_bonus_fee() -> None:
    """Six-card All-In-One: the BONUS fee (10 % of the ANTE, kept) is asked before the
    deal; a game is bought from the dealer before the show, then the box plays."""
    profile = "six-card-all-in-one"
    box = {"box": 1, "ante": 5000, "bonus": 500}
    lines = ["", "50", "y", "buy_game", "play"]
    actions = [{"box": 1, "act": "buy_game"}, {"box": 1, "act": "play"}]
    result = run(["play", profile, *seed_args(SEED, 1)], lines)
    assert result.exit_code == 0, result.output
    assert "carry the BONUS, 5,00 ₽" in result.output
    settled = expected(profile, SEED, 0, [box], actions)
    lines_by_name = {line["line"]: line for line in settled["boxes"][0]["lines"]}
    assert lines_by_name["bonus"] == {"line": "bonus", "staked": 500, "returned": 0}
    assert "buy_game" in lines_by_name
    check_printed_settlement(result.output, settled)
    check_rounds(result.output, [settled["boxes"][0]["net"]])
