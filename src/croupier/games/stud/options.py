"""What is open to a stud box now: the menu (``legal_actions``) and the
refusals (:mod:`croupier.games.stud.verbs`) ask the same questions here.
"""

from __future__ import annotations

from croupier.games.common.antes import antes
from croupier.games.stud.payout import BoxHand, coefficient, evaluate
from croupier.games.stud.seating import several_light_owner
from croupier.games.stud.state import BoxState, Stage, StudState


def hand(state: StudState, box: BoxState) -> BoxHand:
    return evaluate(state.profile, box.cards)


def forbidden(state: StudState, box: BoxState) -> tuple[int, ...]:
    """Exchange counts closed to the box (an owner of several light boxes)."""
    if several_light_owner(state.setup, box.player):
        return state.profile.table.several_light.forbid_exchange
    return ()


def insurance_range(state: StudState, box: BoxState) -> tuple[int, int] | None:
    """(min, max) of the box's insurance stake, or None when it is not offered."""
    spec = state.profile.insurance
    if spec is None or box.insurance or box.stage is not Stage.DECIDING:
        return None
    held = hand(state, box)
    if held.main.category < spec.min_hand:
        return None
    low = antes(spec.min_antes, box.ante)
    high = state.profile.bet_antes * box.ante * coefficient(state.profile, held)
    return (low, high) if low <= high else None


def extras_open(state: StudState, box: BoxState) -> bool:
    """Taking half or buying a game before the show: on the box's own turn,
    or right after it played, before any other box acts (all of box 1
    before box 2 [000])."""
    if box.dark or state.dealer_shown_for_extras():
        return False
    if box.stage is Stage.DECIDING:
        return True
    return box.stage is Stage.PLAYED and bool(state.history) and state.history[-1].box == box.box


def may_take_half(state: StudState, box: BoxState) -> bool:
    spec = state.profile.take_half
    if spec is None or box.took_half or not extras_open(state, box):
        return False
    if spec.requires_bonus and not box.bonus:
        return False
    return hand(state, box).main.category >= spec.min_hand


def may_buy_before_show(state: StudState, box: BoxState) -> bool:
    buy = state.profile.buy_game
    return (
        buy is not None
        and buy.when == "before_show"
        and not box.bought_game
        and extras_open(state, box)
    )
