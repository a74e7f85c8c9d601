"""Round scripts: read one, play it through an engine, return the settlement.

A round script (the public contract of ARCHITECTURE.md) names the game, the
rule profile, the table limits, the stakes on each box, the cards (what
each hand receives, in order, and a common ``stock``; or a provably fair
``seed``) and the ordered actions. Reading is generic; what a box means, and how the cards
are dealt, is the game's :class:`~croupier.games.registry.GameSpec` 's
(its ``script`` codec and its ``chance``), so every engine replays through
the same door.

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
croupier.games.codec.ScriptError: boxes[0].ante: must be a whole number
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from croupier.cards.deck import DeckExhausted
from croupier.games.base import JSON, Limits, RoundSetup, RuleError
from croupier.games.codec import ScriptError, at, keys, mapping, text, whole, write_action
from croupier.games.registry import UnknownGame, spec
from croupier.profiles import ProfileError, load

# The name the casino's round runner knows it by.
action_json = write_action
__all__ = ["ScriptError", "action_json", "replay", "replay_file"]


def replay(script: Mapping[str, Any]) -> JSON:
    """Play a round script; the settlement as JSON, or where the round waits."""
    script = mapping(script, "script")
    game_name = text(script, "game", "script")
    try:
        game = spec(game_name)
    except UnknownGame as error:
        raise at("game", str(error)) from None
    try:
        profile = load(text(script, "profile", "script"))
    except ProfileError as error:
        raise at("profile", str(error)) from None
    if profile.game != game_name:
        raise at("profile", f"{profile.id!r} is a {profile.game} profile, not {game_name}")
    limits_data = mapping(script.get("limits"), "limits")
    keys(limits_data, ("min", "max", "max_payout"), "limits")
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
        raise at("boxes", "must be a list of boxes")
    boxes = tuple(
        game.script.read_box(mapping(item, f"boxes[{i}]"), f"boxes[{i}]")
        for i, item in enumerate(boxes_data)
    )
    deck = game.chance(script, profile)
    actions_data = script.get("actions", [])
    if not isinstance(actions_data, list):
        raise at("actions", "must be a list of actions")
    actions = [
        game.script.read_action(mapping(item, f"actions[{i}]"), f"actions[{i}]")
        for i, item in enumerate(actions_data)
    ]
    engine = game.engine
    try:
        state = engine.start(RoundSetup(profile, limits, boxes), deck)
    except RuleError as error:
        raise at("boxes", str(error)) from None
    except DeckExhausted as error:
        raise at("cards", str(error)) from None
    for i, action in enumerate(actions):
        try:
            state = engine.apply(state, action)
        except RuleError as error:
            raise at(f"actions[{i}]", str(error)) from None
        except DeckExhausted as error:  # the script's cards cannot be dealt as it says
            raise at(f"actions[{i}]", f"box {action.box} {action.act}: {error}") from None
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
