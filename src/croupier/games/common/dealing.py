"""A finished round's dealing order, for the provably-fair check (docs/api.md).

Every card of a round comes off the top of its committed shuffle, whatever hand it
goes to: the round's cards in the order they were dealt, each with the hand it went
to and its place in the shuffle, let the player re-derive the shuffle from the
revealed seed and see that every card the table showed came from where the round
says (web/src/lib/fair-check.ts). The order is the engine's own, noted by a traced
deck while the round is replayed (:meth:`~croupier.cards.deck.Deck.traced`), never
a second account of the rules.

Nothing here is a card the viewer was not shown: a place in the shuffle is derived
from the seed, public once revealed. Only discards shuffled back ([002]) are cards
no seed gives; they are listed for the owner of the hand that gave them back (and
the house), for anyone else as ``None`` (what is re-derived from them stays unknown).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.cards.card import format_card
from croupier.cards.deck import Deck
from croupier.games.base import JSON, Viewer, ViewerRole


def dealing_of(state: Any, owners: Mapping[str, str], viewer: Viewer) -> JSON | None:
    """The dealing order of a round's ``state`` replayed with a traced deck, as
    ``viewer`` may read it; ``owners``: the player of each box's hand (``"box:1"``).
    None when the round dealt nothing (void before the deal)."""
    deck = getattr(state, "deck", None)
    if not isinstance(deck, Deck) or deck.trace is None:
        return None
    trace = deck.trace

    def owned(hand: str) -> bool:
        if viewer.role is ViewerRole.HOUSE:
            return True
        return viewer.player is not None and owners.get(hand.split("/")[0]) == viewer.player

    return {
        "cards": [{"to": d.to, "shuffle": d.shuffle, "position": d.position} for d in trace.dealt],
        "reshuffles": [
            {
                "label": r.label,
                "of": r.of,
                "rest_from": r.rest_from,
                "hand": r.hand,
                "discards": [format_card(c) if owned(r.hand) else None for c in r.discards],
            }
            for r in trace.reshuffles
        ],
    }
