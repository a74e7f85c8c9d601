"""Round-script fields, both ways: reading a box or an action, and writing it back.

A round script (the public contract of ARCHITECTURE.md) writes a box's stakes
in its game's shape (``{"box": 1, "player": "ann", "ante": 100}`` for the poker
games, ``"stake"`` for blackjack, ``"stakes": {...}`` for baccarat, ``"chip"``
for roulette) and every action in one shape. Each game's
:class:`ScriptCodec` (in ``croupier.games.<game>.script``) reads and writes
its boxes with the field readers here, so what the terminal records, the
server accepts and ``croupier replay`` replays is one format by construction.

Errors name where they are (``boxes[0].ante: must be a whole number``).

>>> codec = poker_codec(("bonus",))
>>> stake = codec.read_box({"box": 2, "player": "ann", "ante": 100, "bonus": 25}, "boxes[0]")
>>> codec.write_box(stake)
{'box': 2, 'player': 'ann', 'ante': 100, 'bonus': 25}
>>> codec.read_box({"box": 2, "player": "ann", "ante": -1}, "boxes[0]")
Traceback (most recent call last):
...
croupier.games.codec.ScriptError: boxes[0].ante: cannot be negative
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.cards.card import CardError, format_cards, parse_card
from croupier.cards.deck import Deck
from croupier.cards.fair import FairSeed
from croupier.games.base import JSON, Action, BoxStake

_NOTES = ("comment", "note")


class ScriptError(ValueError):
    """A round script that cannot be replayed; the message says where and why."""


def at(where: str, message: str) -> ScriptError:
    return ScriptError(f"{where}: {message}")


def whole(data: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    """A whole, non-negative number of minor units (or a count) from a script."""
    if key not in data:
        if default is None:
            raise at(f"{where}.{key}", "missing")
        return default
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise at(f"{where}.{key}", "must be a whole number")
    if value < 0:
        raise at(f"{where}.{key}", "cannot be negative")
    return value


def text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or not value:
        raise at(f"{where}.{key}", "missing" if key not in data else "must be text")
    return value


def flag(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise at(f"{where}.{key}", "must be true or false")
    return value


def cards(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise at(where, 'must be a list of cards like ["As", "Td"]')
    result: list[int] = []
    for i, name in enumerate(value):
        try:
            if not isinstance(name, str):
                raise CardError(f"{name!r} is not a card")
            result.append(parse_card(name))
        except CardError as error:
            raise at(f"{where}[{i}]", str(error)) from None
    return tuple(result)


def keys(data: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    for key in data:
        if key not in allowed and key not in _NOTES:
            raise at(f"{where}.{key}", f"unknown field (known: {', '.join(allowed)})")


def mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise at(where, "must be an object")
    return value


def read_seed(script: Mapping[str, Any]) -> FairSeed | None:
    """The script's provably fair ``seed``, or None when it lists its cards."""
    if "seed" not in script:
        return None
    seed = mapping(script["seed"], "seed")
    try:
        server = bytes.fromhex(text(seed, "server_seed", "seed"))
        return FairSeed(server, seed.get("client_seed", ""), whole(seed, "nonce", "seed", 0))
    except ValueError as error:
        raise at("seed", str(error)) from None


def seed_script(seed: FairSeed) -> JSON:
    """The ``seed`` part of a script that deals from ``seed``."""
    return {
        "seed": {
            "server_seed": seed.server_seed.hex(),
            "client_seed": seed.client_seed,
            "nonce": seed.nonce,
        }
    }


