"""The optimal strategy of a short-deck game, exactly, improvements included.

On a deck of a dozen cards every situation can be enumerated, so the game's
value under the best play is a rational number: the box's five cards and the
up card are averaged over, and at every decision the best option is taken,
each option's value being the mean over what the box cannot see (the
dealer's four hidden cards and the cards it would draw, a uniform split of
the unseen cards) of the value of the next decision or of the settlement.

Nothing of the game is written here: the menu of options and their prices
and the round a box is in after each come from the engine's
:mod:`croupier.games.stud.improve` (as the advisor's do), hands from its
:func:`~croupier.games.stud.payout.evaluate` and ``dealer_show``, and every
net from its ``settle_box`` (:func:`croupier.math.stud.outcomes.net`).
What is checked against :mod:`croupier.math.stud.brute` (every round played
through ``StudGame``) is the information model: who sees which card when,
what a draw can bring, what each option costs.

Covered: fold and play, exchanges of any allowed subset, a 6th card and the
discard after it, several rounds, insurance at both ends of its range. Not
covered (the caller is told): discards shuffled back ([002]), buying a game,
taking half, side stakes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

from croupier.cards.card import format_cards
from croupier.cards.deck import Deck
from croupier.games.common.antes import antes
from croupier.games.stud import improve
from croupier.games.stud.payout import BoxHand, BoxPlay, DealerShow, coefficient, dealer_show
from croupier.games.stud.payout import evaluate as evaluate_hand
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import BoxState, Stage
from croupier.math.stud.outcomes import ANTE, net

_SPARE = tuple(range(40, 52))


def _refuse(profile: StudProfile) -> None:
    unsupported = [
        name
        for name, present in (
            ("discards shuffled back", profile.reshuffle_discards),
            ("buying a game", profile.buy_game is not None),
            ("taking half", profile.take_half is not None),
        )
        if present
    ]
    if unsupported:
        raise ValueError(
            f"{profile.id}: the exact short-deck solver has no {', '.join(unsupported)}"
        )


@dataclass(frozen=True, slots=True)
class _At:
    """A box's view: its cards, the cards it has seen go (given away or shown),
    and where it is in the rounds."""

    cards: tuple[int, ...]
    seen: frozenset[int]  # every card the dealer cannot hold: its own, given, the up card
    rnd: int
    last_did: str
    must_discard: int


class ShortDeckSolver:
    """The exact best play of ``profile`` dealt from ``deck`` (one light box)."""

    def __init__(self, profile: StudProfile, deck: Sequence[int]) -> None:
        _refuse(profile)
        self.profile = profile
        self.deck = tuple(deck)
        self._values: dict[tuple[_At, int], Fraction] = {}

    # -------------------------------------------------------------- settlement

    @cache  # noqa: B019 - one solver per deck, its memo is the point
    def _hand(self, cards: tuple[int, ...]) -> BoxHand:
        return evaluate_hand(self.profile, cards)

    @cache  # noqa: B019
    def _show(self, dealer: tuple[int, ...]) -> DealerShow:
        return dealer_show(self.profile, dealer)

    @cache  # noqa: B019
    def _net(
        self, cards: tuple[int, ...], dealer: tuple[int, ...], played: bool, insured: int
    ) -> Fraction:
        box = BoxPlay(ANTE, played, self._hand(cards), insurance=insured)
        return net(self.profile, box, self._show(dealer))

    def _finals(self, cards: tuple[int, ...]) -> dict[str, int]:
        """The final options and the insurance each stakes. Insuring is a step of
        its own in the engine: the box then plays or folds (losing the insurance)."""
        hand = self._hand(cards)
        spec = self.profile.insurance
        options = {"fold": 0, "play": 0}
        if spec is not None and hand.main.category >= spec.min_hand:
            low = antes(spec.min_antes, ANTE)
            high = self.profile.bet_antes * ANTE * coefficient(self.profile, hand)
            if low <= high:
                options |= {"insure max": high, "insure min": low}
        return options

    # -------------------------------------------------------------- the rounds

    def _state(self, at: _At) -> BoxState:
        stage = Stage.DISCARD if at.must_discard else Stage.DECIDING
        return BoxState(1, "p", ANTE, False, at.cards, at.cards, stage=stage, round=at.rnd,
                        last_did=at.last_did, must_discard=at.must_discard)  # fmt: skip

    def options(self, at: _At, up: int) -> dict[str, Fraction]:
        """Every option open at ``at`` (named as the engine's actions, with the
        cards they give), with its exact value per ANTE from now, fees included."""
        unseen = [c for c in self.deck if c not in at.seen]
        box = self._state(at)
        result: dict[str, Fraction] = {}
        for legal in improve.menu(self.profile, box, ()):
            if legal.act == "discard":
                for give in combinations(at.cards, at.must_discard):
                    after = improve.discard(self.profile, box, give, Deck.scripted({}))[0]
                    kept = tuple(c for c in at.cards if c not in give)
                    nxt = _At(kept, at.seen, after.round, after.last_did, 0)
                    result[f"discard {format_cards(give)}"] = self.value(nxt, up)
            elif legal.act == "exchange":
                for n in legal.cards:
                    for give in combinations(at.cards, n):
                        price = Fraction(legal.prices[n], ANTE)
                        drawn = self._draws(at, up, "exchange", give, unseen)
                        result[f"exchange {format_cards(give)}"] = drawn - price
            elif legal.act == "buy_sixth":
                price = Fraction(legal.price or 0, ANTE)
                result["buy_sixth"] = self._draws(at, up, "buy_sixth", (), unseen) - price
        if at.must_discard:
            return result
        dealers = [(*hidden, up) for hidden in combinations(unseen, 4)]
        for name, insured in self._finals(at.cards).items():
            ways = (False,) if name == "fold" else (True, False) if insured else (True,)
            result[name] = max(
                sum((self._net(at.cards, d, played, insured) for d in dealers), Fraction(0))
                for played in ways
            ) / len(dealers)
        return result

    def _draws(
        self, at: _At, up: int, act: str, give: tuple[int, ...], unseen: list[int]
    ) -> Fraction:
        """The mean value of the next decision over every set of cards the box can
        draw after ``act`` giving ``give`` (a uniform subset of the unseen cards)."""
        # Only the round the box is in afterwards is read: placeholder cards 0..5
        # for the box, 40..51 for the deck, so nothing can collide.
        box = self._state(replace(at, cards=tuple(range(len(at.cards)))))
        spare = Deck.scripted({"box:1": _SPARE})
        if act == "exchange":
            after = improve.exchange(self.profile, box, tuple(range(len(give))), spare)[0]
            receive = self.profile.improve[at.rnd].exchange_receive or len(give)
        else:
            after = improve.buy_sixth(self.profile, box, spare)[0]
            receive = 1
        kept = tuple(c for c in at.cards if c not in give)
        total = Fraction(0)
        for drawn in combinations(unseen, receive):
            seen = at.seen | set(drawn)
            nxt = _At(kept + drawn, seen, after.round, after.last_did, after.must_discard)
            total += self.value(nxt, up)
        return total / comb(len(unseen), receive)

    def value(self, at: _At, up: int) -> Fraction:
        key = (at, up)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = max(self.options(at, up).values())
        return found

    # -------------------------------------------------------------- the game

    def start(self, cards: Sequence[int], up: int) -> _At:
        """The view of a box dealt ``cards`` against the up card ``up``."""
        return _At(tuple(cards), frozenset((*cards, up)), 0, "", 0)

    def game_value(self) -> Fraction:
        """The return per ANTE of the best play, over every deal of the deck."""
        total = Fraction(0)
        deals = 0
        for cards in combinations(self.deck, 5):
            for up in self.deck:
                if up not in cards:
                    self._values.clear()  # a view never recurs under another deal
                    total += self.value(self.start(cards, up), up)
                    deals += 1
        return total / deals


def tiny_profile() -> StudProfile:
    """The check profile of the short-deck tests: a real profile the engine
    accepts, one improvement round offering a one-card exchange for half an
    ANTE or a 6th card (one given back) for one, insurance from a pair, ties
    pushed."""
    from croupier.profiles import load_as

    return load_as("five-card-exchange", StudProfile).changed(
        id="tiny-stud",
        name="Tiny stud (a check of the analysis)",
        settle={"tie": "push"},
        insurance={"min_hand": "pair", "min_antes": "1"},
        improve=[
            {"exchange_counts": [1], "exchange_prices": {1: "0.5"}, "sixth": "1",
             "sixth_discard": 1}
        ],
    )  # fmt: skip
