"""The stud engine: one :class:`~croupier.games.base.Game` for every Russian-poker variant.

A round deals five cards to every box and the dealer, lets each light box in
decision order improve its hand, insure it, take half or buy a game where
the profile allows, then play (BET) or fold; the dealer shows, a dealer
without a game may be bought one; then every box is settled separately by
:mod:`croupier.games.stud.payout`. Dark boxes are played automatically with
what they pre-bought. The engine reads profile settings, never a profile's name.

>>> from croupier.cards import Deck, parse_cards
>>> from croupier.games.base import Action, BoxStake, Limits, RoundSetup
>>> from croupier.profiles import load
>>> setup = RoundSetup(load("six-card"), Limits(100, 10_000, 1_000_000),
...                    (BoxStake(1, "ann", {"ante": 100}),))
>>> deck = Deck.scripted({"box:1": parse_cards("Ah Ad 7c 8s 2h"),
...                       "dealer": parse_cards("Kh Qd 9c 5s 3d")}, parse_cards("Ac"))
>>> game = StudGame()
>>> state = game.start(setup, deck)
>>> [a.act for a in game.legal_actions(state)]
['buy_sixth', 'stand', 'play', 'fold']
>>> state = game.apply(state, Action("buy_sixth", box=1))
>>> state = game.apply(state, Action("play", box=1))
>>> game.to_act(state).waiting_for    # the dealer has no game: buy one or take the ANTE
'buy a game or take the ANTE'
>>> state = game.apply(state, Action("take_ante", box=1))
>>> game.settlement(state).box(1).net    # ANTE 1:1, BET back, the 6th card's fee lost
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.cards.card import format_card, format_cards
from croupier.cards.deck import Deck
from croupier.games.base import (
    JSON,
    Action,
    BoxSettlement,
    BoxStake,
    Game,
    HandResult,
    LegalAction,
    RoundSetup,
    Settlement,
    Turn,
    Viewer,
)
from croupier.games.common.antes import antes
from croupier.games.common.evolve import evolve
from croupier.games.common.verbs import BoxEngine
from croupier.games.stud import improve
from croupier.games.stud.flow import show
from croupier.games.stud.options import (
    forbidden,
    insurance_range,
    may_buy_before_show,
    may_take_half,
)
from croupier.games.stud.payout import BoxHand, BoxPlay, evaluate, settle_box
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.seating import check_setup, dealing_order
from croupier.games.stud.state import BoxState, Phase, Stage, StudState
from croupier.games.stud.verbs import VERBS, StudVerb, refuse_unknown
from croupier.games.stud.view import view_for
from croupier.poker.hand import HandRank


class StudGame(BoxEngine[StudState, StudVerb]):
    """The rules of the stud family as pure functions over :class:`StudState`;
    its verbs are :mod:`croupier.games.stud.verbs`."""

    game = "stud"
    verbs = VERBS
    one_hand = "a stud box has one hand"

    def unknown(self, state: StudState, action: Action) -> str:
        return refuse_unknown(state, action)

    # ------------------------------------------------------------ the deal

    def start(self, setup: RoundSetup[StudProfile], deck: Deck) -> StudState:
        check_setup(setup)
        profile = setup.profile
        order = dealing_order(profile, setup.boxes)
        hands, dealer, deck = _deal_five(order, deck)
        boxes = [
            self._seat(profile, stake, cards) for stake, cards in zip(order, hands, strict=True)
        ]
        for i, box in enumerate(boxes):  # dark boxes' pre-bought 6th cards, in dealing order
            if box.dark and "sixth" in box.prebuy:
                boxes[i], deck = improve.prebuy_sixth(profile, box, deck)
        light = [i for i, b in enumerate(boxes) if not b.dark]
        if profile.order.decide == "counter_clockwise":
            light.reverse()
        if light:
            boxes[light[0]] = evolve(boxes[light[0]], stage=Stage.DECIDING)
        state = StudState(setup, tuple(boxes), dealer, deck, queue=tuple(light))
        return state if light else show(state)

    @staticmethod
    def _seat(profile: StudProfile, stake: BoxStake, cards: tuple[int, ...]) -> BoxState:
        """A box after the deal; a dark box has its BET placed with the ANTE and
        its options bought blind."""
        ante = stake.stake("ante")
        insurance = 0
        if stake.dark and "insurance" in stake.prebuy and profile.insurance is not None:
            insurance = antes(profile.insurance.dark_antes, ante)
        before = profile.buy_game is not None and profile.buy_game.when == "before_show"
        return BoxState(
            box=stake.box,
            player=stake.player,
            ante=ante,
            dark=stake.dark,
            cards=cards,
            first_five=cards,
            bonus=stake.stake("bonus"),
            dealer_bonus=stake.stake("dealer_bonus"),
            prebuy=stake.prebuy,
            stage=Stage.PLAYED if stake.dark else Stage.WAITING,
            round=len(profile.improve) if stake.dark else 0,
            insurance=insurance,
            bought_game=stake.dark and before and "buy_game" in stake.prebuy,
        )

    # ------------------------------------------------------------ turns

    def to_act(self, state: StudState) -> Turn | None:
        box = state.current()
        if box is None:
            return None
        if state.phase is Phase.AFTER_SHOW:
            waiting = "buy a game or take the ANTE"
        elif box.stage is Stage.DISCARD:
            waiting = f"give back {box.must_discard} card(s)"
        elif improve.open_round(state.profile, box) is not None:
            waiting = "improve, play or fold"
        else:
            waiting = "play or fold"
        return Turn(box.box, box.player, waiting)

    # ------------------------------------------------------------ what is open

    def _hand(self, state: StudState, box: BoxState) -> BoxHand:
        return evaluate(state.profile, box.cards)

    def legal_actions(self, state: StudState) -> tuple[LegalAction, ...]:
        profile = state.profile
        result: list[LegalAction] = []
        box = state.current()
        if box is not None and state.phase is Phase.AFTER_SHOW:
            assert profile.buy_game is not None
            price = antes(profile.buy_game.price, box.ante)
            return (
                LegalAction("buy_game", box.box, price=price),
                LegalAction("take_ante", box.box),
            )
        if box is not None:
            result.extend(improve.menu(profile, box, forbidden(state, box)))
            bet = profile.bet_antes * box.ante
            if box.stage is Stage.DECIDING:
                result.append(LegalAction("play", box.box, price=bet))
                span = insurance_range(state, box)
                if span is not None:
                    result.append(
                        LegalAction(
                            "insure", box.box, price=None, min_amount=span[0], max_amount=span[1]
                        )
                    )
            result.append(LegalAction("fold", box.box))
        # Until the dealer shows, a played box may still take half or buy a game.
        for other in state.boxes:
            if other is not box and other.stage is not Stage.PLAYED:
                continue
            bet = profile.bet_antes * other.ante
            if may_take_half(state, other):
                result.append(
                    LegalAction("take_half", other.box, price=0 if other.in_play else bet)
                )
            if may_buy_before_show(state, other):
                assert profile.buy_game is not None
                result.append(
                    LegalAction(
                        "buy_game", other.box, price=antes(profile.buy_game.price, other.ante)
                    )
                )
        return tuple(result)

    def default_action(self, state: StudState) -> Action | None:
        """What a timer does: take the ANTE after the show, give back the
        card that plays least, otherwise fold (the ANTE is lost, nothing more)."""
        box = state.current()
        if box is None:
            return None
        if state.phase is Phase.AFTER_SHOW:
            return Action("take_ante", box.box)
        if box.stage is Stage.DISCARD:
            best = self._hand(state, box).main.cards
            spare = tuple(c for c in box.cards if c not in best)[: box.must_discard]
            return Action("discard", box.box, cards=spare)
        return Action("fold", box.box)

    # ------------------------------------------------------------ views and settlement

    def project(self, state: StudState, viewer: Viewer) -> JSON:
        return view_for(self, state, viewer)

    def staked(self, state: StudState) -> dict[int, int]:
        """Per box: ANTE and side bets, the BET once in play (a dark box's from the
        deal), fees paid, a game bought (or pre-bought blind) and insurance."""
        return {box.box: _committed(state.profile, box) for box in state.boxes}

    def settlement(self, state: StudState) -> Settlement | None:
        if state.phase is not Phase.DONE or state.show is None:
            return None
        profile, show = state.profile, state.show
        settled: list[BoxSettlement] = []
        for box in sorted(state.boxes, key=lambda b: b.box):
            hand = self._hand(state, box)
            insurance_void = bool(
                box.dark
                and box.insurance
                and profile.insurance is not None
                and hand.main.category < profile.insurance.min_hand
            )
            play = BoxPlay(
                ante=box.ante,
                played=box.in_play,
                hand=hand,
                first_five=box.first_five,
                fees=box.fees,
                insurance=box.insurance,
                insurance_void=insurance_void,
                took_half=box.took_half,
                # A box that bought a game and then folded still paid for it.
                bought_game=box.bought_game,
                unused_prebought_game=box.dark and "buy_game" in box.prebuy and not box.bought_game,
                bonus=box.bonus,
                dealer_bonus=box.dealer_bonus,
                dark=box.dark,
            )
            lines, outcome = settle_box(profile, state.setup.limits.max_payout, play, show)
            hands = [_result("main", hand.main)]
            if hand.second is not None:
                hands.append(_result("second combination", hand.second))
            settled.append(BoxSettlement(box.box, box.player, lines, tuple(hands), outcome))
        dealer = [_result("dealer", show.hand)]
        details: JSON = {"profile": profile.id, "dealer_qualifies": show.qualifies}
        if show.bought is not None:
            dealer.append(_result("dealer after the bought game", show.bought))
            assert show.dropped is not None and show.drew is not None
            details["bought_game"] = {
                "dropped": format_cards((show.dropped,)),
                "drew": format_cards((show.drew,)),
                "qualifies": show.bought_qualifies,
                "hand": show.bought.describe(),
                "boxes": [b.box for b in state.boxes if b.bought_game and b.in_play],
            }
        return Settlement(tuple(settled), tuple(dealer), details)


def _committed(profile: StudProfile, box: BoxState) -> int:
    total = box.ante + box.bonus + box.dealer_bonus + box.insurance
    total += sum(fee for _, fee in box.fees)
    if box.in_play:
        total += profile.bet_antes * box.ante
    prebought = box.dark and "buy_game" in box.prebuy
    if profile.buy_game is not None and (box.bought_game or prebought):
        total += antes(profile.buy_game.price, box.ante)
    return total


def _deal_five(
    order: tuple[BoxStake, ...], deck: Deck
) -> tuple[list[tuple[int, ...]], tuple[int, ...], Deck]:
    """Five cards one at a time to every box in ``order``, then the dealer."""
    seats = len(order) + 1
    if not deck.queues and deck.trace is None and len(deck.stock) >= 5 * seats:
        # No per-hand lists: the deck deals its stock in order whatever the
        # target, so the k-th card dealt is stock[k] (one slice, not 5n deals).
        # (A traced deck, replayed for a recall, notes each card: dealt one by one.)
        top = deck.stock[: 5 * seats]
        hands = [top[i::seats] for i in range(seats)]
        return hands[:-1], hands[-1], evolve(deck, stock=deck.stock[5 * seats :])
    cards: list[list[int]] = [[] for _ in range(seats)]
    targets = [f"box:{stake.box}" for stake in order] + ["dealer"]
    for _ in range(5):
        for i, target in enumerate(targets):
            card, deck = deck.deal(target)
            cards[i].append(card)
    return [tuple(c) for c in cards[:-1]], tuple(cards[-1]), deck


_NAMES = tuple(format_card(c) for c in range(52))


def _result(name: str, rank: HandRank) -> HandResult:
    return HandResult(name, tuple(_NAMES[c] for c in rank.cards), rank.describe())


if TYPE_CHECKING:  # the engine speaks the round protocol of every game
    _protocol_check: Game[StudProfile, StudState] = StudGame()
