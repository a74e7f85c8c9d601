"""What is open to the blackjack hand whose turn it is: the menu
(``legal_actions``), the refusals (:mod:`croupier.games.blackjack.verbs`) and
the deal of a split hand ask the same questions here.
"""

from __future__ import annotations

from croupier.cards.card import rank_of
from croupier.games.base import LegalAction
from croupier.games.blackjack.hand import points
from croupier.games.blackjack.state import BlackjackState, BoxState, Hand


def even_money_open(state: BlackjackState, hand: Hand) -> bool:
    return hand.natural and (
        state.dealer_shows_ace
        or (state.dealer_shows_ten and state.profile.insurance.even_money_against_ten)
    )


def may_split(state: BlackjackState, box: BoxState, hand: Hand) -> bool:
    rules = state.profile.split
    if len(hand.cards) != 2 or len(box.hands) >= rules.max_hands:
        return False
    a, b = hand.cards
    same = points(a) == points(b) if rules.by_value else rank_of(a) == rank_of(b)
    return same and not (hand.split_aces and not rules.resplit_aces)


def may_double(state: BlackjackState, hand: Hand) -> bool:
    profile = state.profile
    if len(hand.cards) != 2 or hand.split_aces or hand.doubled:
        return False
    if hand.from_split and not profile.split.double_after_split:
        return False
    return profile.may_double_on(sum(points(c) for c in hand.cards))


def may_surrender(state: BlackjackState, box: BoxState, hand: Hand) -> bool:
    rule = state.profile.surrender
    if rule == "none" or (rule == "not_against_ace" and state.dealer_shows_ace):
        return False
    return len(box.hands) == 1 and len(hand.cards) == 2 and not hand.from_split


def insurance_range(state: BlackjackState, box: BoxState) -> tuple[int, int] | None:
    """(min, max) of an insurance stake, or None when it is not offered:
    up to half of the sum of ALL the player's stakes at the table (seed
    [004]: "not more than half of the sum of all his stakes": every box,
    a blackjack's too, doubles, splits and 21+3), less what the player
    already insured, and at least the table's minimum."""
    if not state.dealer_shows_ace or box.insurance or box.acted or box.hands[0].natural:
        return None
    mine = [b for b in state.boxes if b.player == box.player]
    high = sum(b.stakes for b in mine) // 2 - sum(b.insurance for b in mine)
    low = state.profile.insurance.minimum
    return (low, high) if low <= high else None


def menu(state: BlackjackState) -> tuple[LegalAction, ...]:
    """The actions open to the hand whose turn it is."""
    if state.turn is None:
        return ()
    bi, hi = state.turn
    box = state.boxes[bi]
    hand = box.hands[hi]
    n = box.box
    if hand.natural:
        return (LegalAction("even_money", n, hi), LegalAction("stand", n, hi))
    result: list[LegalAction] = []
    if not hand.split_aces:
        result.append(LegalAction("hit", n, hi))
    result.append(LegalAction("stand", n, hi))
    if may_double(state, hand):
        result.append(LegalAction("double", n, hi, price=hand.stake))
    if may_split(state, box, hand):
        result.append(LegalAction("split", n, hi, price=hand.stake))
    if may_surrender(state, box, hand):
        result.append(LegalAction("surrender", n, hi))
    span = insurance_range(state, box)
    if span is not None and hi == 0:
        result.append(
            LegalAction("insurance", n, 0, price=None, min_amount=span[0], max_amount=span[1])
        )
    return tuple(result)
