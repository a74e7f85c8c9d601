"""The leak check: the cards a message names, to compare with what its viewer may see.

Nothing on the way to a viewer uses this (what a viewer sees is decided once, by
the engines' projections); the tests and audits of privacy do: they scan every
message or view a viewer got for card texts and compare them with what the rules
let that viewer see (tests/games/test_privacy.py, the server's leak scans).

>>> sorted(cards_in({"hands": [{"cards": ["As", "Kd"]}], "note": "Kd", "n": 3}))
['As', 'Kd']
"""

from __future__ import annotations

import re
from typing import Any

CARD = re.compile(r"^[2-9TJQKA][shdc]$")


def cards_in(value: Any) -> set[str]:
    """Every card (as text) anywhere in a JSON value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if CARD.match(item):
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found
