"""One registry of games: everything the other layers need to know about a game.

Each game package (``croupier.games.<package>``) exports one :class:`GameSpec`
as ``SPEC``: how its rule profiles are read, its engine, how its boxes and
actions are written in a round script, how a round's cards are dealt, and
where the terminal and the math lab keep their part of it. :data:`GAMES`
maps every game name a profile may give (``game = "stud"``) to the package
that plays it; everything else (profiles, round scripts, the casino, the
server, the terminal, the math lab) asks :func:`spec`. Adding a game is one
package and one line in :data:`GAMES` (docs/architecture.md, "Adding a game").

A package is imported when one of its games is first asked for, so loading
one game's profile never imports the other engines. The terminal's and the
math lab's parts are named by ``"package.module:attribute"`` text, because
the games layer never imports ``play``, ``casino``, ``server`` or ``math``.

>>> spec("three_card").games
('holdem', 'holdem_bonus', 'three_card')
>>> spec("bingo")
Traceback (most recent call last):
...
croupier.games.registry.UnknownGame: unknown game 'bingo' (known: baccarat, blackjack, ...)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol

from croupier.cards.deck import Deck
from croupier.cards.fair import FairSeed
from croupier.games.base import Game, P, S
from croupier.games.codec import ScriptCodec, seed_script

if TYPE_CHECKING:  # these import the profile reader, which imports the registry
    from croupier.games.common.seating import Table
    from croupier.games.common.shoe import ShoeRules
    from croupier.games.common.stakes import StakeSpec

# game name -> the package whose SPEC plays it. One engine may play several
# games: Texas Hold'em, Hold'em Bonus and three-card poker are one engine.
GAMES: dict[str, str] = {
    "stud": "croupier.games.stud",
    "blackjack": "croupier.games.blackjack",
    "baccarat": "croupier.games.baccarat",
    "roulette": "croupier.games.roulette",
    **dict.fromkeys(("holdem", "holdem_bonus", "three_card"), "croupier.games.house_poker"),
}


class RuleProfile(Protocol):
    """What every game's rule profile has, whatever else its game reads from it.

    (Limits are not here: a table sets them, and one profile plays at every tier.)"""

    @property
    def id(self) -> str: ...  # the file name without .toml

    @property
    def name(self) -> str: ...  # for players: "Russian poker (six cards)"

    @property
    def source(self) -> str: ...  # where the rules come from ("[002]")

    @property
    def game(self) -> str: ...  # a name in GAMES


def no_table(profile: Any) -> Table | None:
    """A game with no box rules of its own (roulette: seats are colours)."""
    return None


def no_shoe(profile: Any) -> ShoeRules | None:
    """A game dealt from a fresh deck every round."""
    return None


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[P, S]):
    """One game package: its profiles, engine, script codec, chance and helpers.

    ``P`` is its profile type, ``S`` its engine's state.

    * ``games``: the game names its profiles may give, every one listed in :data:`GAMES`;
    * ``parse_profile(data, where)``: a checked profile from a TOML table (``where``
      names the file in errors), raising :class:`~croupier.profiles.ProfileError`;
    * ``engine``: the rules (:class:`~croupier.games.base.Game`);
    * ``script``: boxes and actions read from and written to a round script;
    * ``chance(script, profile)``: the round's deck from a script (its ``seed`` or
      the cards it lists): a 52-card deck, a shoe, or a roulette spin;
    * ``table(profile)``: its box rules (None: every box open to anyone);
    * ``shoe(profile)``: the shoe that lives across rounds (None: a fresh deck each);
    * ``plugin``: its terminal part, ``"module:factory"`` of a
      :class:`~croupier.play.plugin.TablePlugin` (None: not playable in the terminal);
    * ``analyses``: game name -> ``"module:function"`` of its ``croupier analyze``;
    * ``stake_spec(profile)``: the stakes its boxes may carry, published to the
      browser (None: the game has no stakes before the deal but its bets, as roulette).
    """

    games: tuple[str, ...]
    parse_profile: Callable[[Mapping[str, Any], str], P]
    engine: Game[P, S]
    script: ScriptCodec
    chance: Callable[[Mapping[str, Any], P], Deck]
    table: Callable[[P], Table | None] = no_table
    shoe: Callable[[P], ShoeRules | None] = no_shoe
    plugin: str | None = None
    analyses: Mapping[str, str] = field(default_factory=dict)
    stake_spec: Callable[[P], StakeSpec] | None = None

    def round_deck(self, profile: P, seed: FairSeed) -> Deck:
        """The round's cards from its seed, exactly as ``croupier replay`` deals a
        script with that seed (a 52-card deck, or the game's own chance)."""
        return self.chance(seed_script(seed), profile)


class UnknownGame(LookupError):
    """A game name no registered package plays."""


def games() -> tuple[str, ...]:
    """Every registered game name, sorted."""
    return tuple(sorted(GAMES))


def spec(game: str) -> GameSpec[Any, Any]:
    """The spec of the package that plays ``game`` (imported on first use)."""
    package = GAMES.get(game)
    if package is None:
        raise UnknownGame(f"unknown game {game!r} (known: {', '.join(games())})")
    found: GameSpec[Any, Any] = importlib.import_module(package).SPEC
    return found


def spec_for(profile: RuleProfile) -> GameSpec[Any, Any]:
    """The spec of the game ``profile`` is for."""
    return spec(profile.game)


def resolve(target: str) -> Any:
    """What a ``"package.module:attribute"`` reference names, imported now."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)
