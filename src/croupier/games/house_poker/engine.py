"""The house-poker engine: one :class:`~croupier.games.base.Game` for Texas
Hold'em poker, Texas Hold'em Bonus poker and three-card poker.

A round deals the hole cards one at a time clockwise to every box and then
the dealer; then, street by street, turns the profile's board cards and asks
every light box still in play, in dealing order, to stake or not (``play`` /
``fold``, then ``bet`` / ``check``); dark boxes stake as set before the
deal. When every street is decided the rest of the board is turned, the
dealer shows and every box is settled separately by
:mod:`croupier.games.house_poker.payout`.

>>> from croupier.cards import Deck, parse_cards
>>> from croupier.games.base import Action, BoxStake, Limits, RoundSetup
>>> from croupier.profiles import load
>>> setup = RoundSetup(load("texas-holdem"), Limits(100, 10_000, 1_000_000),
...                    (BoxStake(1, "ann", {"ante": 100}),))
>>> deck = Deck.scripted({"box:1": parse_cards("Ah Kh"), "dealer": parse_cards("4c 4d"),
...                       "board": parse_cards("Qh Jh 2c 7s Th")})
>>> game = HousePokerGame()
>>> state = game.start(setup, deck)
>>> game.to_act(state).waiting_for, [a.act for a in game.legal_actions(state)]
('play or fold', ['play', 'fold'])
>>> state = game.apply(state, Action("play", box=1))
>>> result = game.settlement(state)    # royal flush: ANTE 50:1, BET 1:1
>>> result.box(1).net, result.box(1).hands[0].description
(5200, 'royal flush')
"""

from __future__ import annotations

from typing import Any

from croupier.cards.deck import Deck
from croupier.games.base import (
    JSON,
    Action,
    BoxSettlement,
    HandResult,
    LegalAction,
    RoundSetup,
    Settlement,
    Turn,
    Viewer,
)
from croupier.games.codes import UNKNOWN_ACTION, Reason
from croupier.games.common.verbs import BoxEngine, Verb
from croupier.games.common.view import card_texts
from croupier.games.house_poker.flow import open_street, street_stake
from croupier.games.house_poker.hands import final_hand, qualifies, side_bet_pays
from croupier.games.house_poker.payout import BoxPlay, settle_box
from croupier.games.house_poker.profile import HouseProfile
from croupier.games.house_poker.seating import check_setup
from croupier.games.house_poker.state import BoxState, HouseState
from croupier.games.house_poker.verbs import VERBS, HouseVerb, offered
from croupier.games.house_poker.view import view_for
from croupier.poker.hand import HandRank


