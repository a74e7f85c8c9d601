"""Brute force through the real engine: the independent check of the analysis.

Every round here is played by :class:`~croupier.games.stud.engine.StudGame`
itself (``start``, ``apply``, ``settlement``) from a scripted deck, so a
figure computed here shares nothing with the counting analysis but the
engine. It is slow (thousands of rounds a second) and meant for short decks
(every deal of a 12-card deck: 16,632 rounds) and for sampled checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

from croupier.cards.deck import Deck
from croupier.games.base import Action, BoxStake, Limits, RoundSetup
from croupier.games.stud.engine import StudGame
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import StudState
from croupier.math.stud.outcomes import ANTE, NO_CAP

# A player's whole policy: given the state and the legal action names, the action to take.
Policy = Callable[[StudState, tuple[str, ...]], Action]
GAME = StudGame()


def setup(profile: StudProfile, bonus: int = 0) -> RoundSetup[StudProfile]:
    """One light box with an ANTE of :data:`ANTE` (and a BONUS of ``bonus``), no table cap."""
    stakes = {"ante": ANTE, "bonus": bonus} if bonus else {"ante": ANTE}
    return RoundSetup(profile, Limits(1, ANTE, NO_CAP), (BoxStake(1, "p", stakes),))


def play_round(
    profile: StudProfile,
    box: Sequence[int],
    dealer: Sequence[int],
    stock: Sequence[int],
    policy: Policy,
    bonus: int = 0,
) -> Fraction:
    """The box's net per ANTE after one round through the engine. Where the
    profile shuffles discards back ([002]) the stock may list a discard again."""
    hands = {"box:1": tuple(box), "dealer": tuple(dealer)}
    deck = Deck.scripted(hands, tuple(stock), redeal=profile.reshuffle_discards)
    state = GAME.start(setup(profile, bonus), deck)
    while GAME.to_act(state) is not None:
        acts = tuple(a.act for a in GAME.legal_actions(state))
        state = GAME.apply(state, policy(state, acts))
    settled = GAME.settlement(state)
    assert settled is not None
    return Fraction(settled.box(1).net, ANTE)


def baseline_policy(plays: Callable[[tuple[int, ...]], bool]) -> Policy:
    """Never improve, buy nothing: play the hands ``plays`` accepts, fold the rest;
    after a no-game show, take the ANTE."""

    def policy(state: StudState, acts: tuple[str, ...]) -> Action:
        box = state.boxes[0]
        if "take_ante" in acts:
            return Action("take_ante", box.box)
        return Action("play" if plays(box.cards) else "fold", box.box)

    return policy


def engine_return(profile: StudProfile, deck: Sequence[int], policy: Policy) -> Fraction:
    """The exact return per ANTE of ``policy`` over every deal of ``deck`` (box, then dealer)."""
    total = Fraction(0)
    deals = 0
    cards = tuple(deck)
    for box in combinations(cards, 5):
        rest = [c for c in cards if c not in box]
        for dealer in combinations(rest, 5):
            stock = [c for c in rest if c not in dealer]
            total += play_round(profile, box, dealer, stock, policy)
            deals += 1
    return total / deals
