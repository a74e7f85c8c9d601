"""The [003] first decision in one compiled pass (:mod:`croupier.math.stud.six_draw`)
against the advisor, option by option, on the full deck, and against the exact
short-deck solver (fractions through the engine's menu and settlement), both
six-card menus: one card for one keeping six, two for one."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from sixkit import short_six

from croupier.cards import format_cards, parse_cards
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.advise import DECISIONS, Situation, advise, context
from croupier.math.stud.completions import completions
from croupier.math.stud.draws import Rows, valued
from croupier.math.stud.optimum import in_antes
from croupier.math.stud.six_draw import first_decision, sixth_round, sixth_values
from croupier.math.stud.strategy import _six_card_pass, situations
from croupier.profiles import load

SIX_CARD = ("six-card", "six-card-shambala")


def _advised(profile: StudProfile, cards: list[int], up: int) -> dict[str, float]:
    return {o.action: o.ev for o in advise(profile, Situation(tuple(cards), up))}


def _every_first_option_equals_the_advisor(profile_id: str, rows: list[int], chunk: int) -> None:
    profile = load(profile_id)
    menu = sixth_round(profile)
    assert menu is not None
    hands, ups, _ = situations(chunk)
    found = first_decision(context(profile, 0), menu, hands[rows], ups[rows])
    now, options = found.now, found.options
    # what the strategy run keeps of each class: the best option and its name
    weights = np.ones(len(rows), np.int64)
    best, names, *_ = _six_card_pass(context(profile, 0), menu, hands[rows], ups[rows], weights)
    for i, r in enumerate(rows):
        cards = hands[r].tolist()
        got = {name: float(v) for name, v in zip(DECISIONS, now[i], strict=True) if v > -np.inf}
        got["buy_sixth"] = float(options[i, 0])
        advised = _advised(profile, cards, int(ups[r]))
        assert got.keys() == advised.keys()
        for name, ev in advised.items():
            assert got[name] == pytest.approx(ev, abs=1e-12), (format_cards(cards), name)
        top = max(advised, key=lambda name: advised[name])
        assert (names[i], best[i]) == (top, pytest.approx(advised[top], abs=1e-12))


@pytest.mark.parametrize("profile_id", SIX_CARD)
def test_the_compiled_pass_values_fold_play_with_a_bought_game_and_the_sixth_as_the_advisor(
    profile_id: str,
) -> None:
    """Two up cards of a pair (playing counts buying a game after a no-game show,
    walked once for both) and a high card (no walk: buying never beats the ANTE)."""
    _every_first_option_equals_the_advisor(profile_id, [0, 1, 7000], 150)


@pytest.mark.soak
@pytest.mark.parametrize("profile_id", SIX_CARD)
def test_every_first_option_of_many_classes_equals_the_advisor(profile_id: str) -> None:
    hands, _, _ = situations(60)
    group = np.flatnonzero((hands == hands[0]).all(axis=1))[:8].tolist()
    spread = np.random.default_rng(14).choice(len(hands), 24, replace=False).tolist()
    _every_first_option_equals_the_advisor(profile_id, group + spread, 60)


def test_after_the_sixth_every_exchange_is_the_advisors_last_round() -> None:
    """Per 6th card, standing and each exchange of the six as the advisor's last
    round (its own completions table, the same moment), for a few 6th cards."""
    profile = load("six-card-shambala")
    menu = sixth_round(profile)
    assert menu is not None
    ctx = context(profile, 0)
    cards, up = parse_cards("Ah Kh 7h 7d 2s"), parse_cards("9c")[0]
    _, _, rounds = sixth_values(ctx, menu, np.array([cards]), np.array([up]), detail=True)
    unseen = [c for c in range(52) if c not in (*cards, up)]
    dealer = completions(ctx.table, up, list(cards), ctx.qualify, 2)
    for i in (0, 17, 45):
        six = np.array([[*cards, unseen[i]]], dtype=np.int64)
        rows = Rows(six, six[:, 5:], np.zeros((1, 0), dtype=np.int64))
        found = {(act, give): float(ev[0]) for act, give, ev, _ in
                 valued(ctx, dealer, rows, menu.sixth.moved)}  # fmt: skip
        stand = max(found[(name, ())] for name in DECISIONS if (name, ()) in found)
        assert rounds[0, i, 0] == pytest.approx(stand, abs=1e-12)
        for o, choice in enumerate(menu.exchanges):
            ours = rounds[0, i, 1 + o] - choice.price
            assert ours == pytest.approx(found[("exchange", choice.give)], abs=1e-12)


@pytest.mark.parametrize("profile_id", SIX_CARD)
def test_the_compiled_pass_is_the_exact_solvers_rational_on_a_short_deck(profile_id: str) -> None:
    """Thirteen cards: the dealer's hand is one of five; every first option and,
    after each 6th card, standing and every exchange agree with the solver's fractions."""
    six = short_six(profile_id)
    deck, ctx, menu, solver = six.deck, six.ctx, six.menu, six.solver
    rng = np.random.default_rng(14)
    deals = [rng.permutation(deck)[:6].tolist() for _ in range(4)]
    hands = np.array([d[:5] for d in deals], dtype=np.int64)
    ups = np.array([d[5] for d in deals], dtype=np.int64)
    found = first_decision(ctx, menu, hands, ups)
    now, options = found.now, found.options
    _, _, rounds = sixth_values(ctx, menu, hands, ups, detail=True)
    for i, deal in enumerate(deals):
        start = solver.start(deal[:5], deal[5])
        exact = solver.options(start, deal[5])
        assert np.max(now[i]) == pytest.approx(float(max(exact["fold"], exact["play"])))
        assert options[i, 0] == pytest.approx(float(exact["buy_sixth"]), abs=1e-12)
        unseen = [c for c in deck if c not in deal]  # the table's order
        standing = Fraction(0)  # buying the 6th card, then standing whatever it is
        for j, sixth in enumerate(unseen):
            moved = menu.sixth.moved
            after = replace(start, cards=(*deal[:5], sixth), seen=start.seen | {sixth},
                            rnd=moved.rnd, last_did=moved.last_did)  # fmt: skip
            then = solver.options(after, deal[5])
            stand = max(then["fold"], then["play"])
            standing += stand / len(unseen)
            assert rounds[i, j, 0] == pytest.approx(float(stand))
            for o, choice in enumerate(menu.exchanges):
                given = format_cards([after.cards[p] for p in choice.give])
                assert rounds[i, j, 1 + o] - choice.price == pytest.approx(
                    float(then[f"exchange {given}"]), abs=1e-12
                )
        price = in_antes(menu.sixth.price)
        assert found.stand[i] == pytest.approx(float(standing - price), abs=1e-12)


def test_only_the_six_card_menus_take_the_compiled_pass() -> None:
    for profile_id in SIX_CARD:
        menu = sixth_round(load(profile_id))
        assert menu is not None
        assert {len(c.give) for c in menu.exchanges} == ({1} if profile_id == "six-card" else {2})
        assert len(menu.exchanges) == len(list(combinations(range(6), len(menu.exchanges[0].give))))
    for other in ("five-card-exchange", "five-card-sixth", "russian", "russian-online",
                  "six-card-all-in-one"):  # fmt: skip
        assert sixth_round(load(other)) is None