def deck_of(
    script: Mapping[str, Any],
    box_target: str = "box:{}",
    shuffle: Callable[[FairSeed], Deck] = Deck.shuffled,
    *,
    single_deck: bool = True,
    redeal: bool = False,
) -> Deck:
    """The round's deck: ``shuffle`` d by the script's seed, or the cards it lists
    (repeats allowed when ``single_deck`` is false: a shoe holds several decks;
    with ``redeal`` a discarded card may be listed again in the stock, as the
    game shuffles discards back: [002])."""
    seed = read_seed(script)
    if seed is not None:
        return shuffle(seed)
    listed = mapping(script.get("cards", {}), "cards")
    hands: dict[str, tuple[int, ...]] = {}
    for number, hand in mapping(listed.get("boxes", {}), "cards.boxes").items():
        if not str(number).isdigit():
            raise at(f"cards.boxes.{number}", 'a box is named by its number, like "1"')
        hands[box_target.format(int(number))] = cards(hand, f"cards.boxes.{number}")
    for name, hand in listed.items():
        if name not in ("boxes", "stock"):
            hands[name] = cards(hand, f"cards.{name}")
    stock = cards(listed.get("stock", []), "cards.stock")
    try:
        return Deck.scripted(hands, stock, single_deck=single_deck, redeal=redeal)
    except CardError as error:
        raise at("cards", str(error)) from None


def read_action(data: Mapping[str, Any], where: str) -> Action:
    """An action, the same shape in every game: ``{"box": 1, "act": "play"}`` plus
    the ``hand``, ``cards``, ``amount``, ``spot`` or ``player`` its verb takes."""
    keys(data, ("act", "box", "hand", "cards", "amount", "spot", "player"), where)
    amount = whole(data, "amount", where) if "amount" in data else None
    spot = data.get("spot")
    if spot is not None and not isinstance(spot, str):
        raise at(f"{where}.spot", "must be text")
    player = data.get("player")
    if player is not None and not isinstance(player, str):
        raise at(f"{where}.player", "must be text")
    return Action(
        act=text(data, "act", where),
        box=whole(data, "box", where, 0),
        hand=whole(data, "hand", where, 0),
        cards=cards(data["cards"], f"{where}.cards") if "cards" in data else (),
        amount=amount,
        spot=spot,
        player=player,
    )


def write_action(action: Action) -> JSON:
    """An action as a round script writes it (what the runner stores and replays).

    >>> write_action(Action("exchange", box=2, cards=(51, 0)))
    {'box': 2, 'act': 'exchange', 'cards': ['As', '2c']}
    """
    given: JSON = {  # a field the verb does not take is left out
        "hand": action.hand or None,
        "cards": format_cards(action.cards).split() if action.cards else None,
        "amount": action.amount,
        "spot": action.spot,
    }
    return {"box": action.box, "act": action.act} | {
        k: v for k, v in given.items() if v is not None
    }


@dataclass(frozen=True, slots=True)
class ScriptCodec:
    """How one game's boxes and actions read from and write to a round script.

    ``read_box(write_box(stake))`` gives ``stake`` back for every stake the
    game accepts (a poker box's zero side stake is left out both ways)."""

    read_box: Callable[[Mapping[str, Any], str], BoxStake]
    write_box: Callable[[BoxStake], JSON]
    read_action: Callable[[Mapping[str, Any], str], Action] = read_action
    write_action: Callable[[Action], JSON] = write_action


def poker_codec(side_lines: tuple[str, ...]) -> ScriptCodec:
    """The box of a poker script: ``ante``, the game's side stakes, ``dark``, ``prebuy``."""

    def read(data: Mapping[str, Any], where: str) -> BoxStake:
        keys(data, ("box", "player", "ante", "dark", *side_lines, "prebuy"), where)
        stakes = {"ante": whole(data, "ante", where)}
        for line in side_lines:
            amount = whole(data, line, where, 0)
            if amount:
                stakes[line] = amount
        prebuy = data.get("prebuy", [])
        if not isinstance(prebuy, list) or not all(isinstance(p, str) for p in prebuy):
            raise at(f"{where}.prebuy", 'must be a list of options like ["sixth"]')
        return BoxStake(
            box=whole(data, "box", where),
            player=text(data, "player", where),
            stakes=stakes,
            dark=flag(data, "dark", where),
            prebuy=tuple(prebuy),
        )

    def write(stake: BoxStake) -> JSON:
        data: JSON = {"box": stake.box, "player": stake.player, "ante": stake.stake("ante")}
        data.update({line: stake.stake(line) for line in side_lines if stake.stake(line)})
        if stake.dark:
            data["dark"] = True
        if stake.prebuy:
            data["prebuy"] = list(stake.prebuy)
        return data

    return ScriptCodec(read, write)
