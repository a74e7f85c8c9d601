"""Round scripts: read one, play it through an engine, return the settlement.

A round script (the public contract of ARCHITECTURE.md) names the game, the
rule profile, the table limits, the stakes on each box, the cards (what
each hand receives, in order, and a common ``stock``; or a provably fair
``seed``) and the ordered actions. Reading is generic; what a box or an
action means is left to a per-game :class:`Adapter` registered in
:data:`ADAPTERS`, so every engine replays through the same door.

Errors name where they are (``actions[3]: box 2: exchange refused: ...``,
``boxes[0].ante: must be a whole number``).

>>> out = replay({
...     "game": "stud", "profile": "six-card",
...     "limits": {"min": 100, "max": 10000, "max_payout": 1000000},
...     "boxes": [{"box": 1, "player": "ann", "ante": 100}],
...     "cards": {"boxes": {"1": ["Ah", "Ad", "Ac", "8s", "2h"]},
...               "dealer": ["Kh", "Kd", "9c", "5s", "3d"]},
...     "actions": [{"box": 1, "act": "play"}]})
>>> out["dealer_qualifies"], out["boxes"][0]["net"]    # trips: ANTE 1:1 + BET 3:1
(True, 700)
>>> replay({"game": "stud", "profile": "six-card", "limits": {"min": 1, "max": 9,
...         "max_payout": 99}, "boxes": [{"box": 1, "player": "ann", "ante": "5"}],
...         "cards": {}, "actions": []})
Traceback (most recent call last):
...
croupier.games.script.ScriptError: boxes[0].ante: must be a whole number
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier.cards.card import CardError, format_cards, parse_card
from croupier.cards.deck import Deck, DeckExhausted
from croupier.cards.fair import FairSeed
from croupier.games.base import JSON, Action, BoxStake, Game, Limits, RoundSetup, RuleError
from croupier.profiles import ProfileError, load

_NOTES = ("comment", "note")


class ScriptError(ValueError):
    """A round script that cannot be replayed; the message says where and why."""


def _at(where: str, message: str) -> ScriptError:
    return ScriptError(f"{where}: {message}")


def whole(data: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    """A whole, non-negative number of minor units (or a count) from a script."""
    if key not in data:
        if default is None:
            raise _at(f"{where}.{key}", "missing")
        return default
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise _at(f"{where}.{key}", "must be a whole number")
    if value < 0:
        raise _at(f"{where}.{key}", "cannot be negative")
    return value


def _text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or not value:
        raise _at(f"{where}.{key}", "missing" if key not in data else "must be text")
    return value


def _flag(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise _at(f"{where}.{key}", "must be true or false")
    return value


def _cards(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _at(where, 'must be a list of cards like ["As", "Td"]')
    result: list[int] = []
    for i, text in enumerate(value):
        try:
            if not isinstance(text, str):
                raise CardError(f"{text!r} is not a card")
            result.append(parse_card(text))
        except CardError as error:
            raise _at(f"{where}[{i}]", str(error)) from None
    return tuple(result)


def _keys(data: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    for key in data:
        if key not in allowed and key not in _NOTES:
            raise _at(f"{where}.{key}", f"unknown field (known: {', '.join(allowed)})")


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _at(where, "must be an object")
    return value


@dataclass(frozen=True)
class Adapter:
    """How one game's scripts map to its engine: boxes, hands and actions."""

    engine: Callable[[], Game[Any, Any]]
    box: Callable[[Mapping[str, Any], str], BoxStake]
    action: Callable[[Mapping[str, Any], str], Action]
    box_target: str = "box:{}"  # scripted hands listed under cards.boxes["N"]
    # Games with their own chance (a shoe, a roulette pocket) read it from the
    # script and the loaded profile; the others deal one 52-card deck.
    chance: Callable[[Mapping[str, Any], Any], Deck] | None = None


