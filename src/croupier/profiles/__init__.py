"""Rule profiles: one TOML file per variant, read into a frozen, checked value.

Every profile names its game (``game = "stud"``); the game registry
(:mod:`croupier.games.registry`) gives the parser that turns the TOML table
into that game's profile type, so each game brings its own profile type
without touching this loader. Every profile type is a
:class:`~croupier.games.registry.RuleProfile`. A profile that does not make sense
(an unknown key, a pay table missing a class, settings that contradict each
other) is refused at load time with a :class:`ProfileError` naming the file
and the field.

>>> {"russian", "six-card"} <= set(profile_ids())
True
>>> load("six-card").id
'six-card'
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from croupier.games.registry import GAMES, RuleProfile, games, spec

PROFILE_DIR = Path(__file__).parent

T = TypeVar("T")


class ProfileError(ValueError):
    """A profile that cannot be used; the message names the file and the field."""


def parse(data: Mapping[str, Any], where: str) -> RuleProfile:
    """A profile from an already-read TOML table (``where`` names it in errors); its
    game's package is imported now, and no other game's."""
    game = data.get("game")
    if not isinstance(game, str):
        raise ProfileError(f"{where}: game: missing; every profile says which game it is for")
    if game not in GAMES:
        known = ", ".join(games())
        raise ProfileError(f"{where}: game: unknown game {game!r} (known: {known})")
    profile: RuleProfile = spec(game).parse_profile(data, where)
    return profile


def load_file(path: str | Path) -> RuleProfile:
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
    if profile.id != expected:
        raise ProfileError(f"{file.name}: id: {profile.id!r} does not match the file name")
    return profile


def _files() -> Iterator[Path]:
    return iter(sorted(PROFILE_DIR.glob("*.toml")))


def profile_ids() -> tuple[str, ...]:
    """The ids of the shipped profiles (file names without ``.toml``)."""
    return tuple(f.stem for f in _files())


@cache
def load(profile_id: str) -> RuleProfile:
    """A shipped profile by id (cached: profiles are immutable values)."""
    path = PROFILE_DIR / f"{profile_id}.toml"
    if not path.is_file():
        known = ", ".join(profile_ids())
        raise ProfileError(f"no profile {profile_id!r} (shipped: {known})")
    return load_file(path)


def load_as(profile_id: str, kind: type[T]) -> T:
    """A shipped profile that must be of type ``kind`` (a ProfileError naming its
    game when it is another game's), for code that reads one game's settings.

    >>> load_as("blackjack", type(load("six-card")))
    Traceback (most recent call last):
    ...
    croupier.profiles.ProfileError: 'blackjack' is a blackjack profile, not a StudProfile
    """
    profile = load(profile_id)
    if not isinstance(profile, kind):
        raise ProfileError(f"{profile_id!r} is a {profile.game} profile, not a {kind.__name__}")
    return profile
