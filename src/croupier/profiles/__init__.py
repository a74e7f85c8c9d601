"""Rule profiles: one TOML file per variant, read into a frozen, checked value.

Every profile names its game (``game = "stud"``); a registry maps the game
to the parser that turns the TOML table into that game's profile type, so
hold'em, blackjack or roulette add their own profile types by registering a
parser, without touching this loader. A profile that does not make sense
(an unknown key, a pay table missing a class, settings that contradict each
other) is refused at load time with a :class:`ProfileError` naming the file
and the field.

>>> {"russian", "six-card"} <= set(profile_ids())
True
>>> load("six-card").id
'six-card'
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

PROFILE_DIR = Path(__file__).parent

Parser = Callable[[Mapping[str, Any], str], Any]

# game -> "module:function"; imported on first use so that loading one
# game's profiles never imports the other engines.
_PARSERS: dict[str, str] = {
    "stud": "croupier.games.stud.profile:parse_profile",
    "blackjack": "croupier.games.blackjack.profile:parse_profile",
    "baccarat": "croupier.games.baccarat.profile:parse_profile",
    "roulette": "croupier.games.roulette.profile:parse_profile",
    "holdem": "croupier.games.house_poker.profile:parse_profile",
    "holdem_bonus": "croupier.games.house_poker.profile:parse_profile",
    "three_card": "croupier.games.house_poker.profile:parse_profile",
}


class ProfileError(ValueError):
    """A profile that cannot be used; the message names the file and the field."""


def register(game: str, parser: str) -> None:
    """Make ``game`` profiles loadable by ``parser`` ("package.module:function")."""
    if ":" not in parser:
        raise ValueError(f"parser {parser!r} must look like 'package.module:function'")
    _PARSERS[game] = parser


def _parser(game: str) -> Parser:
    target = _PARSERS[game]
    module_name, _, function = target.partition(":")
    found: Parser = getattr(importlib.import_module(module_name), function)
    return found


def parse(data: Mapping[str, Any], where: str) -> Any:
    """A profile from an already-read TOML table (``where`` names it in errors)."""
    game = data.get("game")
    if not isinstance(game, str):
        raise ProfileError(f"{where}: game: missing; every profile says which game it is for")
    if game not in _PARSERS:
        known = ", ".join(sorted(_PARSERS))
        raise ProfileError(f"{where}: game: unknown game {game!r} (known: {known})")
    return _parser(game)(data, where)


def load_file(path: str | Path) -> Any:
    """Read and check one profile file."""
    file = Path(path)
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(f"{file.name}: not valid TOML: {error}") from None
    except OSError as error:
        raise ProfileError(f"{file}: cannot be read: {error.strerror}") from None
    profile = parse(data, file.name)
    expected = file.stem
    if getattr(profile, "id", expected) != expected:
        raise ProfileError(f"{file.name}: id: {profile.id!r} does not match the file name")
    return profile


def _files() -> Iterator[Path]:
    return iter(sorted(PROFILE_DIR.glob("*.toml")))


def profile_ids() -> tuple[str, ...]:
    """The ids of the shipped profiles (file names without ``.toml``)."""
    return tuple(f.stem for f in _files())


@cache
def load(profile_id: str) -> Any:
    """A shipped profile by id (cached: profiles are immutable values)."""
    path = PROFILE_DIR / f"{profile_id}.toml"
    if not path.is_file():
        known = ", ".join(profile_ids())
        raise ProfileError(f"no profile {profile_id!r} (shipped: {known})")
    return load_file(path)
