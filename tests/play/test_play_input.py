"""Bad input is told why and asked again; hidden cards stay hidden; leaving is clean."""

from __future__ import annotations

import json
import re
import tempfile
from io import StringIO
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from playkit import ONE_BOX, check_rounds, deal, expected, hidden_dealer_cards, run, seed_args
from rich.console import Console

from croupier.cards import FairSeed, commit, format_card
from croupier.games.script import replay
from croupier.play import TableOptions, Terminal, play_session, scripted
from croupier.play.money import format_money
from croupier.profiles import load

SEED = "5eed" * 8


def test_play_bad_answers_are_reprompted_with_the_reason() -> None:
    lines = [
        "9",  # no box 9 at a 7-box table
        "1",
        "abc",  # not an amount
        "1000",  # above the table maximum of 250
        "25,555",  # three digits of kopecks
        "25",
        "dance",  # not on the menu
        "99",  # no such number
        "exchange 1 2",  # five-card-exchange takes exactly one card
        "7",  # no 7th position
        "1",
        "play now",  # play takes nothing more
        "play",
    ]
    result = run(["play", "five-card-exchange", *seed_args(SEED, 1)], lines)
    assert result.exit_code == 0, result.output
    out = result.output
    for reason in (
        "'9': the table has boxes 1 to 7",
        "'abc' is not an amount",
        "1 000,00 ₽ is outside 25,00 ₽ .. 250,00 ₽",
        "at most two digits of kopecks",
        "'dance' is not on the menu",
        "'99' is not on the menu",
        "choose 1 card(s), not 2",
        "7: positions are 1 to 5",
        "play takes nothing more",
    ):
        assert reason in out, (reason, out)
    assert "Traceback" not in out
    card = deal("five-card-exchange", SEED, 0, ONE_BOX).boxes[0].cards[0]
    settled = expected(
        "five-card-exchange",
        SEED,
        0,
        ONE_BOX,
        [{"box": 1, "act": "exchange", "cards": [format_card(card)]}, {"box": 1, "act": "play"}],
    )
    check_rounds(out, [settled["boxes"][0]["net"]])


def test_play_stakes_the_rules_refuse_get_the_engines_message() -> None:
    """Russian poker: two light boxes must be adjacent; the engine says so, the player
    chooses again, and nothing was staked in between."""
    lines = ["1 3", "", "", "", "", "", "1", "", "", "", "fold"]
    result = run(["play", "russian", *seed_args(SEED, 1)], lines)
    assert result.exit_code == 0, result.output
    assert "player you: light boxes 1, 3 must be adjacent" in result.output
    check_rounds(result.output, [-2500])


def test_play_refuses_what_the_chips_do_not_cover() -> None:
    """30 roubles of chips: the ANTE of 25 goes down, the BET of 50 cannot: fold."""
    lines = ["", "", "play", "fold"]
    result = run(["play", "six-card", "--chips", "30", *seed_args(SEED, 1)], lines)
    assert result.exit_code == 0, result.output
    assert "not enough chips: 50,00 ₽ needed, 5,00 ₽ free" in result.output
    assert "(not enough chips)" in result.output
    check_rounds(result.output, [-2500], start=3000)


def test_play_player_never_sees_the_dealers_hidden_cards_before_the_show() -> None:
    for profile, decision in (("five-card-exchange", "play"), ("russian-online", "fold")):
        state = deal(profile, SEED, 0, ONE_BOX)
        hidden = hidden_dealer_cards(state)
        lines = ["", "", decision]
        result = run(["play", profile, *seed_args(SEED, 1)], lines)
        out = result.output
        show = out.rindex("Your choice")  # the last decision: the dealer shows after it
        before, later = out[:show], out[show:]
        for card in hidden:
            assert card not in before, (card, before)
            assert card in later  # at the show they are turned over
        assert "▒▒ ▒▒ ▒▒ ▒▒" in before


def test_play_commitment_before_the_stakes_and_seed_after_the_settlement() -> None:
    result = run(["play", "six-card", *seed_args(SEED, 1)], ["", "", "fold"])
    out = result.output
    commitment = commit(bytes.fromhex(SEED))
    assert out.index(commitment) < out.index("Boxes to play")
    assert out.index(f"server seed {SEED}") > out.index("box net")
    assert FairSeed(bytes.fromhex(SEED)).commitment == commitment


def test_play_leaving_mid_round_folds_the_box_and_keeps_the_balance_honest() -> None:
    """Input ends after the deal: the box does not decide, so the engine's timer action
    (fold) finishes the round and the ANTE is lost, as at a live table."""
    result = run(["play", "five-card-exchange", *seed_args(SEED, 5)], ["", ""])
    assert result.exit_code == 0, result.output
    assert "fold (you left the table)" in result.output
    check_rounds(result.output, [-2500])
    assert "1 round(s)" in result.output


def test_play_quit_between_rounds() -> None:
    result = run(["play", "six-card", *seed_args(SEED, 5)], ["", "", "fold", "q"])
    assert result.exit_code == 0
    assert "You leave the table." in result.output
    check_rounds(result.output, [-2500])


