"""Rule-profile settings as validated models: every error names the file and the field.

A profile is a tree of frozen pydantic models shaped like its TOML file
(:class:`Settings`: unknown keys refused, no silent conversions, hashable).
The types here are the values the engines use, read from how a profile writes
them: an exact number of ANTEs from text (``"1.5"``, ``"3/2"``) or a whole
number, a hand class from its name (``three_of_a_kind``). :func:`validated`
turns pydantic's error list into our wording, naming the file and the dotted
field as the TOML spells it; a cross-field rule raises :class:`Refusal` naming
the field it blames.

>>> class Demo(Settings):
...     boxes: int = Field(ge=1)
...     price: Exact
>>> validated(Demo, {"boxes": 6, "price": "3/2"}, "demo.toml")
Demo(boxes=6, price=Fraction(3, 2))
>>> validated(Demo, {"boxs": 6, "price": "1"}, "demo.toml")
Traceback (most recent call last):
...
croupier.profiles.ProfileError: demo.toml: boxes: missing
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Generic, Self, TypeVar, overload

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    PlainValidator,
    ValidationError,
    WithJsonSchema,
)
from pydantic_core import ErrorDetails, core_schema

from croupier.poker.hand import Category
from croupier.profiles import ProfileError

__all__ = ["Field"]  # re-exported: profiles declare their fields with it

M = TypeVar("M", bound="Settings")
T = TypeVar("T")


class From(Generic[T]):
    """A flat name for a setting inside a section, as the engines read it:
    ``tie = From[Tie]("settle.tie")`` makes ``profile.tie`` the file's ``[settle] tie``."""

    def __init__(self, path: str) -> None:
        self.section, _, self.key = path.partition(".")

    @overload
    def __get__(self, owner: None, cls: type) -> From[T]: ...
    @overload
    def __get__(self, owner: object, cls: type) -> T: ...
    def __get__(self, owner: object, cls: type) -> From[T] | T:
        if owner is None:
            return self
        value: T = getattr(getattr(owner, self.section), self.key)
        return value


class Settings(BaseModel):
    """One table of a profile: frozen, unknown keys refused, values never coerced."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, ignored_types=(From,))

    # The names a profile publishes (API, math lab hash), when they differ
    # from its fields: the flat shape profiles had before they were models.
    PUBLISHED: ClassVar[tuple[str, ...]] = ()

    def published(self) -> dict[str, Any]:
        """The settings by name, as the API publishes them."""
        return {name: getattr(self, name) for name in self.PUBLISHED or type(self).model_fields}

    def changed(self, **changes: Any) -> Self:
        """A copy with ``changes``, checked again; a section changes by a table
        of its own changes (``profile.changed(split={"resplit_aces": False})``)."""
        data = dict(self.__dict__)
        for key, value in changes.items():
            current = data.get(key)
            if isinstance(current, Settings) and isinstance(value, Mapping):
                value = current.changed(**value)
            data[key] = value
        return self.model_validate(data)

    def __hash__(self) -> int:
        # Pay tables are dicts: hash their items so a whole profile can key a cache.
        return hash((type(self), *(_hashable(v) for v in self.__dict__.values())))


def _hashable(value: object) -> object:
    if isinstance(value, Mapping):
        return frozenset((k, _hashable(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


class Refusal(ValueError):
    """A rule broken at ``field`` (dotted, below the model that refuses it)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def validated(model: type[M], data: Mapping[str, Any], where: str) -> M:
    """``data`` (a TOML table) as ``model``, or a :class:`ProfileError` naming
    ``where``, the field and why."""
    if not isinstance(data, dict):
        raise ProfileError(f"{where}: profile: must be a table")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        field, message = explain(first)
        raise ProfileError(f"{where}: {field}: {message}") from None


def _dotted(loc: Iterable[int | str]) -> str:
    path = ""
    for part in loc:
        if part == "[key]":  # pydantic's marker for an invalid key: the key names it already
            continue
        path += f"[{part}]" if isinstance(part, int) else f".{part}" if path else str(part)
    return path


_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "missing": lambda c: "missing",
    "extra_forbidden": lambda c: "unknown setting",
    "int_type": lambda c: "must be a whole number",
    "bool_type": lambda c: "must be true or false",
    "string_type": lambda c: "must be text",
    "dict_type": lambda c: "must be a table",
    "model_type": lambda c: "must be a table",
    "model_attributes_type": lambda c: "must be a table",
    "list_type": lambda c: "must be a list",
    "tuple_type": lambda c: "must be a list",
    "too_short": lambda c: f"must list at least {c['min_length']}",
    "greater_than_equal": lambda c: f"must be at least {c['ge']}",
    "less_than_equal": lambda c: f"must be at most {c['le']}",
    "greater_than": lambda c: f"must be more than {c['gt']}",
    "less_than": lambda c: f"must be less than {c['lt']}",
}


