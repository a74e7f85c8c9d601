"""What each viewer may see, the rules every engine shares: the one place they are decided.

An engine's ``project`` builds its table (cards as text, hidden ones as
counts, by its own visibility rules) and hands it to :func:`complete`, which
adds what every game shows the same way: whose turn it is, the actions open
to this viewer (:func:`open_to`) and the settlement with the hands this
viewer may not see taken out (:func:`settled_for`). The casino, the history
and the server pass the result on; they decide nothing about what is seen.

What the round's record shows outside an engine state follows rules from here
too: a dark box's pre-buys (:func:`stake_seen_by`) and the cards an action
names (:func:`action_seen_by`).

>>> card_texts([51, 0])
['As', '2c']
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from croupier.cards.card import format_card
from croupier.games.base import (
    JSON,
    BoxStake,
    Game,
    LegalAction,
    Settlement,
    Viewer,
    ViewerRole,
)

S = TypeVar("S")


def card_texts(cards: Iterable[int]) -> list[str]:
    return [format_card(c) for c in cards]


def sees_prebuys(viewer: Viewer, owner: str, *, dark: bool = True, shown: bool = False) -> bool:
    """Whether ``viewer`` may know what a box of ``owner`` bought blind (a 6th card,
    insurance, a game, a pre-set bet). A light box buys in the open; a dark box's
    pre-buys are its owner's and the house's business until the dealer shows."""
    return not dark or shown or viewer.role is ViewerRole.HOUSE or viewer.player == owner


def stake_seen_by(stake: BoxStake, viewer: Viewer) -> BoxStake:
    """A box's stakes as ``viewer`` may see them: the stakes on the layout are public,
    a dark box's pre-buys stay with its owner (and the house)."""
    if not stake.prebuy or sees_prebuys(viewer, stake.player):
        return stake
    return replace(stake, prebuy=())


def action_seen_by(action: JSON, owner: str | None, viewer: Viewer) -> JSON | None:
    """A recorded action (round-script form) as ``viewer`` may read it, or None.

    The cards an action names (an exchange, a discard) were its box's own: only
    the box's owner and the house ever saw them, so nobody else reads that
    action at all (its cards gone, it would still tell how many were changed)."""
    if "cards" not in action or viewer.role is ViewerRole.HOUSE:
        return action
    return action if owner is not None and viewer.player == owner else None


def open_to(
    game: Game[Any, S], state: S, viewer: Viewer, owners: Mapping[int, str]
) -> tuple[LegalAction, ...]:
    """The actions open now that ``viewer`` may be told of (``owners``: box -> player).

    The house is told all; a player the ones of their own boxes, and the
    table's own ones (box 0: roulette's "no more bets") when they have a box;
    a spectator none. An option such as insurance, a split or taking half
    tells what a box holds, so nobody learns another box's options."""
    if game.to_act(state) is None:
        return ()
    everything = game.legal_actions(state)
    if viewer.role is ViewerRole.HOUSE:
        return everything
    own = {box for box, player in owners.items() if player == viewer.player}
    return tuple(a for a in everything if a.box in own or (a.box == 0 and own))


# Settlement details that show dealer cards (the game a box bought from the dealer).
DEALER_DETAILS = frozenset({"bought_game"})


def settled_for(
    settlement: Settlement, hidden_boxes: Container[int], dealer_hidden: bool = False
) -> Settlement:
    """``settlement`` without the hands a viewer may not see: those of ``hidden_boxes``
    (a folded box, a dark box before the show) and, when ``dealer_hidden`` (nobody
    played, so the dealer never showed), the dealer's hands and the details that
    name its cards. Stakes and results stay: every box's net is public."""
    boxes = tuple(
        replace(b, hands=()) if b.box in hidden_boxes and b.hands else b for b in settlement.boxes
    )
    if not dealer_hidden:
        return replace(settlement, boxes=boxes)
    details = {k: v for k, v in settlement.details.items() if k not in DEALER_DETAILS}
    return replace(settlement, boxes=boxes, dealer=(), details=details)


def complete(
    game: Game[Any, S],
    state: S,
    viewer: Viewer,
    table: JSON,
    owners: Mapping[int, str],
    hidden_boxes: Container[int] = (),
    dealer_hidden: bool = False,
) -> JSON:
    """``table`` (the engine's projection of the cards) made the whole view for ``viewer``:
    whose turn it is, the actions open to the viewer (``legal_actions``, left out when
    none; ``owners``: box -> player) and the ``settlement`` (None while the round goes
    on) without the hands the engine hides from this viewer (:func:`settled_for`)."""
    turn = game.to_act(state)
    table["to_act"] = (
        None
        if turn is None
        else {"box": turn.box, "hand": turn.hand, "waiting_for": turn.waiting_for}
    )
    legal = open_to(game, state, viewer, owners)
    if legal:
        table["legal_actions"] = [a.to_json() for a in legal]
    settlement = game.settlement(state)
    if settlement is not None and viewer.role is not ViewerRole.HOUSE:
        settlement = settled_for(settlement, hidden_boxes, dealer_hidden)
    table["settlement"] = None if settlement is None else settlement.to_json()
    return table
