"""The blackjack engine: boxes play their hands in turn, then the dealer draws.

The deal: one card face up to every box (box 1 first), one to the dealer, a
second to every box; the dealer's second card comes only after the boxes
(no hole card). Each box then plays hand by hand: ``hit``, ``stand``,
``double``, ``split``, ``surrender``, and (as its first decision) ``insurance``
when the dealer shows an ace, or ``even_money`` for a blackjack against an
ace or a ten. The dealer draws to 17 and every box is settled separately by
:mod:`croupier.games.blackjack.settle`. The round ends with the rest of the
shoe in ``state.deck``, for the next round.

>>> from croupier.cards import Deck, parse_cards
>>> from croupier.games.base import Action, BoxStake, Limits, RoundSetup
>>> from croupier.profiles import load
>>> setup = RoundSetup(load("blackjack"), Limits(100, 100_000, 10**7),
...                    (BoxStake(1, "ann", {"stake": 1000}),))
>>> deck = Deck.scripted({"box:1": parse_cards("8s 8d Ts"), "box:1/2": parse_cards("3c Kh"),
...                       "dealer": parse_cards("6h Td 9c")}, single_deck=False)
>>> game = BlackjackGame()
>>> state = game.start(setup, deck)
>>> [a.act for a in game.legal_actions(state)]
['hit', 'stand', 'double', 'split', 'surrender']
>>> state = game.apply(state, Action("split", box=1))       # 8+T = 18 stands ...
>>> state = game.apply(state, Action("stand", box=1))
>>> state = game.apply(state, Action("double", box=1, hand=1))   # ... 8+3 doubles, draws a king
>>> s = game.settlement(state)                # the dealer's 6+T draws 9: bust
>>> s.details["dealer_total"], s.box(1).net
(25, 3000)
"""

from __future__ import annotations

from dataclasses import replace

from croupier.cards.card import ACE, rank_of
from croupier.cards.deck import Deck
from croupier.games.base import (
    JSON,
    Action,
    LegalAction,
    RoundSetup,
    RuleError,
    Settlement,
    Turn,
    Viewer,
)
from croupier.games.blackjack.hand import BLACKJACK, points, total
from croupier.games.blackjack.profile import BlackjackProfile
from croupier.games.blackjack.settle import settle
from croupier.games.blackjack.stakes import stake_spec
from croupier.games.blackjack.state import BlackjackState, BoxState, Hand
from croupier.games.common.refusals import Refusals
from croupier.games.common.seating import check_boxes
from croupier.games.common.view import card_texts, with_turn


def check_setup(setup: RoundSetup[BlackjackProfile]) -> None:
    profile = setup.profile
    if not isinstance(profile, BlackjackProfile):
        raise RuleError(
            f"a blackjack round needs a blackjack profile, not {type(profile).__name__}"
        )
    check_boxes(profile.table, stake_spec(profile), setup.limits, setup.boxes)


