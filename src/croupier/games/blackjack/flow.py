"""How a blackjack round moves on: hand by hand, box by box, then the dealer."""

from __future__ import annotations

from croupier.games.blackjack.hand import BLACKJACK, total
from croupier.games.blackjack.options import even_money_open, may_split
from croupier.games.blackjack.state import BlackjackState, BoxState, Hand
from croupier.games.common.evolve import evolve


def advance(state: BlackjackState) -> BlackjackState:
    """Move the turn to the next hand that needs a decision, dealing split
    hands their second card on the way; the dealer plays when none is left."""
    while state.turn is not None:
        bi, hi = state.turn
        if bi >= len(state.boxes):
            return dealer_plays(evolve(state, turn=None))
        box = state.boxes[bi]
        if hi >= len(box.hands):
            state = evolve(state, turn=(bi + 1, 0))
            continue
        hand = box.hands[hi]
        if len(hand.cards) == 1:  # a split hand takes its second card when its turn comes
            card, deck = state.deck.deal(box.target(hi))
            hand = evolve(hand, cards=(*hand.cards, card))
            hand = evolve(hand, done=_finished_by_draw(state, box, hand))
            state = evolve(put(state, bi, hi, hand), deck=deck)
        hand = state.boxes[bi].hands[hi]
        if hand.done:
            state = evolve(state, turn=(bi, hi + 1))
        elif hand.natural and even_money_open(state, hand):
            return state  # even money, or stand to wait for 3:2
        elif hand.total >= BLACKJACK:
            state = put(state, bi, hi, evolve(hand, done=True))
        else:
            return state
    return state


def _finished_by_draw(state: BlackjackState, box: BoxState, hand: Hand) -> bool:
    """A split ace takes one card only (unless it may be split again)."""
    if hand.total >= BLACKJACK:
        return True
    if hand.split_aces:
        return not may_split(state, box, hand)
    return False


def dealer_plays(state: BlackjackState) -> BlackjackState:
    """No hole card: the dealer's second card now, then draw to 17, but only
    as far as some stake still depends on it."""
    hands = [h for b in state.boxes for h in b.hands]
    waiting = any(h.live or (h.natural and not h.even_money) for h in hands)
    if not waiting and not any(b.insurance for b in state.boxes):
        return state
    deck, dealer = state.deck, state.dealer
    card, deck = deck.deal("dealer")
    dealer = (*dealer, card)
    if any(h.live for h in hands) and not state.dealer_blackjack:
        hit_soft = state.profile.dealer_hits_soft_17
        while True:
            value, soft = total(dealer)
            if value > 17 or (value == 17 and not (soft and hit_soft)):
                break
            card, deck = deck.deal("dealer")
            dealer = (*dealer, card)
    return evolve(state, dealer=dealer, deck=deck)


def put(state: BlackjackState, bi: int, hi: int, hand: Hand) -> BlackjackState:
    """``state`` with hand ``hi`` of the ``bi``-th box replaced by ``hand``."""
    box = state.boxes[bi]
    hands = (*box.hands[:hi], hand, *box.hands[hi + 1 :])
    acted = box.acted or hand != box.hands[hi]
    boxes = list(state.boxes)
    boxes[bi] = evolve(box, hands=hands, acted=acted)
    return evolve(state, boxes=tuple(boxes))
