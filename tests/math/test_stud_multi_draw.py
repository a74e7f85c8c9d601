"""The any-exchange first decision ([002] russian-online, [004] russian) in one
compiled pass per class (:mod:`croupier.math.stud.multi_draw`): every option
against the advisor where the advisor enumerates every draw (fold, play with a
bought game, insurance, exchanges of one and two cards, the 6th card; three
cards once the advisor is told to enumerate them too, discards shuffled back
included) and against the exact short-deck solver's fractions (every exchange
of every size, the 6th card with its second combination, insurance)."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.cards import format_cards, parse_cards
from croupier.games.stud.profile import StudProfile
from croupier.math.stud import draws
from croupier.math.stud.advise import DECISIONS, Situation, advise, context
from croupier.math.stud.counting import hand_table
from croupier.math.stud.exact import ShortDeckSolver
from croupier.math.stud.finals import Context
from croupier.math.stud.multi_draw import AnyExchange, any_exchange, best_options, first_decision
from croupier.math.stud.strategy import classes_result, situations
from croupier.poker.hand import CATEGORY_BASE
from croupier.profiles import load_as

ANY_EXCHANGE = ("russian", "russian-online")


def _ours(menu: AnyExchange, cards: list[int], now: np.ndarray,
          options: np.ndarray) -> dict[tuple[str, tuple[int, ...]], float]:  # fmt: skip
    """The pass's values of one class, keyed as the advisor names its options."""
    got = {(name, ()): float(v) for name, v in zip(DECISIONS, now, strict=True) if v > -np.inf}
    for choice, v in zip([*menu.exchanges, *([menu.sixth] if menu.sixth else [])], options,
                         strict=True):  # fmt: skip
        got[(choice.act, tuple(cards[p] for p in choice.give))] = float(v)
    return got


def _menu(profile: StudProfile) -> AnyExchange:
    menu = any_exchange(profile)
    assert menu is not None
    return menu


@pytest.mark.parametrize(
    "profile_id", ["russian", pytest.param("russian-online", marks=pytest.mark.soak)]
)
def test_every_option_the_advisor_counts_exactly_is_the_pass(profile_id: str) -> None:
    """A pair (playing counts a game bought after a no-game show) and a high
    card: fold, play, insurance, every one- and two-card exchange and the 6th
    card as the advisor's exact values; the sampled ones within their interval
    plus a margin (the pass is exact, the advisor's sample is not); and the
    strategy run keeps the best of them."""
    profile = load_as(profile_id, StudProfile)
    menu = _menu(profile)
    hands, ups, weights = situations(150)
    rows = [0, 7000]
    found = first_decision(context(profile, 0), menu, hands[rows], ups[rows])
    result = classes_result(context(profile, 0), "improve", 150, hands[rows], ups[rows],
                            weights[rows])  # fmt: skip
    best = []
    for i, r in enumerate(rows):
        cards = hands[r].tolist()
        got = _ours(menu, cards, found.now[i], found.options[i])
        advised = advise(profile, Situation(tuple(cards), int(ups[r])))
        assert len(advised) == len(got)
        exact = 0
        for option in advised:
            ours = got[(option.action, option.cards)]
            if option.exact:
                exact += 1
                assert ours == pytest.approx(option.ev, abs=1e-12), (format_cards(cards), option)
            else:
                assert abs(ours - option.ev) < 2 * option.half_width + 0.02, option
        assert exact >= 2 + 5 + 10 + 1
        best.append(max(got.values()))
    assert result.value == pytest.approx(float(np.dot(best, weights[rows])), rel=1e-12)


