"""What each viewer may see of a stud round: no hidden card ever leaves.

* the house sees everything, discards included;
* the dealer's shown card is public; its other cards once the dealer shows;
* a light box's cards reach its owner when its turn comes (all own boxes at
  once where the profile says so, [002]); everybody else sees them only at
  the show, and never those of a folded box;
* a dark box's cards are seen by nobody but the house until the show;
* a dark box's options bought blind (a 6th card, a game, insurance) are its
  owner's business until the show: anybody else sees only what is on the
  table for all (its ANTE, its BET, that it is dark) and the five cards
  dealt to it, never a card count, fee or insurance that would tell them;
* the settlement shows a box's hands to whoever may see its cards, and the
  dealer's once it has shown; a box's second combination ([004]) is named with its
  cards, while it decides too.
"""

from __future__ import annotations

from typing import Any

from croupier.cards.card import format_card
from croupier.games.base import JSON, Game, Viewer, ViewerRole
from croupier.games.common.view import complete, sees_prebuys
from croupier.games.stud.payout import evaluate
from croupier.games.stud.state import BoxState, Stage, StudState


def box_visible(state: StudState, box: BoxState, viewer: Viewer) -> bool:
    """Whether ``viewer`` may see the cards of ``box`` now."""
    if viewer.role is ViewerRole.HOUSE:
        return True
    if box.stage is Stage.FOLDED:
        return viewer.player == box.player and not box.dark
    if state.dealer_shown:
        return True
    if box.dark or viewer.player != box.player:
        return False
    return box.stage is not Stage.WAITING or state.profile.table.owner_sees_all_boxes


def prebuys_visible(state: StudState, box: BoxState, viewer: Viewer) -> bool:
    """Whether ``viewer`` may see what ``box`` bought blind (its card count, fees,
    insurance, a game bought). A light box buys in the open; a dark box's
    pre-buys are seen by its owner and the house, by everybody after the show."""
    return sees_prebuys(viewer, box.player, dark=box.dark, shown=state.dealer_shown)


def view_for(game: Game[Any, StudState], state: StudState, viewer: Viewer) -> JSON:
    """The whole round as ``viewer`` may see it: the table, whose turn, the viewer's
    options and the settlement (what :meth:`StudGame.project` returns)."""
    owners = {box.box: box.player for box in state.boxes}
    hidden = {box.box for box in state.boxes if not box_visible(state, box, viewer)}
    table = project(state, viewer)
    return complete(game, state, viewer, table, owners, hidden, not state.dealer_shown)


def _cards(cards: tuple[int, ...]) -> list[str]:
    return [format_card(c) for c in cards]


def _second_combination(state: StudState, box: BoxState) -> list[str]:
    """The cards of the second combination a box holds now, where the profile pays one
    ([004]): named while the box decides, by the rule the settlement pays it by."""
    if not state.profile.second_combination or len(box.cards) != 6:
        return []
    second = evaluate(state.profile, box.cards).second
    return [] if second is None else _cards(second.cards)


def project(state: StudState, viewer: Viewer) -> JSON:
    """The round as ``viewer`` may see it (cards as text, hidden ones as counts)."""
    house = viewer.role is ViewerRole.HOUSE
    dealer: JSON = {"shown": format_card(state.shown_card), "count": len(state.dealer)}
    if house or state.dealer_shown:
        dealer["cards"] = _cards(state.dealer)
    if state.show is not None and state.show.bought is not None and state.dealer_shown:
        dealer["bought_game"] = {
            "dropped": format_card(state.show.dropped or 0),
            "drew": format_card(state.show.drew or 0),
        }
    boxes: list[JSON] = []
    for box in sorted(state.boxes, key=lambda b: b.box):
        item: JSON = {
            "box": box.box,
            "player": box.player,
            "dark": box.dark,
            "ante": box.ante,
            "stage": box.stage.value,
            "card_count": len(box.cards),
            "fees": sum(fee for _, fee in box.fees),
            "insurance": box.insurance,
            "took_half": box.took_half,
            "bought_game": box.bought_game,
        }
        if not prebuys_visible(state, box, viewer):
            # The keys stay (clients read them) with what is public: the deal.
            item |= {
                "card_count": len(box.first_five),
                "fees": 0,
                "insurance": 0,
                "took_half": False,
                "bought_game": False,
                "prebuys_hidden": True,
            }
        if box_visible(state, box, viewer):
            item["cards"] = _cards(box.cards)
            second = _second_combination(state, box)
            if second:
                item["second_combination"] = second
        if house:
            item["discards"] = _cards(box.discards)
        boxes.append(item)
    return {
        "game": "stud",
        "profile": state.profile.id,
        "phase": state.phase.value,
        "dealer": dealer,
        "boxes": boxes,
    }
