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
from croupier.games.blackjack.flow import advance
from croupier.games.blackjack.hand import total
from croupier.games.blackjack.options import menu
from croupier.games.blackjack.profile import BlackjackProfile
from croupier.games.blackjack.settle import settle
from croupier.games.blackjack.stakes import stake_spec
from croupier.games.blackjack.state import BlackjackState, BoxState, Hand
from croupier.games.blackjack.verbs import VERBS, BlackjackVerb, refuse_unknown
from croupier.games.common.seating import check_boxes
from croupier.games.common.verbs import BoxEngine
from croupier.games.common.view import card_texts, complete


def check_setup(setup: RoundSetup[BlackjackProfile]) -> None:
    profile = setup.profile
    if not isinstance(profile, BlackjackProfile):
        raise RuleError(
            f"a blackjack round needs a blackjack profile, not {type(profile).__name__}"
        )
    check_boxes(profile.table, stake_spec(profile), setup.limits, setup.boxes)


class BlackjackGame(BoxEngine[BlackjackState, BlackjackVerb]):
    """The rules of blackjack as pure functions over :class:`BlackjackState`;
    its verbs are :mod:`croupier.games.blackjack.verbs`."""

    game = "blackjack"
    verbs = VERBS

    def unknown(self, state: BlackjackState, action: Action) -> str:
        return refuse_unknown(state, action)

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
        return advance(BlackjackState(setup, tuple(boxes), (up,), deck))

    # ------------------------------------------------------------ turns

    def to_act(self, state: BlackjackState) -> Turn | None:
        if state.turn is None:
            return None
        bi, hi = state.turn
        box = state.boxes[bi]
        acts = ", ".join(a.act for a in self.legal_actions(state))
        return Turn(box.box, box.player, acts, hand=hi)

    # ------------------------------------------------------------ what is open

    def legal_actions(self, state: BlackjackState) -> tuple[LegalAction, ...]:
        return menu(state)

    def default_action(self, state: BlackjackState) -> Action | None:
        """A timer stands (and so declines even money and insurance)."""
        if state.turn is None:
            return None
        bi, hi = state.turn
        return Action("stand", box=state.boxes[bi].box, hand=hi)

    # ------------------------------------------------------------ views and settlement

    def project(self, state: BlackjackState, viewer: Viewer) -> JSON:
        """Every blackjack card is dealt face up and the dealer has no hole card,
        so every viewer sees the same table and settlement; the shoe's order is
        never shown."""
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
        owners = {b.box: b.player for b in state.boxes}
        return complete(self, state, viewer, data, owners)

    def staked(self, state: BlackjackState) -> dict[int, int]:
        """Per box: every hand's stake and double (splits add hands), insurance, 21+3."""
        return {box.box: box.stakes + box.insurance for box in state.boxes}

    def settlement(self, state: BlackjackState) -> Settlement | None:
        if state.turn is not None:
            return None
        return settle(state)