# make test checks the pass against the advisor's exact options and the exact solver; this one,
# 10-20 s a profile, runs in make soak.
@pytest.mark.soak
@pytest.mark.parametrize("profile_id", ["russian", "russian-online"])
def test_three_card_exchanges_equal_the_advisor_enumerating_every_draw(
    profile_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Told to enumerate up to 20,000 draws (C(49, 3) = 18,424 with three
    discards shuffled back), the advisor counts every three-card exchange
    exactly too: each draw weighted by the dealer hands it leaves ([002])."""
    monkeypatch.setattr(draws, "EXACT_DRAWS", 20_000)
    profile = load_as(profile_id, StudProfile)
    menu = _menu(profile)
    cards, up = parse_cards("Ah Kd 7c 7s 2h"), parse_cards("9c")[0]
    found = first_decision(context(profile, 0), menu, np.array([cards]), np.array([up]))
    got = _ours(menu, cards, found.now[0], found.options[0])
    three = [o for o in advise(profile, Situation(tuple(cards), up)) if len(o.cards) == 3]
    assert len(three) == 10 and all(o.exact for o in three)
    for option in three:
        assert got[(option.action, option.cards)] == pytest.approx(option.ev, abs=1e-12)


@pytest.mark.slow
def test_every_option_is_the_exact_solvers_rational_on_a_short_deck() -> None:
    """Sixteen cards (a five-card draw leaves the dealer five to hold four of):
    fold, play, insurance, all 31 exchanges and the 6th card kept whole with its
    second combination, as the solver's fractions through the engine's menu and
    settlement. Without buying a game (the solver has none): russian's menu."""
    profile = load_as("russian", StudProfile).changed(
        id="short-russian", buy_game=None, dark={"prebuy": ["sixth", "insurance"]}
    )
    deck = parse_cards("As Ks Qs Js Ts Ah Kh 7d 7c 2h 3d 9c 9s 9h 5h 5d")
    table = hand_table(tuple(deck), profile.ace_king)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    ctx = Context(profile, table, qualify, np.random.default_rng(0), 0)
    menu = _menu(profile)
    solver = ShortDeckSolver(profile, deck)
    deals = [parse_cards("9c 9s 9h 2h 5d Ah"), parse_cards("Ah Kh 7d 7c 3d 9s")]
    hands = np.array([d[:5] for d in deals], dtype=np.int64)
    ups = np.array([d[5] for d in deals], dtype=np.int64)
    found = first_decision(ctx, menu, hands, ups)
    rename = {"play, insure max": "insure max", "play, insure min": "insure min"}
    for i, deal in enumerate(deals):
        exact = solver.options(solver.start(deal[:5], deal[5]), deal[5])
        assert ("insure max" in exact) == (i == 0)  # three nines insure now
        got = _ours(menu, deal[:5], found.now[i], found.options[i])
        assert len(got) == len(exact)
        for (action, given), ours in got.items():
            name = action if not given else f"{action} {format_cards(given)}"
            assert ours == pytest.approx(float(exact[rename.get(name, name)]), abs=1e-12), name


def test_only_the_any_exchange_menus_take_the_pass() -> None:
    for profile_id in ANY_EXCHANGE:
        menu = _menu(load_as(profile_id, StudProfile))
        assert len(menu.exchanges) == 31 and menu.sixth is not None
    for other in ("five-card-exchange", "five-card-sixth", "six-card", "six-card-all-in-one"):
        assert any_exchange(load_as(other, StudProfile)) is None


def test_the_best_option_is_named_as_the_strategy_run_counts_it() -> None:
    """Three aces against a low card: two cards drawn to a full house or four
    aces beat playing them; the names are the final decisions, ``exchange k``
    and ``buy_sixth``."""
    profile = load_as("russian-online", StudProfile)
    menu = _menu(profile)
    assert set(menu.names) == {f"exchange {k}" for k in range(1, 6)} | {"buy_sixth"}
    cards, up = parse_cards("Ah Ad Ac 9s 4h"), parse_cards("2c")[0]
    ctx = context(profile, 0)
    found = first_decision(ctx, menu, np.array([cards]), np.array([up]))
    best, names = best_options(ctx, menu, np.array([cards]), np.array([up]))
    every = np.concatenate([found.now[0], found.options[0]])
    assert best[0] == every.max() and names == ["exchange 2"]
    play = found.now[0, DECISIONS.index("play")]
    kickers = next(o for o, c in enumerate(menu.exchanges) if c.give == (3, 4))
    assert found.options[0].max() == found.options[0, kickers] > play > 1
