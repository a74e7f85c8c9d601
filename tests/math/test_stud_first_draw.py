"""The [001] first decision in one compiled pass (:mod:`croupier.math.stud.first_draw`)
against the advisor, option by option, on the full deck, and against the exact
short-deck solver (fractions through the engine's menu and settlement)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from numpy.typing import NDArray

from croupier.cards import format_cards, parse_cards
from croupier.math.stud.advise import DECISIONS, Situation, advise, context
from croupier.math.stud.exact import ShortDeckSolver, tiny_profile
from croupier.math.stud.finals import deck_context
from croupier.math.stud.first_draw import first_decision, one_draw
from croupier.math.stud.strategy import situations
from croupier.profiles import load

Key = tuple[str, tuple[int, ...]]


def _option_values(
    names: list[str], cards: list[int], gives: list[int], now: NDArray[np.float64],
    options: NDArray[np.float64],
) -> dict[Key, float]:  # fmt: skip
    got = {(name, ()): float(v) for name, v in zip(DECISIONS, now, strict=True) if math.isfinite(v)}
    for name, give, v in zip(names, gives, options.tolist(), strict=True):
        key = ("exchange", (cards[give],)) if name.startswith("exchange") else ("buy_sixth", ())
        got[key] = v
    return got


@pytest.mark.slow
@pytest.mark.parametrize(
    ("profile_id", "chunk"), [("five-card-exchange", 100), ("five-card-sixth", 7)]
)
def test_every_option_of_the_compiled_pass_equals_the_advisor(profile_id: str, chunk: int) -> None:
    profile = load(profile_id)
    menu = one_draw(profile)
    assert menu is not None
    hands, ups, _ = situations(chunk)
    # every up card of one hand (a group) and classes across the chunk
    first = np.flatnonzero((hands == hands[0]).all(axis=1))
    spread = np.random.default_rng(14).choice(len(hands), 6, replace=False)
    rows = np.concatenate([first[:6], spread])
    found = first_decision(context(profile, 0), menu, hands[rows], ups[rows])
    now, options = found.now, found.options
    gives = [c.give[0] for c in menu.exchanges] + [-1] * (menu.sixth is not None)
    for i, r in enumerate(rows.tolist()):
        cards = hands[r].tolist()
        advised = {
            (o.action, o.cards): o.ev for o in advise(profile, Situation(tuple(cards), int(ups[r])))
        }
        got = _option_values(menu.names, cards, gives, now[i], options[i])
        assert got.keys() == advised.keys()
        for key, ev in advised.items():
            assert got[key] == pytest.approx(ev, abs=1e-12), (format_cards(cards), key)


def test_the_compiled_pass_is_the_exact_solvers_rational_on_a_short_deck() -> None:
    """Twelve cards: the dealer's hand is one of five, every draw and discard
    counted by the solver in fractions through the engine; every first option
    (the exchange of each card, the 6th card, the best final decision) agrees."""
    profile = tiny_profile()
    deck = parse_cards("As Ks Qs Js Ts Ah Kh 7d 7c 2h 3d 9c")
    ctx = deck_context(profile, deck)
    menu = one_draw(profile)
    assert menu is not None and menu.sixth is not None and len(menu.exchanges) == 5
    solver = ShortDeckSolver(profile, deck)
    rng = np.random.default_rng(14)
    deals = [rng.permutation(deck)[:6].tolist() for _ in range(12)]
    hands = np.array([d[:5] for d in deals], dtype=np.int64)
    ups = np.array([d[5] for d in deals], dtype=np.int64)
    found = first_decision(ctx, menu, hands, ups)
    now, options = found.now, found.options
    finals = ("fold", "play", "insure max", "insure min")
    for i, deal in enumerate(deals):
        exact = solver.options(solver.start(deal[:5], deal[5]), deal[5])
        assert np.max(now[i]) == pytest.approx(float(max(exact[k] for k in finals if k in exact)))
        for o, choice in enumerate(menu.exchanges):
            given = format_cards([deal[choice.give[0]]])
            assert options[i, o] == pytest.approx(float(exact[f"exchange {given}"]), abs=1e-12)
        assert options[i, -1] == pytest.approx(float(exact["buy_sixth"]), abs=1e-12)


def test_profiles_with_more_than_one_draw_go_through_the_advisor() -> None:
    assert one_draw(load("five-card-exchange")) is not None
    assert one_draw(load("five-card-sixth")) is not None
    for other in ("russian", "russian-online", "six-card", "six-card-all-in-one"):
        assert one_draw(load(other)) is None