def _box_reader(side_lines: tuple[str, ...]) -> Callable[[Mapping[str, Any], str], BoxStake]:
    """A box of a poker script: ``ante``, the game's side stakes, ``dark``, ``prebuy``."""

    def read(data: Mapping[str, Any], where: str) -> BoxStake:
        _keys(data, ("box", "player", "ante", "dark", *side_lines, "prebuy"), where)
        stakes = {"ante": whole(data, "ante", where)}
        for line in side_lines:
            amount = whole(data, line, where, 0)
            if amount:
                stakes[line] = amount
        prebuy = data.get("prebuy", [])
        if not isinstance(prebuy, list) or not all(isinstance(p, str) for p in prebuy):
            raise _at(f"{where}.prebuy", 'must be a list of options like ["sixth"]')
        return BoxStake(
            box=whole(data, "box", where),
            player=_text(data, "player", where),
            stakes=stakes,
            dark=_flag(data, "dark", where),
            prebuy=tuple(prebuy),
        )

    return read


_stud_box = _box_reader(("bonus", "dealer_bonus"))


def _generic_action(data: Mapping[str, Any], where: str) -> Action:
    _keys(data, ("act", "box", "hand", "cards", "amount", "spot", "player"), where)
    amount = whole(data, "amount", where) if "amount" in data else None
    spot = data.get("spot")
    if spot is not None and not isinstance(spot, str):
        raise _at(f"{where}.spot", "must be text")
    player = data.get("player")
    if player is not None and not isinstance(player, str):
        raise _at(f"{where}.player", "must be text")
    return Action(
        act=_text(data, "act", where),
        box=whole(data, "box", where, 0),
        hand=whole(data, "hand", where, 0),
        cards=_cards(data["cards"], f"{where}.cards") if "cards" in data else (),
        amount=amount,
        spot=spot,
        player=player,
    )


def _stud_engine() -> Game[Any, Any]:
    from croupier.games.stud.engine import StudGame

    return StudGame()


def _lazy(target: str) -> Any:
    """A function imported on first call ("package.module:function"), so a
    game's adapter lives next to its engine without an import cycle."""

    def call(*args: Any) -> Any:
        module_name, _, function = target.partition(":")
        return getattr(importlib.import_module(module_name), function)(*args)

    return call


def _table_game(name: str) -> Adapter:
    """The adapter a table game defines in ``croupier.games.<name>.script``."""
    module = f"croupier.games.{name}.script"
    return Adapter(
        engine=_lazy(f"{module}:engine"),
        box=_lazy(f"{module}:box"),
        action=_generic_action,
        chance=_lazy(f"{module}:chance"),
    )


ADAPTERS: dict[str, Adapter] = {
    "stud": Adapter(engine=_stud_engine, box=_stud_box, action=_generic_action),
    **{name: _table_game(name) for name in ("blackjack", "baccarat", "roulette")},
    # Texas Hold'em, Hold'em Bonus and three-card poker: one engine, one box shape.
    **{
        name: Adapter(
            engine=_lazy("croupier.games.house_poker.engine:HousePokerGame"),
            box=_box_reader(("bonus", "pair_plus")),
            action=_generic_action,
        )
        for name in ("holdem", "holdem_bonus", "three_card")
    },
}


def read_seed(script: Mapping[str, Any]) -> FairSeed | None:
    """The script's provably fair ``seed``, or None when it lists its cards."""
    if "seed" not in script:
        return None
    seed = _mapping(script["seed"], "seed")
    try:
        server = bytes.fromhex(_text(seed, "server_seed", "seed"))
        return FairSeed(server, seed.get("client_seed", ""), whole(seed, "nonce", "seed", 0))
    except ValueError as error:
        raise _at("seed", str(error)) from None


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
    cards = _mapping(script.get("cards", {}), "cards")
    hands: dict[str, tuple[int, ...]] = {}
    for number, listed in _mapping(cards.get("boxes", {}), "cards.boxes").items():
        if not str(number).isdigit():
            raise _at(f"cards.boxes.{number}", 'a box is named by its number, like "1"')
        hands[box_target.format(int(number))] = _cards(listed, f"cards.boxes.{number}")
    for name, listed in cards.items():
        if name not in ("boxes", "stock"):
            hands[name] = _cards(listed, f"cards.{name}")
    stock = _cards(cards.get("stock", []), "cards.stock")
    try:
        return Deck.scripted(hands, stock, single_deck=single_deck, redeal=redeal)
    except CardError as error:
        raise _at("cards", str(error)) from None


