"""Blackjack round scripts: a stake (and 21+3) per box, cards per hand or a seed.

A box: ``{"box": 1, "player": "p1", "stake": 1000, "twenty_one_plus_three": 100}``.
Cards: ``cards.boxes["1"]`` lists the box's first hand in dealing order (its two
cards, then every card it draws); a split hand N draws from ``cards["box:1/N"]``
(hands numbered in playing order, 2 for the first split-off hand); ``cards.dealer``
lists the dealer's up card, then its second card and draws; anything further
comes from ``cards.stock``. Cards may repeat (a six-deck shoe). A ``seed``
shuffles a fresh shoe instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.cards.deck import Deck
from croupier.games.base import JSON, BoxStake
from croupier.games.blackjack.profile import BlackjackProfile
from croupier.games.codec import ScriptCodec, deck_of, keys, text, whole


def read_box(data: Mapping[str, Any], where: str) -> BoxStake:
    keys(data, ("box", "player", "stake", "twenty_one_plus_three"), where)
    stakes = {"stake": whole(data, "stake", where)}
    side = whole(data, "twenty_one_plus_three", where, 0)
    if side:
        stakes["twenty_one_plus_three"] = side
    return BoxStake(
        box=whole(data, "box", where), player=text(data, "player", where), stakes=stakes
    )


def write_box(stake: BoxStake) -> JSON:
    data: JSON = {"box": stake.box, "player": stake.player, "stake": stake.stake("stake")}
    if stake.stake("twenty_one_plus_three"):
        data["twenty_one_plus_three"] = stake.stake("twenty_one_plus_three")
    return data


CODEC = ScriptCodec(read_box, write_box)


def chance(script: Mapping[str, Any], profile: BlackjackProfile) -> Deck:
    return deck_of(script, shuffle=profile.shoe.fresh, single_deck=False)
