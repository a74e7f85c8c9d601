"""Roubles on the screen, kopecks in the engine.

Every amount the terminal shows is written one way: roubles with a space
between thousands, a comma before the kopecks and the rouble sign, as a
Russian price tag reads (``1 234,50 ₽``). What a player types is read the
way a player would type it: ``25``, ``25,5``, ``25.50``, ``1 000``. Reading
is exact (no float ever touches money): more than two decimals is refused
rather than rounded, because a stake is never silently changed.

>>> format_money(123450)
'1 234,50 ₽'
>>> format_money(-2500, sign=True)
'−25,00 ₽'
>>> format_money(2500, sign=True)
'+25,00 ₽'
>>> parse_money("1 234,5"), parse_money("25"), parse_money("0.07")
(123450, 2500, 7)
>>> parse_money("12.345")
Traceback (most recent call last):
...
croupier.play.money.MoneyError: '12.345': at most two digits of kopecks, like 12,34
"""

from __future__ import annotations

import re

CURRENCY = "₽"
MINUS = "−"  # a real minus sign: a hyphen is easily lost next to a number

_AMOUNT = re.compile(r"(?P<roubles>\d+)(?:[.,](?P<kopecks>\d*))?")


class MoneyError(ValueError):
    """An amount typed by a player that cannot be read as roubles and kopecks."""


def format_money(minor: int, *, sign: bool = False, currency: bool = True) -> str:
    """``minor`` kopecks as roubles: ``1 234,50 ₽``; ``sign`` adds ``+`` to gains."""
    whole, kopecks = divmod(abs(minor), 100)
    text = f"{whole:,}".replace(",", " ") + f",{kopecks:02d}"
    if minor < 0:
        text = MINUS + text
    elif sign and minor > 0:
        text = "+" + text
    return f"{text} {CURRENCY}" if currency else text


def parse_money(text: str) -> int:
    """Kopecks from what a player typed: ``25``, ``25,50``, ``1 000.5``, ``25 ₽``."""
    raw = text.strip().removesuffix(CURRENCY).removesuffix("руб").strip()
    compact = raw.replace(" ", "").replace("\u00a0", "").replace("_", "")
    if compact.startswith(("-", MINUS)):
        raise MoneyError(f"{text!r}: an amount cannot be negative")
    match = _AMOUNT.fullmatch(compact)
    if match is None:
        raise MoneyError(f"{text!r} is not an amount: type roubles, like 25 or 25,50")
    kopecks = match.group("kopecks") or ""
    if len(kopecks) > 2:
        raise MoneyError(f"{text!r}: at most two digits of kopecks, like 12,34")
    return int(match.group("roubles")) * 100 + int(kopecks.ljust(2, "0"))
