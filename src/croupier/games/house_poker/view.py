"""What each viewer may see of a house-poker round: no hidden card leaves.

* the house sees everything;
* board cards are public once turned; the dealer's cards once it shows;
* a light box's cards reach its owner when its first turn comes (a player
  deciding box 1 does not see box 2 yet [004 conduct rule 2]), and everyone
  at the show, except a folded box's, which only its owner ever saw;
* a dark box's cards are seen by nobody but the house until the show;
* the settlement shows a box's hands to whoever may see its cards.
"""

from __future__ import annotations

from typing import Any

from croupier.games.base import JSON, Game, Viewer, ViewerRole
from croupier.games.common.view import card_texts, complete
from croupier.games.house_poker.state import BoxState, HouseState


def box_visible(state: HouseState, box: BoxState, viewer: Viewer) -> bool:
    """Whether ``viewer`` may see the cards of ``box`` now."""
    if viewer.role is ViewerRole.HOUSE:
        return True
    if box.folded:
        return viewer.player == box.player and box.seen
    if state.done:
        return True
    return viewer.player == box.player and not box.dark and box.seen


def project(state: HouseState, viewer: Viewer) -> JSON:
    """The round as ``viewer`` may see it (cards as text, hidden ones as counts)."""
    house = viewer.role is ViewerRole.HOUSE
    dealer: JSON = {"count": len(state.dealer)}
    if house or state.done:
        dealer["cards"] = card_texts(state.dealer)
    boxes: list[JSON] = []
    for box in sorted(state.boxes, key=lambda b: b.box):
        item: JSON = {
            "box": box.box,
            "player": box.player,
            "dark": box.dark,
            "ante": box.ante,
            "side_bets": dict(box.side),
            "stakes": dict(box.streets),
            "folded": box.folded,
            "card_count": len(box.cards),
        }
        if box_visible(state, box, viewer):
            item["cards"] = card_texts(box.cards)
        boxes.append(item)
    streets = state.profile.streets
    return {
        "game": state.profile.game,
        "profile": state.profile.id,
        "street": streets[state.street].line if state.street < len(streets) else None,
        "board": card_texts(state.board),
        # how many community cards the game deals (none at three-card: no streets to name)
        "board_cards": state.profile.board_cards,
        "dealer": dealer,
        "boxes": boxes,
        "done": state.done,
    }


def view_for(game: Game[Any, HouseState], state: HouseState, viewer: Viewer) -> JSON:
    """The whole round as ``viewer`` may see it: the table, whose turn, the viewer's
    options and the settlement (what :meth:`HousePokerGame.project` returns); the
    dealer's hand is public once the round is done (it shows even when all fold)."""
    owners = {box.box: box.player for box in state.boxes}
    hidden = {box.box for box in state.boxes if not box_visible(state, box, viewer)}
    return complete(game, state, viewer, project(state, viewer), owners, hidden)
