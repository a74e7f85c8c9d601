"""Reading a rule profile's TOML: every error names the file and the field.

A :class:`Section` wraps one TOML table, remembers which keys were read so
that an unknown (misspelt) key is refused, and turns values into the types
the engines use (whole numbers, exact fractions of an ANTE, hand classes).

>>> s = Section({"boxes": 6, "price": "3/2"}, "demo.toml", "table")
>>> s.int_("boxes", minimum=1), s.fraction("price")
(6, Fraction(3, 2))
>>> s.done()
>>> Section({"boxs": 6}, "demo.toml", "table").int_("boxes")
Traceback (most recent call last):
...
croupier.profiles.ProfileError: demo.toml: table.boxes: missing
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from croupier.poker.hand import Category
from croupier.profiles import ProfileError

Fail = Callable[..., ProfileError]


def category_key(category: Category) -> str:
    """A hand class as profiles spell it (``three_of_a_kind``)."""
    return category.name.lower()


class Section:
    """A TOML table being read: remembers which keys were used so unknown
    keys are refused, and names the file and field in every error."""

    def __init__(self, data: Any, where: str, path: str) -> None:
        if not isinstance(data, Mapping):
            raise ProfileError(f"{where}: {path or 'profile'}: must be a table")
        self.data = data
        self.where = where
        self.path = path
        self.used: set[str] = set()

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, message: str) -> ProfileError:
        return ProfileError(f"{self.where}: {self.name(key)}: {message}")

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise self.fail(key, "missing")
            return default
        return self.data[key]

    def str_(self, key: str, default: Any = ..., choices: tuple[str, ...] = ()) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str):
            raise self.fail(key, "must be text")
        if choices and value not in choices:
            raise self.fail(key, f"{value!r} is not one of {', '.join(choices)}")
        return value

    def int_(self, key: str, default: Any = ..., minimum: int = 0) -> int:
        value = self.raw(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, "must be a whole number")
        if value < minimum:
            raise self.fail(key, f"must be at least {minimum}")
        return value

    def bool_(self, key: str, default: Any = ...) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, "must be true or false")
        return value

    def fraction(self, key: str, default: Any = ...) -> Fraction:
        return fraction(self.raw(key, default), lambda m: self.fail(key, m))

    def category(self, key: str, default: Any = ...) -> Category:
        return category(self.raw(key, default), lambda m: self.fail(key, m))

    def section(self, key: str) -> Section:
        return Section(self.raw(key, {}), self.where, self.name(key))

    def optional_section(self, key: str) -> Section | None:
        return self.section(key) if self.has(key) else None

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise self.fail(unknown[0], "unknown setting")


def fraction(value: Any, fail: Fail) -> Fraction:
    """A non-negative exact number of ANTEs, written as text ("1.5", "3/2") or a whole number."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise fail('must be a number of ANTEs as text, like "1", "1.5" or "3/2"')
    try:
        result = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise fail(f"{value!r} is not a number") from None
    if result < 0:
        raise fail("cannot be negative")
    return result


def category(value: Any, fail: Fail) -> Category:
    """A hand class by its profile name (``pair``, ``full_house``...)."""
    names = {category_key(c): c for c in Category}
    if not isinstance(value, str) or value not in names:
        raise fail(f"{value!r} is not a hand class ({', '.join(names)})")
    return names[value]
