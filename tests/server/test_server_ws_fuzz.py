"""Fuzz every WebSocket verb (issue 12, regression suite): whatever a client sends,
each message gets an ack or an error that is never ``internal``, the error carries the
message's key whenever the key is readable, the connection stays open, and the books
still balance. A hundred-odd messages in ``make test``, thousands in ``make soak``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .test_server_ws import join, open_table
from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]

_text = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)) | st.sampled_from("\x00\u202e\n"),
    max_size=20,
)
_scalar = st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats() | _text
_value = st.recursive(
    _scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=8,
)
_act = st.sampled_from(["play", "fold", "exchange", "insure", "bet", "buy_game", "dance"])
_action = st.fixed_dictionaries(
    {"act": _act},
    optional={
        "box": st.integers(-1, 13) | _value,
        "cards": st.lists(st.sampled_from(["2d", "As", "Kh", "??"]), max_size=6) | _value,
        "amount": st.integers(-5, 10**9) | _value,
        "spot": _text,
        "hand": st.integers(0, 3),
        "player": _text,
    },
)
_intent = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["intent", "intent", "ping", "other"]) | _value,
        "key": st.from_regex(r"[a-z0-9]{1,8}", fullmatch=True) | _value,
        "intent": st.sampled_from(["sit", "stand", "stake", "deal", "act", "nap"]) | _value,
    },
    optional={
        "box": st.integers(0, 13) | _value,
        "stake": st.dictionaries(
            st.sampled_from(["ante", "bonus", "dark", "x"]), _value, max_size=3
        ),
        "action": _action | _value,
        "extra": _value,
    },
)


@pytest.mark.sizes(120, 3000)  # messages
def test_no_websocket_message_crashes_the_table_or_loses_its_key(
    client: TestClient, player: Make, size: int
) -> None:
    table_id = open_table(client)
    _card, headers = player(chips=1_000_000)
    with join(client, table_id, headers, "f") as socket:
        me = TableClient(socket, "f")
        assert me.send(intent="sit", box=1)["type"] == "ack"

        @given(_intent)
        @settings(max_examples=size, deadline=None, suppress_health_check=list(HealthCheck))
        def fuzz(message: dict[str, Any]) -> None:
            answer = me.raw(json.dumps(message))
            if answer["type"] == "pong":
                return
            assert answer["type"] in ("ack", "error"), answer
            if answer["type"] == "error":
                assert answer["code"] != "internal", answer
                key = message.get("key")
                if isinstance(key, str) and key.isalnum() and len(key) <= 8:
                    assert answer.get("key") == key, (message, answer)

        fuzz()
        assert me.raw('{"type": "ping"}')["type"] == "pong"  # still connected
    state = client.app.state.croupier  # type: ignore[attr-defined]
    assert state.casino.audit().ok
