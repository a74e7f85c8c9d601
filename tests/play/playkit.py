"""Helpers for the terminal tests: run the real command with typed lines, and work out
independently, through the round-script replay of the same seed, what it must print."""

from __future__ import annotations

from typing import Any

from click.testing import Result
from typer.testing import CliRunner

from croupier.cards import Deck, FairSeed, format_card
from croupier.cli import app
from croupier.games.base import Action, BoxStake, RoundSetup, Viewer
from croupier.games.script import replay
from croupier.games.stud import StudGame
from croupier.games.stud.state import StudState
from croupier.play.money import format_money
from croupier.play.session import DEFAULT_CHIPS, DEFAULT_LIMITS
from croupier.profiles import load

GAME = StudGame()
PLAYER = "you"
ONE_BOX = [{"box": 1, "ante": 2500}]  # box 1 at the default table minimum


def run(args: list[str], lines: list[str]) -> Result:
    """``croupier ARGS`` with ``lines`` typed at the prompts; the input then ends."""
    result = CliRunner().invoke(app, args, input="".join(f"{line}\n" for line in lines))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def seed_args(seed: str, rounds: int) -> list[str]:
    return ["--seed", seed, "--rounds", str(rounds)]


def deal(profile: str, seed: str, nonce: int, boxes: list[dict[str, Any]]) -> StudState:
    """The round as the house sees it right after the deal (to know the cards)."""
    stakes = tuple(
        BoxStake(
            b["box"],
            PLAYER,
            {"ante": b["ante"]},
            dark=b.get("dark", False),
            prebuy=tuple(b.get("prebuy", ())),
        )
        for b in boxes
    )
    setup = RoundSetup(load(profile), DEFAULT_LIMITS, stakes)
    return GAME.start(setup, Deck.shuffled(FairSeed(bytes.fromhex(seed), "", nonce)))


def after(state: StudState, *actions: Action) -> StudState:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def cards_of(state: StudState, box: int) -> tuple[int, ...]:
    return state.boxes[state.index(box)].cards


def hidden_dealer_cards(state: StudState) -> list[str]:
    """The dealer's cards the player may not see before the show (as drawn: A♠)."""
    hidden = [c for c in state.dealer if c != state.shown_card]
    return [format_card(c, unicode=True) for c in hidden]


def expected(
    profile: str, seed: str, nonce: int, boxes: list[dict[str, Any]], actions: list[JSON]
) -> JSON:
    """The settlement of the same round replayed from its seed through the script path."""
    script = {
        "game": "stud",
        "profile": profile,
        "limits": DEFAULT_LIMITS.to_json(),
        "boxes": [{"player": PLAYER, **b} for b in boxes],
        "seed": {"server_seed": seed, "client_seed": "", "nonce": nonce},
        "actions": actions,
    }
    result = replay(script)
    assert result["status"] == "settled", result
    return result


JSON = dict[str, Any]


def round_line(number: int, net: int, chips: int) -> str:
    """The line the terminal prints after each settlement."""
    return f"Round {number}: {format_money(net, sign=True)}   chips {format_money(chips)}"


def check_rounds(output: str, nets: list[int], start: int = DEFAULT_CHIPS) -> None:
    """Every round's net and the running balance are printed, in order."""
    chips = start
    position = 0
    for number, net in enumerate(nets, start=1):
        chips += net
        line = round_line(number, net, chips)
        found = output.find(line, position)
        assert found >= 0, f"missing {line!r} after position {position}:\n{output}"
        position = found
    summary = f"leaving with {format_money(chips)}"
    assert summary in output, output


def house_view(state: StudState) -> JSON:
    return GAME.project(state, Viewer.house())