class HousePokerGame(BoxEngine[HouseState, HouseVerb]):
    """The rules of the house-banked poker games as pure functions over
    :class:`HouseState`; its verbs are :mod:`croupier.games.house_poker.verbs`."""

    game = "house_poker"
    verbs = VERBS
    one_hand = "a poker box has one hand"

    def verb(self, state: HouseState, act: str) -> Verb[HouseState, Any] | None:
        """Only the verbs of this profile's streets (three-card poker has no ``bet``)."""
        return super().verb(state, act) if act in offered(state) else None

    def unknown(self, state: HouseState, action: Action) -> str:
        verbs = ", ".join(sorted(offered(state)))
        return Reason(f"{action.act!r} is not an action of this game ({verbs})", UNKNOWN_ACTION)

    # ------------------------------------------------------------ the deal

    def start(self, setup: RoundSetup[HouseProfile], deck: Deck) -> HouseState:
        check_setup(setup)
        profile = setup.profile
        order = sorted(setup.boxes, key=lambda b: b.box)
        hands: list[list[int]] = [[] for _ in order]
        dealer: list[int] = []
        for _ in range(profile.hole_cards):  # one card at a time to every box, then the dealer
            for i, stake in enumerate(order):
                card, deck = deck.deal(f"box:{stake.box}")
                hands[i].append(card)
            card, deck = deck.deal("dealer")
            dealer.append(card)
        boxes = tuple(
            BoxState(
                box=stake.box,
                player=stake.player,
                ante=stake.stake("ante"),
                dark=stake.dark,
                cards=tuple(cards),
                side={
                    b.line: stake.stake(b.line) for b in profile.side_bets if stake.stake(b.line)
                },
                preset=stake.prebuy,
            )
            for stake, cards in zip(order, hands, strict=True)
        )
        state = HouseState(setup, boxes, tuple(dealer), (), deck)
        return open_street(state)

    # ------------------------------------------------------------ turns

    def to_act(self, state: HouseState) -> Turn | None:
        box = state.current()
        if box is None:
            return None
        street = state.profile.streets[state.street]
        verbs = street.verbs
        what = "" if street.line == "bet" else f" ({street.line.upper()})"
        return Turn(box.box, box.player, f"{verbs[0]} or {verbs[1]}{what}")

    def legal_actions(self, state: HouseState) -> tuple[LegalAction, ...]:
        box = state.current()
        if box is None:
            return ()
        street = state.profile.streets[state.street]
        stake, other = street.verbs
        return (
            LegalAction(stake, box.box, price=street_stake(street, box)),
            LegalAction(other, box.box, price=0),
        )

    def default_action(self, state: HouseState) -> Action | None:
        """What a timer does: fold where folding is open, else check (nothing more is staked)."""
        box = state.current()
        if box is None:
            return None
        return Action(state.profile.streets[state.street].verbs[1], box.box)

    # ------------------------------------------------------------ views and settlement

    def project(self, state: HouseState, viewer: Viewer) -> JSON:
        return view_for(self, state, viewer)

    def staked(self, state: HouseState) -> dict[int, int]:
        """Per box: ANTE, side bets and street stakes; a dark box's streets count from
        the deal, since it staked them blind with its ANTE."""
        return {box.box: self._committed(state.profile, box) for box in state.boxes}

    def _committed(self, profile: HouseProfile, box: BoxState) -> int:
        total = box.ante + sum(box.side.values())
        if box.dark and box.ante:
            return total + sum(
                street_stake(street, box)
                for street in profile.streets
                if street.decision == "play_or_fold" or street.line in box.preset
            )
        return total + sum(stake for _, stake in box.streets)

    def settlement(self, state: HouseState) -> Settlement | None:
        if not state.done:
            return None
        profile = state.profile
        dealer = self._hand(profile, state.dealer, state.board)
        settled: list[BoxSettlement] = []
        for box in sorted(state.boxes, key=lambda b: b.box):
            hand = self._hand(profile, box.cards, state.board)
            side = {
                line: (stake, side_bet_pays(profile, bet, box.cards, state.board, state.dealer))
                for line, stake in box.side.items()
                if (bet := profile.side_bet(line)) is not None
            }
            play = BoxPlay(box.ante, box.streets, box.in_play, hand, side)
            lines, outcome = settle_box(profile, state.setup.limits.max_payout, play, dealer)
            hands = () if hand is None else (_result("box", hand),)
            settled.append(BoxSettlement(box.box, box.player, lines, hands, outcome))
        details: JSON = {
            "profile": profile.id,
            "dealer_qualifies": dealer is not None and qualifies(profile, dealer),
            "board": card_texts(state.board),
        }
        shown = () if dealer is None else (_result("dealer", dealer),)
        return Settlement(tuple(settled), shown, details)

    @staticmethod
    def _hand(
        profile: HouseProfile, own: tuple[int, ...], board: tuple[int, ...]
    ) -> HandRank | None:
        """The final hand, or None where too few cards were dealt to make one
        (the board is not turned once every box has folded)."""
        if profile.ranking == "best_five" and len(own) + len(board) < 5:
            return None
        return final_hand(profile, own, board)


def _result(name: str, rank: HandRank) -> HandResult:
    return HandResult(name, tuple(card_texts(rank.cards)), rank.describe())