def explain(error: ErrorDetails) -> tuple[str, str]:
    """The dotted field and our message for one of pydantic's errors."""
    field = _dotted(error["loc"])
    context: dict[str, Any] = dict(error.get("ctx") or {})
    kind = error["type"]
    if kind == "value_error" and isinstance(context.get("error"), ValueError):
        problem = context["error"]
        if isinstance(problem, Refusal):
            below = problem.field
            field = below if not field else field + (below if below[0] == "[" else f".{below}")
        return field, str(problem)
    if kind == "literal_error":
        choices = ", ".join(re.findall(r"'([^']*)'", str(context["expected"])))
        return field, f"{error['input']!r} is not one of {choices}"
    if kind in _WORDS:
        return field, _WORDS[kind](context)
    return field, error["msg"]


# ---------------------------------------------------------------- value types


def _exact(value: object) -> Fraction:
    if isinstance(value, Fraction):
        result = value
    elif isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError('must be a number of ANTEs as text, like "1", "1.5" or "3/2"')
    else:
        try:
            result = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{value!r} is not a number") from None
    if result < 0:
        raise ValueError("cannot be negative")
    return result


# A non-negative exact number (of ANTEs, or odds), written as text or a whole number.
Exact = Annotated[
    Fraction,
    PlainValidator(_exact),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "pattern": r"^\s*\d+(\.\d+)?(\s*/\s*\d+)?\s*$"},
                {"type": "integer", "minimum": 0},
            ],
            "description": 'an exact number, like "1", "1.5" or "3/2"',
        }
    ),
]


def category_key(category: Category) -> str:
    """A hand class as profiles spell it (``three_of_a_kind``)."""
    return category.name.lower()


_CLASSES = {category_key(c): c for c in Category}


def _category(value: object) -> Category:
    if isinstance(value, Category):
        return value
    if not isinstance(value, str) or value not in _CLASSES:
        raise ValueError(f"{value!r} is not a hand class ({', '.join(_CLASSES)})")
    return _CLASSES[value]


# A hand class by its profile name (``pair``, ``full_house``...).
HandClass = Annotated[Category, PlainValidator(_category), WithJsonSchema({"enum": list(_CLASSES)})]


def _listed(value: object) -> object:
    """TOML arrays are lists; the profile keeps tuples (immutable, hashable)."""
    return tuple(value) if isinstance(value, list) else value


Listed = BeforeValidator(_listed)

# Whole numbers: a count of cards, a pay multiple.
Positive = Annotated[int, Field(ge=1)]
Count = Annotated[int, Field(ge=0)]


class Checked(ABC):
    """Annotation metadata for a value checked by ``check`` (typed by ``schema``)."""

    schema: ClassVar[dict[str, Any]]

    @abstractmethod
    def check(self, value: object) -> Any:
        """The value as the model holds it, or a ValueError saying why not."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> Any:
        return core_schema.no_info_plain_validator_function(self.check)

    def __get_pydantic_json_schema__(self, schema: Any, handler: GetJsonSchemaHandler) -> Any:
        return self.json_schema()

    def json_schema(self) -> dict[str, Any]:
        return self.schema


@dataclass(frozen=True)
class WholeKey(Checked):
    """A whole number written as a TOML key (``"3" = ...``): keys are text in TOML."""

    low: int
    high: int | None
    message: str
    schema: ClassVar[dict[str, Any]] = {"type": "string", "pattern": r"^\d+$"}

    def check(self, value: object) -> int:
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(self.message)
        if value < self.low or (self.high is not None and value > self.high):
            raise ValueError(self.message)
        return value


@dataclass(frozen=True)
class NamedCounts(Checked):
    """A table giving every one of ``names`` a whole number (at least
    ``minimum``), kept in the order of ``names``."""

    names: tuple[str, ...]
    minimum: int = 1
    schema: ClassVar[dict[str, Any]] = {}

    def check(self, value: object) -> dict[str, int]:
        if not isinstance(value, Mapping):
            raise ValueError("must be a table")
        for key in value:
            if key not in self.names:
                raise Refusal(str(key), "unknown setting")
        for key in self.names:
            if key not in value:
                raise Refusal(key, "missing")
            number = value[key]
            if not isinstance(number, int) or isinstance(number, bool):
                raise Refusal(key, "must be a whole number")
            if number < self.minimum:
                raise Refusal(key, f"must be at least {self.minimum}")
        return {key: value[key] for key in self.names}

    def json_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {n: {"type": "integer", "minimum": self.minimum} for n in self.names},
            "required": list(self.names),
            "additionalProperties": False,
        }