def test_play_bad_options_are_refused_clearly() -> None:
    for args, reason in (
        (["--seed", "zz"], "is not hexadecimal"),
        (["--seed", "00"], "at least 16 bytes"),
        (["--min", "300", "--max", "250"], "minimum stake is above the maximum"),
        (["--chips", "-5"], "cannot be negative"),
    ):
        result = run(["play", "six-card", *args], [])
        assert result.exit_code != 0
        words = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())  # Rich's error box
        assert reason in words, (args, result.output)
    result = run(["play", "no-such-game"], [])
    assert result.exit_code == 1
    assert "no profile 'no-such-game'" in result.output


ANSWERS = st.sampled_from(
    [
        *["", "1", "2", "3", "4", "5", "6", "x", "1 2", "c", "y", "q", "1 2d", "30"],
        *["play", "fold", "stand", "exchange 1", "buy_sixth", "discard 6", "insure 30"],
        *["take_ante", "buy_game", "take_half", "bet red 25", "red", "no_more_bets"],
        *["hit", "split", "double", "surrender", "insurance 50", "even_money", "bet", "check"],
    ]
)


@given(
    seed=st.binary(min_size=16, max_size=32),
    answers=st.lists(ANSWERS, max_size=40),
    profile=st.sampled_from(
        [
            *["russian", "six-card-all-in-one", "five-card-sixth", "six-card"],
            *["baccarat", "roulette", "blackjack"],
            *["texas-holdem", "texas-holdem-bonus", "three-card"],
        ]
    ),
)
def test_play_any_typing_ends_in_settled_rounds_and_an_exact_balance(
    seed: bytes, answers: list[str], profile: str
) -> None:
    """Whatever is typed: no traceback, every round settles, the balance is the start
    plus the settlements' nets, and each recorded round replays from its seed to the
    same nets (leaving mid-round included: the timer's actions are recorded too)."""
    screen = StringIO()
    term = Terminal(Console(file=screen, width=120), scripted(answers))
    with tempfile.TemporaryDirectory() as folder:
        options = TableOptions(chips=200_00, rounds=3, server_seed=seed, record=Path(folder))
        result = play_session(load(profile), options, term)
        recorded = [replay(json.loads(p.read_text())) for p in sorted(Path(folder).glob("*.json"))]
    nets = [sum(b.net for b in s.boxes) for s in result.settlements]
    assert result.chips == 200_00 + sum(nets)
    assert result.chips >= 0
    assert [sum(b["net"] for b in r["boxes"]) for r in recorded] == nets
    out = screen.getvalue()
    for number, net in enumerate(nets, start=1):
        assert re.search(rf"Round {number}: {re.escape(format_money(net, sign=True))}", out)


def test_play_dark_box_cards_stay_hidden_until_the_show() -> None:
    boxes = [{"box": 1, "ante": 2500}, {"box": 2, "ante": 2500, "dark": True}]
    state = deal("six-card", SEED, 0, boxes)
    dark = [format_card(c, unicode=True) for c in state.boxes[1].cards]
    result = run(["play", "six-card", *seed_args(SEED, 1)], ["1 2d", "", "", "n", "n", "fold"])
    out = result.output
    show = out.rindex("Your choice")
    for card in dark:
        assert card not in out[:show], (card, out)
        assert card in out[show:]


def test_play_asks_which_game_and_reprompts_a_bad_answer() -> None:
    from croupier.play.commands import playable

    games = [pid for pid, _ in playable()]
    assert "russian" in games
    number = games.index("six-card") + 1
    result = run(["play", *seed_args(SEED, 1)], ["nine", str(number), "", "", "fold"])
    assert result.exit_code == 0, result.output
    assert f"'nine': type a number from 1 to {len(games)} or a profile id" in result.output
    assert "Six-card poker (six-card)" in result.output
    check_rounds(result.output, [-2500])


def test_play_next_box_cards_hidden_until_its_turn_except_the_personal_online_game() -> None:
    """[004] conduct rule 2: a player does not see the next box's cards before deciding
    on the previous one; [002]'s online game shows all own boxes at once."""
    two = [{"box": 1, "ante": 2500}, {"box": 2, "ante": 2500}]
    for profile, lines, sees_all in (
        ("russian", ["1 2", "", "", "", "", "", "fold", "fold"], False),
        ("russian-online", ["1 2", "", "", "fold", "fold"], True),
    ):
        state = deal(profile, SEED, 0, two)
        second = [format_card(c, unicode=True) for c in state.boxes[state.index(2)].cards]
        first_turn = state.boxes[state.queue[0]].box
        assert first_turn == 1
        out = run(["play", profile, *seed_args(SEED, 1)], lines).output
        before_first_decision = out[: out.index("Your choice")]
        shown = [card in before_first_decision for card in second]
        assert all(shown) if sees_all else not any(shown), (profile, out)
