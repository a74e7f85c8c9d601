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
