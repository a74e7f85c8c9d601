"""`croupier play roulette`: colour chips bought at the value the player picks, bets made
and paid in them, changed back on leaving, valued at the table minimum after a long
absence ([004]; RULES.md §2.6 and §4)."""

from __future__ import annotations

from collections.abc import Callable
from io import StringIO

from rich.console import Console

from croupier.play.money import format_money
from croupier.play.session import SessionResult, TableOptions, play_session
from croupier.play.terminal import Terminal, scripted
from croupier.profiles import load

START = 1000_00  # the session's chips; the table is the default 25 / 250 / 3000 roubles


class Clock:
    """Seconds that move only when told (how long the player is away)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def away_before(lines: list[str], answer: int, clock: Clock, minutes: int) -> Callable[[str], str]:
    """Types ``lines``; the player is away ``minutes`` before typing answer number ``answer``."""
    feed = iter(enumerate(lines))

    def read(_prompt: str) -> str:
        try:
            index, line = next(feed)
        except StopIteration:
            raise EOFError from None
        if index == answer:
            clock.now += minutes * 60
        return line

    return read


def play(lines: list[str], rounds: int, clock: Clock | None = None) -> tuple[SessionResult, str]:
    screen = StringIO()
    term = Terminal(Console(file=screen, width=160), scripted(lines))
    options = TableOptions(
        chips=START, rounds=rounds, server_seed=bytes(32), clock=clock or Clock()
    )
    return play_session(load("roulette"), options, term), screen.getvalue()


def nets(result: SessionResult) -> int:
    return sum(box.net for s in result.settlements for box in s.boxes)


def test_play_colour_chips_bought_staked_and_changed_back_on_leaving() -> None:
    # colour 2, chips of 50 roubles, 10 of them; red 100 (two chips); spin; leave.
    result, screen = play(["2", "50", "10", "bet red 100", "no_more_bets"], rounds=1)
    assert "10 colour chip(s) of 50,00 ₽ bought" in screen
    assert "colour 2: 10 chip(s) of 50,00 ₽ = 500,00 ₽; cash chips 500,00 ₽" in screen
    net = nets(result)
    assert net in (-100_00, 100_00)  # red lost, or paid 1:1 in colour chips
    assert result.chips == START + net
    chips_left = 10 + net // 50_00
    assert (
        f"Your {chips_left} colour chip(s) of 50,00 ₽ are changed back: "
        f"{format_money(chips_left * 50_00)} in cash chips." in screen
    )


def test_play_colour_chips_bets_only_what_the_colour_holds() -> None:
    # Two chips of 25: a bet of 75 is more than the colour holds, 50 is all of it.
    result, screen = play(["1", "25", "2", "bet red 75", "50", "no_more_bets"], rounds=1)
    assert "75,00 ₽ is outside 25,00 ₽ .. 50,00 ₽" in screen
    assert result.settlements[0].boxes[0].staked == 50_00


def test_play_colour_chips_valued_at_the_table_minimum_after_a_long_absence() -> None:
    clock = Clock()
    lines = ["1", "100", "5", "no_more_bets", "", "0", "no_more_bets"]
    screen = StringIO()
    # The player walks away before answering "same stakes?" for the second round.
    term = Terminal(Console(file=screen, width=160), away_before(lines, 4, clock, 31))
    options = TableOptions(chips=START, rounds=2, server_seed=bytes(32), clock=clock)
    result = play_session(load("roulette"), options, term)
    out = screen.getvalue()
    # Five chips of 100 roubles are five chips of the 25-rouble minimum: 375 roubles lost.
    assert "Away 31 minutes: your 5 colour chip(s) are now worth the table minimum" in out
    assert "(−375,00 ₽)" in out
    assert "colour 1: 5 chip(s) of 25,00 ₽ = 125,00 ₽; cash chips 500,00 ₽" in out
    assert result.chips == START - 375_00
    assert "Your 5 colour chip(s) of 25,00 ₽ are changed back: 125,00 ₽ in cash chips." in out


def test_play_colour_chips_keep_their_value_after_a_short_absence() -> None:
    clock = Clock()
    lines = ["1", "100", "5", "no_more_bets", "", "no_more_bets"]
    screen = StringIO()
    term = Terminal(Console(file=screen, width=160), away_before(lines, 4, clock, 29))
    options = TableOptions(chips=START, rounds=2, server_seed=bytes(32), clock=clock)
    result = play_session(load("roulette"), options, term)
    assert "Away" not in screen.getvalue()
    assert result.chips == START
