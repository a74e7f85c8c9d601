"""What a client may send on a table's WebSocket, checked before anything runs.

Every message is one JSON object. ``ping`` is answered with ``pong``; an
``intent`` carries the client's idempotency key (a repeat after a lost answer
changes nothing twice) and one of:

* ``sit`` (``box`` optional: the lowest free one) and ``stand`` (``box``);
* ``stake``: ``box`` and ``stake`` in round-script form (``{"ante": 1000}``,
  plus ``"dark": true``, ``"bonus"``, ``"prebuy": [...]`` as the game allows);
* ``deal``: no more stakes, deal now;
* ``act``: ``action`` in round-script form (``{"box": 1, "act": "exchange",
  "cards": ["2d"]}``).

>>> parse_message('{"type": "intent", "key": "k1", "intent": "sit", "box": 2}').box
2
>>> parse_message('{"type": "intent", "key": "k1", "intent": "sit", "colour": "red"}')
Traceback (most recent call last):
...
croupier.server.intents.MessageError: colour: unknown field for sit

Nesting too deep for the JSON parser is bad input like any other, not a crash:

>>> parse_message("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
croupier.server.intents.MessageError: not JSON: nested too deeply
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, TypeAdapter, ValidationError

from croupier.server.errors import describe_validation
from croupier.server.schemas import In, Key, Text

# stud {"ante": 1000, "dark": true, "prebuy": ["sixth"]}; baccarat {"stakes": {"player": 500}}
Word = Annotated[Text, Field(max_length=64)]  # a spot, a card, an option, a line name
StakeValue = StrictInt | StrictBool | list[Word] | dict[Word, StrictInt]
ActionValue = StrictInt | Word | list[Word] | None
Box = Annotated[StrictInt, Field(ge=1, le=12)]


class MessageError(ValueError):
    """A message that cannot be understood; the connection stays open."""

    def __init__(self, message: str, where: str = "", key: str | None = None) -> None:
        super().__init__(message)
        self.where = where
        self.key = key  # the message's own key, when it could be read: the client matches on it


class Ping(In):
    type: Literal["ping"]


class Intent(In):
    type: Literal["intent"]
    key: Key
    intent: Literal["sit", "stand", "stake", "deal", "act"]
    box: Box | None = None
    stake: Annotated[dict[Word, StakeValue], Field(max_length=20)] | None = None
    action: Annotated[dict[Word, ActionValue], Field(max_length=10)] | None = None


COMMON_FIELDS = ("type", "key", "intent")
VERB_FIELDS: dict[str, tuple[str, ...]] = {
    "sit": ("box",),
    "stand": ("box",),
    "stake": ("box", "stake"),
    "deal": (),
    "act": ("action",),
}

Message = Annotated[Ping | Intent, Field(discriminator="type")]
_adapter: TypeAdapter[Ping | Intent] = TypeAdapter(Message)
_key: TypeAdapter[str] = TypeAdapter(Key)


def parse_message(text: str | bytes) -> Ping | Intent:
    """One client message, or :class:`MessageError` naming what is wrong and where."""
    try:
        data: Any = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise MessageError(f"not JSON: {error}") from None
    except RecursionError:
        # A small message can still nest past the parser's stack (the size limit does not stop it).
        raise MessageError("not JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise MessageError("a message must be a JSON object")
    key = readable_key(data.get("key"))
    if "type" not in data:
        raise MessageError("type: missing (ping or intent)", "type", key)
    verb = data.get("intent")
    if data["type"] == "intent" and isinstance(verb, str) and verb in VERB_FIELDS:
        # Each verb takes exactly its fields: anything else is refused, never stored.
        for name in data:
            if name not in (*COMMON_FIELDS, *VERB_FIELDS[verb]):
                raise MessageError(f"{name}: unknown field for {verb}", name, key)
    try:
        return _adapter.validate_python(data)
    except ValidationError as error:
        message, where = describe_validation(error.errors())
        for prefix in ("ping.", "intent."):
            message = message.replace(prefix, "")
            where = where.removeprefix(prefix)
        raise MessageError(message, where, key) from None


def readable_key(value: object) -> str | None:
    """A message's ``key`` if it is one (so a refusal can carry it back), else None.

    >>> readable_key("k-1"), readable_key(7), readable_key("x" * 101), readable_key("a b")
    ('k-1', None, None, None)
    """
    try:
        return _key.validate_python(value)
    except ValidationError:
        return None
