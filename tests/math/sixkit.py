"""The six-card profiles ([003]) on a 13-card deck, as the exact solver
(:class:`~croupier.math.stud.exact.ShortDeckSolver`) can count them: the shared
set-up of the tests that check the compiled pass and its rounds against it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from croupier.cards import parse_cards
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.counting import hand_table
from croupier.math.stud.exact import ShortDeckSolver
from croupier.math.stud.finals import Context
from croupier.math.stud.six_draw import SixthRound, sixth_round
from croupier.poker.hand import CATEGORY_BASE
from croupier.profiles import load_as

DECK = "As Ks Qs Js Ts Ah Kh 7d 7c 2h 3d 9c 9s"


@dataclass(frozen=True)
class ShortSix:
    profile: StudProfile
    deck: list[int]
    ctx: Context
    menu: SixthRound
    solver: ShortDeckSolver


def short_six(profile_id: str) -> ShortSix:
    """The profile without buying a game (the exact solver has none; the same menu) on
    :data:`DECK`: its counting context, its [003] menu and the exact solver."""
    profile = load_as(profile_id, StudProfile).changed(
        id=f"short-{profile_id}", buy_game=None, dark={"prebuy": ["sixth"]}
    )
    deck = parse_cards(DECK)
    table = hand_table(tuple(deck), profile.ace_king)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    menu = sixth_round(profile)
    assert menu is not None
    ctx = Context(profile, table, qualify, np.random.default_rng(0), 0)
    return ShortSix(profile, deck, ctx, menu, ShortDeckSolver(profile, deck))
