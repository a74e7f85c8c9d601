"""House-poker round scripts: a box's ``ante``, BONUS or PAIR PLUS, ``dark`` and ``prebuy``.

A box: ``{"box": 1, "player": "p1", "ante": 100, "pair_plus": 25}`` (an ANTE
of 0 where a side bet may stand alone; a dark box's ``prebuy`` lists the bets
it pre-sets). Cards: ``cards.boxes["1"]``, ``cards.dealer``, ``cards.board``;
or a ``seed`` shuffles one 52-card deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.cards.deck import Deck
from croupier.games.codec import deck_of, poker_codec
from croupier.games.house_poker.profile import HouseProfile

CODEC = poker_codec(("bonus", "pair_plus"))


def chance(script: Mapping[str, Any], profile: HouseProfile) -> Deck:
    return deck_of(script)
