"""The options around the show against rounds played through the real engine
(``StudGame.start/apply/settlement``), every card the engine can deal listed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import parse_card, parse_cards
from croupier.games.base import Action
from croupier.games.stud.state import StudState
from croupier.math.stud.advise import Situation, advise
from croupier.math.stud.brute import Policy, play_round
from croupier.math.stud.outcomes import ANTE
from croupier.profiles import load


def _then(first: str, after_show: str) -> Policy:
    def policy(state: StudState, acts: tuple[str, ...]) -> Action:
        box = state.boxes[0].box
        return Action(after_show if "take_ante" in acts else first, box)

    return policy


@pytest.mark.parametrize("choice", ["buy_game", "take_ante"])
@pytest.mark.parametrize(
    ("box", "dealer"), [("Kh Kd Ks 7s 2h", "9c 8d 6h 4s 2c"), ("Qh Jd 9s 7s 3h", "Kc Td 6h 4s 2c")]
)
def test_after_a_no_game_show_each_choice_is_the_engines_average_over_every_draw(
    box: str, dealer: str, choice: str
) -> None:
    profile = load("russian")
    cards, shown = parse_cards(box), parse_cards(dealer)
    s = Situation(cards, shown[-1], len(profile.improve), "", (), 0, dealer=shown)
    ev = {o.action: o.ev for o in advise(profile, s)}
    rest = [c for c in range(52) if c not in (*cards, *shown)]
    policy = _then("play", choice)
    nets = [play_round(profile, cards, shown, [c], policy) for c in rest]
    assert ev[choice] == pytest.approx(float(sum(nets, Fraction(0)) / len(nets)), abs=1e-12)


@pytest.mark.parametrize("dealer", ["Ac Ad 6h 4s 2c", "Kc Td 6h 4s 2c"])
def test_taking_half_is_the_engines_settlement_the_bonus_fee_sunk(dealer: str) -> None:
    profile = load("six-card-all-in-one")
    assert profile.bonus is not None
    fee = profile.bonus.fee(ANTE)
    cards, shown = parse_cards("9h Th Jh Qh Kd"), parse_cards(dealer)
    ev = {o.action: o.ev for o in advise(profile, Situation(cards, shown[-1], bonus=True))}
    net = play_round(profile, cards, shown, [], _then("take_half", "take_ante"), bonus=fee)
    assert ev["take_half"] == pytest.approx(float(net + Fraction(fee, ANTE)), abs=1e-12)


def test_without_the_bonus_there_is_no_half_to_take() -> None:
    profile = load("six-card-all-in-one")
    options = advise(profile, Situation(parse_cards("9h Th Jh Qh Kd"), parse_card("2c")))
    assert "take_half" not in {o.action for o in options}
    assert "buy_game" in {o.action for o in options}


@pytest.mark.parametrize(
    ("profile_id", "box", "up"),
    [
        ("russian", "Kh Kd Ks 7s 2h", "9c"),
        pytest.param("six-card", "Ah Ad 9s 7s 3h", "Jc", marks=pytest.mark.soak),
    ],
)
def test_the_compiled_walk_equals_evaluating_every_dealer_hand_and_draw(
    profile_id: str, box: str, up: str
) -> None:
    """Every completion and every card the dealer can draw after dropping its
    card, evaluated by the batch evaluator (the engine's drop rule: its
    highest or lowest card by rank, then suit, i.e. by card code)."""
    from itertools import combinations

    import numpy as np

    from croupier.games.stud.payout import drop_for_bought_game, evaluate
    from croupier.math.stud.completions import completions
    from croupier.math.stud.counting import hand_table
    from croupier.math.stud.show import bought_nets, show_sums
    from croupier.poker.batch import best_batch
    from croupier.poker.hand import CATEGORY_BASE

    profile = load(profile_id)
    cards, shown = parse_cards(box), parse_card(up)
    table = hand_table(tuple(range(52)), profile.ace_king)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    hand = evaluate(profile, cards)
    s = table.strength(hand.main.value)
    take = (0.75, 1.25)
    dealer = completions(table, shown, list(cards), qualify)
    sums = show_sums(profile, table, dealer, hand, qualify, take)
    buy = np.array(bought_nets(profile, table, hand, qualify))

    def strengths(hands: np.ndarray) -> np.ndarray:
        return np.searchsorted(table.values, best_batch(hands, ace_king=profile.ace_king))

    unseen = np.array([c for c in range(52) if c not in (*cards, shown)])
    fours = np.array(list(combinations(unseen.tolist(), 4)))
    fives = np.concatenate([fours, np.full((len(fours), 1), shown)], axis=1)
    strength = strengths(fives)
    assert sums.total == len(fives)
    q = strength[strength >= qualify]
    assert sums.qualified == ((q < s).sum(), (q == s).sum(), (q > s).sum())
    nq, dealer_s = np.sort(fives[strength < qualify], axis=1), strength[strength < qualify]
    highest = profile.buy_game is not None and profile.buy_game.drop == "highest"
    kept = nq[:, :4] if highest else nq[:, 1:]
    for row in nq[:50].tolist():
        assert drop_for_bought_game(profile, row) == (row[-1] if highest else row[0])
    pool = np.ones((len(nq), 52), dtype=bool)
    pool[:, [c for c in range(52) if c not in unseen]] = False
    np.put_along_axis(pool, nq, False, axis=1)
    drawn = np.nonzero(pool)[1].reshape(len(nq), -1)
    hands = np.concatenate([np.repeat(kept[:, None, :], drawn.shape[1], 1), drawn[:, :, None]], 2)
    after = strengths(hands.reshape(-1, 5)).reshape(drawn.shape)
    classes = np.select([after < qualify, after < s, after == s], [0, 1, 2], 3)
    value = buy[classes].mean(axis=1)
    taken = np.where(dealer_s < s, take[0], take[1])
    want = (taken.sum(), value.sum(), np.maximum(taken, value).sum())
    assert (sums.take, sums.buy, sums.best) == pytest.approx(want)


def test_after_an_exchange_taking_half_is_one_of_the_final_decisions() -> None:
    """Inside an exchange's continuation a box that paid the BONUS may take half
    of a straight or better: the exchange is worth the mean over every draw of
    the best of folding, playing and taking half (that one settled by the engine)."""
    import numpy as np

    from croupier.math.stud.advise import DECISIONS, context, final_values

    profile = load("six-card-all-in-one")
    assert profile.bonus is not None
    fee = profile.bonus.fee(ANTE)
    cards, up = parse_cards("9h Th Jh Qh 2c"), parse_card("5d")
    s = Situation(cards, up, round=1, last_did="exchange", gone=(parse_card("3s"),), bonus=True)
    options = {(o.action, o.cards): o for o in advise(profile, s)}
    give = parse_card("2c")
    option = options[("exchange", (give,))]
    assert option.exact and "buying a game" in option.note
    kept = cards[:4]
    rest = [c for c in range(52) if c not in (*cards, up, *s.gone)]
    ctx = context(profile, 0, bonus=True)
    finals = np.array([[*kept, c] for c in rest])
    gone = np.array([[*s.gone, give]] * len(rest))
    values = final_values(ctx, finals, up, gone)
    half = DECISIONS.index("take_half")
    straight = rest.index(parse_card("Kd"))  # 9-K straight: half may be taken
    net = play_round(profile, (*kept, rest[straight]), parse_cards("Ac Ad 6h 4s 5d"), [],
                     _then("take_half", "take_ante"), bonus=fee)  # fmt: skip
    assert values[straight, half] == pytest.approx(float(net + Fraction(fee, ANTE)), abs=1e-12)
    assert np.isneginf(values[rest.index(parse_card("3d")), half])  # nothing: no half
    price = profile.improve[1].exchange_prices[1]
    expected = values.max(axis=1).mean() - float(Fraction(str(price)))
    assert option.ev == pytest.approx(expected, abs=1e-12)
