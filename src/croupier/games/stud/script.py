"""Stud round scripts: a box's ``ante``, BONUS stakes, ``dark`` and ``prebuy``; cards per box.

A box: ``{"box": 1, "player": "p1", "ante": 100, "bonus": 25, "dark": true,
"prebuy": ["sixth"]}``. Cards: ``cards.boxes["1"]`` lists the box's hand,
``cards.dealer`` the dealer's, ``cards.stock`` what exchanges and sixth cards
draw (a profile that shuffles discards back may list a discarded card again);
or a ``seed`` shuffles one 52-card deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.cards.deck import Deck
from croupier.games.codec import deck_of, poker_codec
from croupier.games.stud.profile import StudProfile

CODEC = poker_codec(("bonus", "dealer_bonus"))


def chance(script: Mapping[str, Any], profile: StudProfile) -> Deck:
    return deck_of(script, redeal=profile.reshuffle_discards)
