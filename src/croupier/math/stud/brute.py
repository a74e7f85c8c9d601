"""Brute force through the real engine: the independent check of the analysis.

Every round here is played by :class:`~croupier.games.stud.engine.StudGame`
itself (``start``, ``apply``, ``settlement``) from a scripted deck, so a
figure computed here shares nothing with the counting analysis but the
engine. It is slow (thousands of rounds a second) and meant for short decks
(every deal of a 12-card deck: 16,632 rounds) and for sampled checks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations, permutations

from croupier.cards.card import format_cards
from croupier.cards.deck import Deck
from croupier.games.base import Action, BoxStake, Limits, RoundSetup, Viewer, ViewerRole
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


# ------------------------------------------------------------ the best play, by brute force

_PLAYER = Viewer(ViewerRole.PLAYER, "p")


# The improvement actions: a box that never improves skips them.
IMPROVING = frozenset({"exchange", "buy_sixth", "stand", "discard"})


def _choices(state: StudState, skip: frozenset[str] = frozenset()) -> list[tuple[str, Action]]:
    """Every action the box may take now but those named in ``skip``, named as the
    exact solver names them (an insurance at both ends of its range: its value is
    linear in the amount)."""
    box = state.boxes[0]
    out: list[tuple[str, Action]] = []
    for legal in GAME.legal_actions(state):
        if legal.act in skip:
            continue
        if legal.act in ("exchange", "discard"):
            for n in legal.cards:
                for give in combinations(box.cards, n):
                    out.append(
                        (f"{legal.act} {format_cards(give)}", Action(legal.act, 1, cards=give))
                    )
        elif legal.act in ("play", "fold", "stand", "buy_sixth", "take_half", "buy_game"):
            out.append((legal.act, Action(legal.act, 1)))
        elif legal.act == "insure":
            assert legal.min_amount is not None and legal.max_amount is not None
            out.append(("insure max", Action("insure", 1, amount=legal.max_amount)))
            out.append(("insure min", Action("insure", 1, amount=legal.min_amount)))
        else:
            raise ValueError(f"the brute-force optimum does not take {legal.act!r}")
    return out


def _best_total(states: list[StudState], skip: frozenset[str] = frozenset()) -> Fraction:
    """The most the box can win, summed over ``states`` (deals it cannot tell apart)."""
    return max(_option_totals(states, skip).values())


def _option_totals(states: list[StudState],
                   skip: frozenset[str] = frozenset()) -> dict[str, Fraction]:  # fmt: skip
    """Per option open now (but ``skip``): the box's net summed over ``states``,
    playing its best after."""
    totals: dict[str, Fraction] = {}
    for name, action in _choices(states[0], skip):
        total = Fraction(0)
        views: dict[str, list[StudState]] = {}
        for state in states:
            after = GAME.apply(state, action)
            if GAME.to_act(after) is None:
                settled = GAME.settlement(after)
                assert settled is not None
                total += Fraction(settled.box(1).net, ANTE)
            else:  # what the box sees next tells these deals apart, nothing else
                views.setdefault(json.dumps(GAME.project(after, _PLAYER)), []).append(after)
        totals[name] = total + sum((_best_total(v, skip) for v in views.values()), Fraction(0))
    return totals


def _deals(
    profile: StudProfile, deck: Sequence[int], box: Sequence[int], up: int, bonus: int = 0
) -> list[StudState]:
    """Every round of ``deck`` dealing ``box`` and showing ``up``: the dealer's hidden
    cards and the order of the rest, each as likely as the others."""
    rest = [c for c in deck if c not in box and c != up]
    states = []
    for hidden in combinations(rest, 4):
        stock = [c for c in rest if c not in hidden]
        for order in permutations(stock):
            hands = {"box:1": tuple(box), "dealer": (*hidden, up)}
            states.append(GAME.start(setup(profile, bonus), Deck.scripted(hands, order)))
    return states


def engine_options(profile: StudProfile, deck: Sequence[int], box: Sequence[int],
                   up: int) -> dict[str, Fraction]:  # fmt: skip
    """The value per ANTE of every first option of a box dealt ``box`` against ``up``,
    the best play after it, by playing every round of ``deck`` through the engine."""
    states = _deals(profile, deck, box, up)
    return {name: total / len(states) for name, total in _option_totals(states).items()}


def engine_optimum(profile: StudProfile, deck: Sequence[int], bonus: int = 0,
                   skip: frozenset[str] = frozenset()) -> Fraction:  # fmt: skip
    """The return per ANTE of the best play over every deal of ``deck``, every
    round played through the engine (the box decides on what the engine shows it),
    the box staking a BONUS of ``bonus`` and never taking the actions in ``skip``
    (:data:`IMPROVING`: it never improves)."""
    total = Fraction(0)
    deals = 0
    for box in combinations(deck, 5):
        for up in deck:
            if up not in box:
                states = _deals(profile, deck, box, up, bonus)
                total += _best_total(states, skip) / len(states)
                deals += 1
    return total / deals


def final_action(state: StudState, decision: str) -> Action:
    """The engine's action for one of the advisor's final decisions (``fold``,
    ``play``, ``play, insure max``/``min``): an insured play insures first."""
    box = state.boxes[0]
    if decision.startswith("play, insure") and not box.insurance:
        legal = next(a for a in GAME.legal_actions(state) if a.act == "insure")
        amount = legal.max_amount if decision.endswith("max") else legal.min_amount
        return Action("insure", box.box, amount=amount)
    return Action("fold" if decision == "fold" else "play", box.box)
