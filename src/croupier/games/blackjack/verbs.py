"""The verbs of a blackjack round: each one's payload, why it is refused, what it does.

The hand whose turn it is may ``hit``, ``stand``, ``double``, ``split`` or
``surrender`` (as the profile allows), take ``insurance`` against a dealer's
ace before the box plays, or ``even_money`` with a blackjack. Every verb names
its box and hand (:class:`~croupier.games.common.verbs.OnHand`); insurance adds
an amount. :class:`~croupier.games.common.verbs.VerbEngine` has already
checked that the box is in the round and is the sender's; the refusals here
are the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Self

from croupier.cards.card import ACE, rank_of
from croupier.games.base import Action, LegalAction
from croupier.games.blackjack.flow import advance, put
from croupier.games.blackjack.hand import BLACKJACK
from croupier.games.blackjack.options import menu
from croupier.games.blackjack.state import BlackjackState, Hand
from croupier.games.codes import UNKNOWN_ACTION, Reason
from croupier.games.common.evolve import evolve
from croupier.games.common.verbs import OnHand, Verb

BlackjackVerb = Literal["hit", "stand", "double", "split", "surrender", "insurance", "even_money"]
# Why a verb is not open to the hand: fixed words, or words from the profile.
Why = str | Callable[[BlackjackState], str]
_ONE_CARD = "a split ace takes one card only"
_NO_EVEN_MONEY = "even money is offered only to a blackjack against an ace or a ten"


@dataclass(frozen=True, slots=True)
class Insure(OnHand):
    amount: int | None  # None is refused with the range open to the player

    @classmethod
    def read(cls, action: Action) -> Self:
        return cls(action.box, action.hand, action.amount)


# ------------------------------------------------------------ refusals


def _turn(state: BlackjackState, move: OnHand) -> str | None:
    """Why it is not this hand's turn, or None."""
    if state.turn is None:
        return "the round is over: the dealer has played"
    bi, hi = state.turn
    current = state.boxes[bi]
    if current.box != move.box or move.hand != hi:
        return f"it is box {current.box} hand {hi + 1}'s turn"
    return None


def _offer(state: BlackjackState, verb: str) -> LegalAction | None:
    return next((a for a in menu(state) if a.act == verb), None)


def _why_not(state: BlackjackState, verb: str, why: Why | None) -> str:
    """Why ``verb`` is not open to the hand whose turn it is."""
    assert state.turn is not None
    bi, hi = state.turn
    if state.boxes[bi].hands[hi].natural:
        return "a blackjack takes even money or stands"
    if why is None:
        return Reason(f"{verb!r} is not an action of blackjack", UNKNOWN_ACTION)
    return why if isinstance(why, str) else why(state)


def _refusing(
    verb: BlackjackVerb, why: Why | None
) -> Callable[[BlackjackState, OnHand], str | None]:
    def refuse(state: BlackjackState, move: OnHand) -> str | None:
        reason = _turn(state, move)
        if reason is not None or _offer(state, verb) is not None:
            return reason
        return _why_not(state, verb, why)

    return refuse


def _no_double(state: BlackjackState) -> str:
    rule = state.profile.double_on
    return "a double is made on the first two cards of a hand" + (
        "" if rule == "any_two" else f" ({rule})"
    )


def _no_split(state: BlackjackState) -> str:
    most = state.profile.split.max_hands
    return f"only two cards of equal value are split, into at most {most} hands"


def _no_surrender(state: BlackjackState) -> str:
    return "surrender is open only on the first two cards" + (
        ", never against an ace" if state.dealer_shows_ace else ""
    )


def _no_insurance(state: BlackjackState) -> str:
    return (
        "insurance is offered only against a dealer's ace, before the box plays, "
        f"from {state.profile.insurance.minimum} up to half of all the player's stakes "
        "at the table"
    )


def _refuse_insurance(state: BlackjackState, move: Insure) -> str | None:
    reason = _turn(state, move)
    if reason is not None:
        return reason
    offer = _offer(state, "insurance")
    if offer is None:
        return _why_not(state, "insurance", _no_insurance)
    low, high = offer.min_amount, offer.max_amount
    if move.amount is None or not (low or 0) <= move.amount <= (high or 0):
        return f"the insurance stake must be from {low} to {high}, not {move.amount}"
    return None


def refuse_unknown(state: BlackjackState, action: Action) -> str:
    return _turn(state, OnHand.read(action)) or _why_not(state, action.act, None)


# ------------------------------------------------------------ what each verb does


def _recorded(state: BlackjackState, move: OnHand) -> tuple[BlackjackState, int, int, Hand]:
    """The state with ``move`` in its history, and the hand whose turn it is."""
    assert state.turn is not None
    bi, hi = state.turn
    return evolve(state, history=(*state.history, move)), bi, hi, state.boxes[bi].hands[hi]


def _insure(state: BlackjackState, move: Insure) -> BlackjackState:
    state, bi, _, _ = _recorded(state, move)
    boxes = list(state.boxes)
    boxes[bi] = evolve(boxes[bi], insurance=move.amount)
    return evolve(state, boxes=tuple(boxes))


def _split(state: BlackjackState, move: OnHand) -> BlackjackState:
    state, bi, hi, hand = _recorded(state, move)
    box = state.boxes[bi]
    one, two = hand.cards
    aces = rank_of(one) == ACE
    halves = tuple(Hand((c,), hand.stake, from_split=True, split_aces=aces) for c in (one, two))
    hands = (*box.hands[:hi], *halves, *box.hands[hi + 1 :])
    boxes = list(state.boxes)
    boxes[bi] = evolve(box, hands=hands, acted=True)
    return advance(evolve(state, boxes=tuple(boxes)))


def _drawing(double: bool) -> Callable[[BlackjackState, OnHand], BlackjackState]:
    """``hit`` (or ``double``: the stake once more and one card only)."""

    def apply(state: BlackjackState, move: OnHand) -> BlackjackState:
        state, bi, hi, hand = _recorded(state, move)
        card, deck = state.deck.deal(state.boxes[bi].target(hi))
        hand = evolve(hand, cards=(*hand.cards, card))
        if double:
            hand = evolve(hand, doubled=hand.stake, done=True)
        hand = evolve(hand, done=hand.done or hand.total >= BLACKJACK)
        return advance(evolve(put(state, bi, hi, hand), deck=deck))

    return apply


def _ending(**changes: bool) -> Callable[[BlackjackState, OnHand], BlackjackState]:
    """A verb that ends the hand: ``stand``, ``surrender``, ``even_money``."""

    def apply(state: BlackjackState, move: OnHand) -> BlackjackState:
        state, bi, hi, hand = _recorded(state, move)
        return advance(put(state, bi, hi, evolve(hand, done=True, **changes)))

    return apply


VERBS: dict[BlackjackVerb, Verb[BlackjackState, Any]] = {
    "hit": Verb(OnHand.read, _refusing("hit", _ONE_CARD), _drawing(double=False)),
    "stand": Verb(OnHand.read, _refusing("stand", None), _ending()),
    "double": Verb(OnHand.read, _refusing("double", _no_double), _drawing(double=True)),
    "split": Verb(OnHand.read, _refusing("split", _no_split), _split),
    "surrender": Verb(
        OnHand.read, _refusing("surrender", _no_surrender), _ending(surrendered=True)
    ),
    "insurance": Verb(Insure.read, _refuse_insurance, _insure),
    "even_money": Verb(
        OnHand.read, _refusing("even_money", _NO_EVEN_MONEY), _ending(even_money=True)
    ),
}