def round_deck(profile: Any, seed: FairSeed) -> Deck:
    """The round's cards from its seed, exactly as ``croupier replay`` deals a script
    with that seed (a 52-card deck, or the game's own chance: a shoe, a wheel)."""
    adapter = ADAPTERS[profile.game]
    if adapter.chance is None:
        return Deck.shuffled(seed)
    script = {
        "seed": {
            "server_seed": seed.server_seed.hex(),
            "client_seed": seed.client_seed,
            "nonce": seed.nonce,
        }
    }
    return adapter.chance(script, profile)


def action_json(action: Action) -> JSON:
    """An action as a round script writes it (what the runner stores and replays).

    >>> action_json(Action("exchange", box=2, cards=(51, 0)))
    {'box': 2, 'act': 'exchange', 'cards': ['As', '2c']}
    """
    data: JSON = {"box": action.box, "act": action.act}
    if action.hand:
        data["hand"] = action.hand
    if action.cards:
        data["cards"] = format_cards(action.cards).split()
    if action.amount is not None:
        data["amount"] = action.amount
    if action.spot is not None:
        data["spot"] = action.spot
    return data


def replay(script: Mapping[str, Any]) -> JSON:
    """Play a round script; the settlement as JSON, or where the round waits."""
    script = _mapping(script, "script")
    game_name = _text(script, "game", "script")
    adapter = ADAPTERS.get(game_name)
    if adapter is None:
        raise _at("game", f"unknown game {game_name!r} (known: {', '.join(sorted(ADAPTERS))})")
    try:
        profile = load(_text(script, "profile", "script"))
    except ProfileError as error:
        raise _at("profile", str(error)) from None
    if getattr(profile, "game", game_name) != game_name:
        raise _at("profile", f"{profile.id!r} is a {profile.game} profile, not {game_name}")
    limits_data = _mapping(script.get("limits"), "limits")
    _keys(limits_data, ("min", "max", "max_payout"), "limits")
    try:
        limits = Limits(
            whole(limits_data, "min", "limits"),
            whole(limits_data, "max", "limits"),
            whole(limits_data, "max_payout", "limits"),
        )
    except RuleError as error:
        raise ScriptError(str(error)) from None
    boxes_data = script.get("boxes")
    if not isinstance(boxes_data, list):
        raise _at("boxes", "must be a list of boxes")
    boxes = tuple(
        adapter.box(_mapping(item, f"boxes[{i}]"), f"boxes[{i}]")
        for i, item in enumerate(boxes_data)
    )
    redeal = bool(getattr(profile, "reshuffle_discards", False))
    deck = (
        adapter.chance(script, profile)
        if adapter.chance
        else deck_of(script, adapter.box_target, redeal=redeal)
    )
    actions_data = script.get("actions", [])
    if not isinstance(actions_data, list):
        raise _at("actions", "must be a list of actions")
    actions = [
        adapter.action(_mapping(item, f"actions[{i}]"), f"actions[{i}]")
        for i, item in enumerate(actions_data)
    ]
    engine = adapter.engine()
    try:
        state = engine.start(RoundSetup(profile, limits, boxes), deck)
    except RuleError as error:
        raise _at("boxes", str(error)) from None
    except DeckExhausted as error:
        raise _at("cards", str(error)) from None
    for i, action in enumerate(actions):
        try:
            state = engine.apply(state, action)
        except RuleError as error:
            raise _at(f"actions[{i}]", str(error)) from None
        except DeckExhausted as error:  # the script's cards cannot be dealt as it says
            raise _at(f"actions[{i}]", f"box {action.box} {action.act}: {error}") from None
    settlement = engine.settlement(state)
    if settlement is None:
        turn = engine.to_act(state)
        assert turn is not None, "an unsettled round always waits for someone"
        return {
            "status": "waiting",
            "profile": profile.id,
            "box": turn.box,
            "waiting_for": turn.waiting_for,
        }
    return {"status": "settled", "game": game_name, "profile": profile.id, **settlement.to_json()}


def replay_file(path: str | Path) -> JSON:
    """:func:`replay` a script stored as JSON."""
    file = Path(path)
    try:
        script = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise ScriptError(f"{file}: cannot be read: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise ScriptError(f"{file.name}: not JSON: {error}") from None
    try:
        return replay(script)
    except ScriptError as error:
        raise ScriptError(f"{file.name}: {error}") from None
