"""The player's side of the terminal: a Rich console to write to and a line to read.

Every question goes through :class:`Terminal`, which keeps asking until the
answer reads (a bad answer is told why, never a traceback) and turns the end
of input (Ctrl-D, a script that ran out) into :class:`LeftTable`, so the
session can stop cleanly. The line reader is injected: the command uses the
console's own ``input``; tests pass the lines they want to type.

>>> from io import StringIO
>>> from rich.console import Console
>>> out = StringIO()
>>> term = Terminal(Console(file=out, width=60), scripted(["seven", "7"]))
>>> term.ask_int("How many boxes", 1, 7)
7
>>> "is not a number" in out.getvalue()
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from rich.console import Console
from rich.markup import escape

from croupier.play.money import MoneyError, format_money, parse_money

T = TypeVar("T")

Reader = Callable[[str], str]


class LeftTable(Exception):
    """The player left: typed ``q``, or the input ended."""


class Refused(ValueError):
    """An answer that does not read; the message is shown and the question asked again."""


def scripted(lines: Iterable[str]) -> Reader:
    """A reader that types ``lines`` one by one, then ends the input (tests, demos)."""
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


QUIT = ("q", "quit", "exit")


@dataclass
class Terminal:
    """A console to draw on and a reader to ask with."""

    console: Console
    read: Reader
    echo: bool = True  # print the answer: input that is not typed at a terminal is not seen

    @classmethod
    def interactive(cls, console: Console) -> Terminal:
        """Read from standard input; echo answers when they do not come from a terminal."""
        return cls(console, lambda prompt: console.input(prompt), echo=not sys.stdin.isatty())

    @property
    def unicode(self) -> bool:
        """Whether suit symbols and the rouble sign can be printed here."""
        return self.console.encoding.lower().replace("-", "").startswith("utf")

    def say(self, text: str = "") -> None:
        # soft_wrap: long seeds and commands stay whole, for copying
        self.console.print(text, highlight=False, soft_wrap=True)

    def line(self, question: str, default: str | None = None) -> str:
        """One raw answer; ``q`` leaves the table wherever it is typed."""
        hint = f" [dim]\\[{escape(default)}][/dim]" if default else ""
        self.console.print(f"[bold]{question}[/bold]{hint}: ", end="", highlight=False)
        try:
            answer = self.read("").strip()
        except (EOFError, KeyboardInterrupt):
            self.say()
            raise LeftTable("input ended") from None
        if self.echo:
            self.say(escape(answer))
        if answer.lower() in QUIT:
            raise LeftTable("the player left")
        return answer if answer or default is None else default

    def ask(self, question: str, parse: Callable[[str], T], default: str | None = None) -> T:
        """Ask until ``parse`` accepts the answer (it raises Refused/ValueError to refuse)."""
        while True:
            answer = self.line(question, default)
            try:
                return parse(answer)
            except ValueError as error:
                self.say(f"[red]{escape(str(error))}[/red]")

    def ask_int(self, question: str, low: int, high: int, default: int | None = None) -> int:
        def parse(text: str) -> int:
            if not text.strip().isdigit():
                raise Refused(f"{text!r} is not a number from {low} to {high}")
            value = int(text)
            if not low <= value <= high:
                raise Refused(f"{value} is not from {low} to {high}")
            return value

        return self.ask(
            f"{question} ({low}-{high})", parse, None if default is None else str(default)
        )

    def ask_yes(self, question: str, default: bool = False) -> bool:
        def parse(text: str) -> bool:
            word = text.strip().lower()
            if word in ("y", "yes", "д", "да"):
                return True
            if word in ("n", "no", "н", "нет"):
                return False
            raise Refused(f"{text!r}: answer y or n")

        return self.ask(f"{question} (y/n)", parse, "y" if default else "n")

    def ask_money(
        self, question: str, low: int, high: int, default: int | None = None, zero: bool = False
    ) -> int:
        """An amount in roubles from ``low`` to ``high`` kopecks (or 0 when ``zero``)."""

        def parse(text: str) -> int:
            try:
                value = parse_money(text)
            except MoneyError as error:
                raise Refused(str(error)) from None
            if zero and value == 0:
                return 0
            if not low <= value <= high:
                raise Refused(
                    f"{format_money(value)} is outside {format_money(low)} .. {format_money(high)}"
                )
            return value

        span = f"{format_money(low)} .. {format_money(high)}" + (", 0 for none" if zero else "")
        shown = None if default is None else format_money(default, currency=False)
        return self.ask(f"{question} ({span})", parse, shown)

    def ask_boxes(self, boxes: int, *, dark: bool) -> tuple[tuple[int, bool], ...]:
        """Which boxes to play: numbers, ``d`` after a dark one (``1 2d``); sorted."""

        def parse(text: str) -> tuple[tuple[int, bool], ...]:
            chosen: list[tuple[int, bool]] = []
            for word in text.replace(",", " ").split():
                is_dark = word.lower().endswith("d")
                number = word[:-1] if is_dark else word
                if not number.isdigit() or not 1 <= int(number) <= boxes:
                    raise Refused(f"{word!r}: the table has boxes 1 to {boxes}")
                if is_dark and not dark:
                    raise Refused(f"{word!r}: this game has no dark boxes")
                if any(b == int(number) for b, _ in chosen):
                    raise Refused(f"box {number} is named twice")
                chosen.append((int(number), is_dark))
            if not chosen:
                raise Refused("name at least one box")
            return tuple(sorted(chosen))

        hint = f"box numbers 1-{boxes}" + (", a d after a dark one (1 2d)" if dark else "")
        return self.ask(f"Boxes to play ({hint})", parse, "1")
