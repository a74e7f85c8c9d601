"""The last round's one-pass kernel against counting every final hand on its own
(the completions' general inclusion-exclusion, itself checked against the
general counting in test_stud_completions)."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.math.stud.advise import context, strength_nets
from croupier.math.stud.completions import completions
from croupier.math.stud.last_round import last_round
from croupier.poker.batch import best_batch
from croupier.profiles import load


@pytest.mark.parametrize(
    ("profile_id", "width", "gives"),
    [
        ("six-card-all-in-one", 5, [(0,), (3,), ()]),  # exchange one, or buy a 6th
        ("six-card", 6, [(1,), (5,)]),  # one of six for one: six stay
        ("six-card-shambala", 6, [(0, 2), (4, 5)]),  # two of six for one: five stay
    ],
)
@pytest.mark.parametrize("before", [0, 1, 3, 5])
def test_every_option_is_the_mean_over_every_draw_of_the_best_final(
    profile_id: str, width: int, gives: list[tuple[int, ...]], before: int
) -> None:
    profile = load(profile_id)
    ctx = context(profile, 0)
    nets = strength_nets(ctx)
    rng = np.random.default_rng(width * 10 + before)
    deck = rng.permutation(52)
    first, up = deck[:5].astype(np.int64), int(deck[5])
    dealer = completions(ctx.table, up, first, ctx.qualify)
    rows, drawn = [], []
    for _ in range(3):  # rows that drew different cards before this round
        new = rng.choice(dealer.unseen, size=before, replace=False)
        held = np.concatenate([first[: 5 - min(before, 5)], new])
        extra = rng.choice(np.setdiff1d(dealer.unseen, new), size=width - len(held), replace=False)
        rows.append(np.concatenate([held, extra]))
        drawn.append(np.concatenate([new, extra]))
    cards, drawn_now = np.array(rows, dtype=np.int64), np.array(drawn, dtype=np.int64)
    got = last_round(dealer, ctx.table.rank_of, cards, drawn_now, gives, nets)

    def strengths(hands: np.ndarray) -> np.ndarray:
        values = best_batch(hands.astype(np.uint8), ace_king=profile.ace_king)
        return np.searchsorted(ctx.table.values, values).astype(np.int64)

    stand = dealer.best_final(drawn_now, strengths(cards), nets)
    assert got[:, 0] == pytest.approx(stand, abs=1e-12)
    for r in range(len(cards)):
        pool = [c for c in dealer.unseen.tolist() if c not in drawn_now[r]]
        for o, give in enumerate(gives):
            kept = [c for i, c in enumerate(cards[r].tolist()) if i not in give]
            hands = np.array([[*kept, c] for c in pool], dtype=np.int64)
            seen = np.array([[*drawn_now[r].tolist(), c] for c in pool], dtype=np.int64)
            each = dealer.best_final(seen, strengths(hands), nets)
            assert got[r, 1 + o] == pytest.approx(each.mean(), abs=1e-12)