class BlackjackGame(Refusals[BlackjackState]):
    """The rules of blackjack as pure functions over :class:`BlackjackState`."""

    game = "blackjack"

    # ------------------------------------------------------------ the deal

    def start(self, setup: RoundSetup[BlackjackProfile], deck: Deck) -> BlackjackState:
        check_setup(setup)
        order = sorted(setup.boxes, key=lambda b: b.box)
        first: list[int] = []
        for stake in order:
            card, deck = deck.deal(f"box:{stake.box}")
            first.append(card)
        up, deck = deck.deal("dealer")
        boxes: list[BoxState] = []
        for stake, one in zip(order, first, strict=True):
            two, deck = deck.deal(f"box:{stake.box}")
            hand = Hand((one, two), stake.stake("stake"))
            boxes.append(
                BoxState(
                    stake.box,
                    stake.player,
                    stake.stake("stake"),
                    stake.stake("twenty_one_plus_three"),
                    (hand,),
                    first_two=(one, two),
                )
            )
        return self._advance(BlackjackState(setup, tuple(boxes), (up,), deck))

    # ------------------------------------------------------------ turns

    def _advance(self, state: BlackjackState) -> BlackjackState:
        """Move the turn to the next hand that needs a decision, dealing split
        hands their second card on the way; the dealer plays when none is left."""
        while state.turn is not None:
            bi, hi = state.turn
            if bi >= len(state.boxes):
                return self._dealer_plays(replace(state, turn=None))
            box = state.boxes[bi]
            if hi >= len(box.hands):
                state = replace(state, turn=(bi + 1, 0))
                continue
            hand = box.hands[hi]
            if len(hand.cards) == 1:  # a split hand takes its second card when its turn comes
                card, deck = state.deck.deal(box.target(hi))
                hand = replace(hand, cards=(*hand.cards, card))
                hand = replace(hand, done=self._finished_by_draw(state, box, hand))
                state = replace(_put(state, bi, hi, hand), deck=deck)
            hand = state.boxes[bi].hands[hi]
            if hand.done:
                state = replace(state, turn=(bi, hi + 1))
            elif hand.natural and self._even_money_open(state, hand):
                return state  # even money, or stand to wait for 3:2
            elif hand.total >= BLACKJACK:
                state = _put(state, bi, hi, replace(hand, done=True))
            else:
                return state
        return state

    def _finished_by_draw(self, state: BlackjackState, box: BoxState, hand: Hand) -> bool:
        """A split ace takes one card only (unless it may be split again)."""
        if hand.total >= BLACKJACK:
            return True
        if hand.split_aces:
            return not self._may_split(state, box, hand)
        return False

    def _dealer_plays(self, state: BlackjackState) -> BlackjackState:
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
        return replace(state, dealer=dealer, deck=deck)

    def to_act(self, state: BlackjackState) -> Turn | None:
        if state.turn is None:
            return None
        bi, hi = state.turn
        box = state.boxes[bi]
        acts = ", ".join(a.act for a in self.legal_actions(state))
        return Turn(box.box, box.player, acts, hand=hi)

    # ------------------------------------------------------------ what is open

    def _even_money_open(self, state: BlackjackState, hand: Hand) -> bool:
        return hand.natural and (
            state.dealer_shows_ace
            or (state.dealer_shows_ten and state.profile.insurance.even_money_against_ten)
        )

    def _may_split(self, state: BlackjackState, box: BoxState, hand: Hand) -> bool:
        rules = state.profile.split
        if len(hand.cards) != 2 or len(box.hands) >= rules.max_hands:
            return False
        a, b = hand.cards
        same = points(a) == points(b) if rules.by_value else rank_of(a) == rank_of(b)
        return same and not (hand.split_aces and not rules.resplit_aces)

    def _may_double(self, state: BlackjackState, hand: Hand) -> bool:
        profile = state.profile
        if len(hand.cards) != 2 or hand.split_aces or hand.doubled:
            return False
        if hand.from_split and not profile.split.double_after_split:
            return False
        return profile.may_double_on(sum(points(c) for c in hand.cards))

    def _may_surrender(self, state: BlackjackState, box: BoxState, hand: Hand) -> bool:
        rule = state.profile.surrender
        if rule == "none" or (rule == "not_against_ace" and state.dealer_shows_ace):
            return False
        return len(box.hands) == 1 and len(hand.cards) == 2 and not hand.from_split

    def insurance_range(self, state: BlackjackState, box: BoxState) -> tuple[int, int] | None:
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

    def legal_actions(self, state: BlackjackState) -> tuple[LegalAction, ...]:
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
        if self._may_double(state, hand):
            result.append(LegalAction("double", n, hi, price=hand.stake))
        if self._may_split(state, box, hand):
            result.append(LegalAction("split", n, hi, price=hand.stake))
        if self._may_surrender(state, box, hand):
            result.append(LegalAction("surrender", n, hi))
        span = self.insurance_range(state, box)
        if span is not None and hi == 0:
            result.append(
                LegalAction("insurance", n, 0, price=None, min_amount=span[0], max_amount=span[1])
            )
        return tuple(result)

    # ------------------------------------------------------------ checking and applying

    def refusal(self, state: BlackjackState, action: Action) -> str | None:
        try:
            box = state.boxes[state.index(action.box)]
        except KeyError:
            return "there is no such box in this round"
        if action.player is not None and action.player != box.player:
            return f"the box belongs to {box.player}, not {action.player}"
        if state.turn is None:
            return "the round is over: the dealer has played"
        bi, hi = state.turn
        current = state.boxes[bi]
        if current.box != box.box or action.hand != hi:
            return f"it is box {current.box} hand {hi + 1}'s turn"
        open_ = {a.act: a for a in self.legal_actions(state)}
        act = action.act
        if act in open_:
            if act != "insurance":
                return None
            low, high = open_[act].min_amount, open_[act].max_amount
            if action.amount is None or not (low or 0) <= action.amount <= (high or 0):
                return f"the insurance stake must be from {low} to {high}, not {action.amount}"
            return None
        return self._why_not(state, box, box.hands[hi], act)

    def _why_not(self, state: BlackjackState, box: BoxState, hand: Hand, act: str) -> str:
        if hand.natural:
            return "a blackjack takes even money or stands"
        reasons = {
            "hit": "a split ace takes one card only",
            "double": "a double is made on the first two cards of a hand"
            + ("" if state.profile.double_on == "any_two" else f" ({state.profile.double_on})"),
            "split": "only two cards of equal value are split, "
            f"into at most {state.profile.split.max_hands} hands",
            "surrender": "surrender is open only on the first two cards"
            + (", never against an ace" if state.dealer_shows_ace else ""),
            "insurance": "insurance is offered only against a dealer's ace, before the box plays, "
            f"from {state.profile.insurance.minimum} up to half of all the player's stakes "
            "at the table",
            "even_money": "even money is offered only to a blackjack against an ace or a ten",
        }
        return reasons.get(act, f"{act!r} is not an action of blackjack")

    def apply(self, state: BlackjackState, action: Action) -> BlackjackState:
        self.verify(state, action)
        assert state.turn is not None
        bi, hi = state.turn
        box = state.boxes[bi]
        hand = box.hands[hi]
        deck = state.deck
        state = replace(state, history=(*state.history, action))
        act = action.act
        if act == "insurance":
            assert action.amount is not None
            boxes = list(state.boxes)
            boxes[bi] = replace(box, insurance=action.amount)
            return replace(state, boxes=tuple(boxes))
        if act == "split":
            one, two = hand.cards
            aces = rank_of(one) == ACE
            halves = tuple(
                Hand((c,), hand.stake, from_split=True, split_aces=aces) for c in (one, two)
            )
            hands = (*box.hands[:hi], *halves, *box.hands[hi + 1 :])
            boxes = list(state.boxes)
            boxes[bi] = replace(box, hands=hands, acted=True)
            return self._advance(replace(state, boxes=tuple(boxes)))
        if act in ("hit", "double"):
            card, deck = deck.deal(box.target(hi))
            hand = replace(hand, cards=(*hand.cards, card))
            if act == "double":
                hand = replace(hand, doubled=hand.stake, done=True)
            hand = replace(hand, done=hand.done or hand.total >= BLACKJACK)
        elif act == "stand":
            hand = replace(hand, done=True)
        elif act == "surrender":
            hand = replace(hand, surrendered=True, done=True)
        elif act == "even_money":
            hand = replace(hand, even_money=True, done=True)
        state = replace(_put(state, bi, hi, hand), deck=deck)
        return self._advance(state)

    def default_action(self, state: BlackjackState) -> Action | None:
        """A timer stands (and so declines even money and insurance)."""
        if state.turn is None:
            return None
        bi, hi = state.turn
        return Action("stand", box=state.boxes[bi].box, hand=hi)

    # ------------------------------------------------------------ views and settlement

    def project(self, state: BlackjackState, viewer: Viewer) -> JSON:
        """Every blackjack card is dealt face up and the dealer has no hole card,
        so every viewer sees the same table; the shoe's order is never shown."""
        boxes = [
            {
                "box": b.box,
                "player": b.player,
                "stake": b.stake,
                "twenty_one_plus_three": b.side,
                "insurance": b.insurance,
                "hands": [
                    {
                        "cards": card_texts(h.cards),
                        "total": h.total,
                        "stake": h.stake,
                        "doubled": h.doubled,
                        "done": h.done,
                        "surrendered": h.surrendered,
                        "even_money": h.even_money,
                    }
                    for h in b.hands
                ],
            }
            for b in state.boxes
        ]
        data: JSON = {
            "game": "blackjack",
            "profile": state.profile.id,
            "dealer": {"cards": card_texts(state.dealer), "total": total(state.dealer)[0]},
            "boxes": boxes,
            "shoe_remaining": state.deck.remaining(),
        }
        return with_turn(self, state, viewer, data)

    def staked(self, state: BlackjackState) -> dict[int, int]:
        """Per box: every hand's stake and double (splits add hands), insurance, 21+3."""
        return {box.box: box.stakes + box.insurance for box in state.boxes}

    def settlement(self, state: BlackjackState) -> Settlement | None:
        if state.turn is not None:
            return None
        return settle(state)


def _put(state: BlackjackState, bi: int, hi: int, hand: Hand) -> BlackjackState:
    box = state.boxes[bi]
    hands = (*box.hands[:hi], hand, *box.hands[hi + 1 :])
    acted = box.acted or hand != box.hands[hi]
    boxes = list(state.boxes)
    boxes[bi] = replace(box, hands=hands, acted=acted)
    return replace(state, boxes=tuple(boxes))
