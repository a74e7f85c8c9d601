"""An improvement's value: the best continuation averaged over the cards it draws.

Every option of a situation is valued for a batch of boxes that share the
moment (:class:`Rows`): every draw when there are at most :data:`EXACT_DRAWS`
of them, else a sample with its 99 % interval; the dealer's hands are counted
in the situation's completions (or the general counting for one-card draws),
shared by every option and draw. See :mod:`croupier.math.stud.advise`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from croupier.games.stud.profile import StudProfile
from croupier.math.stud.completions import Completions, FewDraws
from croupier.math.stud.finals import (
    DECISIONS,
    Context,
    decision_values,
    strength_nets,
    strengths,
)
from croupier.math.stud.last_round import last_round
from croupier.math.stud.menu import Choice, Moment, choices

EXACT_DRAWS = 1200  # C(46, 2) = 1035, C(48, 2) = 1128: exchanges of up to two cards are exact
SAMPLES = 400  # draws sampled for a larger exchange
# An improvement followed by another round (the [000] and six-card menus)
# multiplies the work by that round's options: beyond a one-card draw, sample.
NESTED_EXACT, NESTED_SAMPLES = 52, 24
Z99 = 2.5758


Dealer = Completions | FewDraws  # how the dealer's hands of a situation are counted


@dataclass(frozen=True, slots=True)
class Rows:
    """Boxes that went different ways from one situation: their cards, the cards
    drawn since (the dealer cannot hold those) and the cards given since."""

    cards: NDArray[np.int64]
    drawn: NDArray[np.int64]
    given: NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.cards)


def _rows_values(ctx: Context, dealer: Dealer, rows: Rows) -> NDArray[np.float64]:
    """:func:`final_values` for boxes of one situation, counted in its completions."""
    strength = strengths(ctx, rows.cards)
    return decision_values(ctx, rows.cards, strength, dealer.count(rows.drawn, strength))


def _final_best(ctx: Context, dealer: Dealer, rows: Rows) -> NDArray[np.float64]:
    """The best final decision's EV per row (one compiled pass where every hand
    is priced by its strength alone)."""
    if isinstance(dealer, FewDraws) or (
        ctx.profile.second_combination and rows.cards.shape[1] == 6
    ):
        best: NDArray[np.float64] = np.max(_rows_values(ctx, dealer, rows), axis=1)
        return best
    return dealer.best_final(rows.drawn, strengths(ctx, rows.cards), strength_nets(ctx))


def _pools(ctx: Context, dealer: Dealer, rows: Rows) -> tuple[NDArray[np.int64], int]:
    """Per row, the cards a draw comes from: the unseen ones not drawn yet (first,
    ``n`` of them) then, where discards are shuffled back, the cards given."""
    out = np.zeros((len(rows), 52), dtype=bool)
    out[:, dealer.unseen] = True
    if rows.drawn.shape[1]:
        np.put_along_axis(out, rows.drawn, False, axis=1)
    n = int(out[0].sum())
    unseen = np.nonzero(out)[1].reshape(len(rows), n)
    if not (ctx.profile.reshuffle_discards and rows.given.shape[1]):
        return unseen, n
    back = np.zeros((len(rows), 52), dtype=bool)
    np.put_along_axis(back, rows.given, True, axis=1)
    if rows.drawn.shape[1]:
        np.put_along_axis(back, rows.drawn, False, axis=1)
    width = int(back[0].sum())
    return np.concatenate([unseen, np.nonzero(back)[1].reshape(len(rows), width)], axis=1), n


@lru_cache(maxsize=64)
def _every_draw(pool: int, k: int) -> NDArray[np.int64]:
    every = np.array(list(combinations(range(pool), k)), dtype=np.int64)
    return every.reshape(1, -1, k)


def _draw_index(ctx: Context, rows: int, pool: int, unseen: int, k: int,
                nested: bool) -> tuple[NDArray[np.int64], bool]:  # fmt: skip
    """Positions in each row's pool: every k-subset ([1, d, k]), or a sample
    ([rows, d, k]). Where discards were shuffled back a draw is not uniform
    over the pool (the dealer's four hidden cards are not in the deck): the
    sample sets four unseen cards aside first, the exact mean is weighted."""
    if math.comb(pool, k) <= (NESTED_EXACT if nested else EXACT_DRAWS):
        return _every_draw(pool, k), True
    samples = NESTED_SAMPLES if nested else SAMPLES
    keys = ctx.rng.random((rows, samples, pool))
    if pool > unseen:
        dealer = np.argsort(ctx.rng.random((rows, samples, unseen)), axis=2)[:, :, :4]
        np.put_along_axis(keys, dealer, 2.0, axis=2)
    return np.argsort(keys, axis=2)[:, :, :k], False


def _draw_rows(
    ctx: Context, dealer: Dealer, rows: Rows, give: tuple[int, ...], receive: int,
    nested: bool,
) -> tuple[Rows, int, bool, NDArray[np.float64] | None]:  # fmt: skip
    """Every (or a sample of) draws after giving the cards at positions ``give``:
    the new rows, draws per row, exact or not, and the exact draws' weights
    (None: all alike)."""
    r, width = rows.cards.shape
    keep = [i for i in range(width) if i not in give]
    given = rows.cards[:, list(give)]
    all_given = np.concatenate([rows.given, given], axis=1)
    pool, unseen = _pools(ctx, dealer, Rows(rows.cards, rows.drawn, all_given))
    index, exact = _draw_index(ctx, r, pool.shape[1], unseen, receive, nested)
    d = index.shape[1]
    drawn = np.take_along_axis(pool[:, None, :], np.broadcast_to(index, (r, d, receive))
                               .reshape(r, d * receive)[:, None, :], axis=2)  # fmt: skip
    drawn = drawn.reshape(r, d, receive)
    kept = np.repeat(rows.cards[:, keep][:, None, :], d, axis=1)
    hands = np.concatenate([kept, drawn], axis=2).reshape(r * d, -1)
    new_drawn = np.concatenate([np.repeat(rows.drawn, d, axis=0), drawn.reshape(r * d, -1)], 1)
    new_given = np.repeat(all_given, d, axis=0)
    weights = None
    if exact and pool.shape[1] > unseen:
        zero = np.zeros(r * d, dtype=np.int64)
        weights = dealer.count(new_drawn, zero)[:, 3].reshape(r, d).astype(np.float64)
    return Rows(hands, new_drawn, new_given), d, exact, weights


def _best(ctx: Context, dealer: Dealer, rows: Rows, m: Moment) -> NDArray[np.float64]:
    """The best EV per row over every option (the rows share the moment)."""
    best: NDArray[np.float64] = np.max(
        np.stack([v for _, _, v, _ in valued(ctx, dealer, rows, m, top=False)]), axis=0
    )
    return best


Valued = tuple[str, tuple[int, ...], NDArray[np.float64], tuple[bool, NDArray[np.float64]]]


def _choices(ctx: Context, rows: Rows, m: Moment) -> list[Choice]:
    """The improvements open to the rows (alike) at moment ``m`` (kept per context)."""
    width = rows.cards.shape[1]
    known = ctx.menus.get((width, m))
    if known is None:
        known = ctx.menus[(width, m)] = choices(ctx.profile, width, m)
    return known


def _in_one_pass(ctx: Context, dealer: Dealer, rows: Rows,
                 choices: list[Choice]) -> NDArray[np.float64] | None:  # fmt: skip
    """The last round in one compiled pass (:mod:`croupier.math.stud.last_round`):
    [row, stand then each choice] before prices, or None where it does not
    apply (a draw of more than one card, a round or a discard after it, discards
    shuffled back, a second combination priced on its own)."""
    p = ctx.profile
    if not (
        choices
        and isinstance(dealer, Completions)
        and (dealer.levels >= 3 or rows.drawn.shape[1] < dealer.levels)
        and not p.reshuffle_discards
        and not p.second_combination
        and all(c.receive == 1 and not c.nested and not c.moved.must_discard for c in choices)
    ):
        return None
    gives = [c.give for c in choices]
    return last_round(dealer, ctx.table.rank_of, rows.cards, rows.drawn, gives, strength_nets(ctx))


def valued(ctx: Context, dealer: Dealer, rows: Rows, m: Moment,
            top: bool = True) -> list[Valued]:  # fmt: skip
    """Every option's (action, card positions, EV per row, (exact, per-row 99 %
    half width)); below the ``top`` level the final decisions come as their best."""
    r, width = rows.cards.shape
    result: list[Valued] = []
    none = (True, np.zeros(r))
    if m.must_discard:
        for give in combinations(range(width), m.must_discard):
            keep = [i for i in range(width) if i not in give]
            after = Rows(rows.cards[:, keep], rows.drawn, rows.given)
            result.append(("discard", give, _final_best(ctx, dealer, after), none))
        return result
    choices = _choices(ctx, rows, m)
    one_pass = _in_one_pass(ctx, dealer, rows, choices)
    if top:
        finals = _rows_values(ctx, dealer, rows)
        for j, name in enumerate(DECISIONS):
            if np.isfinite(finals[0, j]):
                result.append((name, (), finals[:, j], none))
    else:
        stand = one_pass[:, 0] if one_pass is not None else _final_best(ctx, dealer, rows)
        result.append(("final", (), stand, none))
    for i, c in enumerate(choices):
        if one_pass is not None:
            result.append((c.act, c.give, one_pass[:, 1 + i] - c.price, none))
            continue
        drawn, d, exact, weights = _draw_rows(ctx, dealer, rows, c.give, c.receive, c.nested)
        values = _best(ctx, dealer, drawn, c.moved).reshape(r, d)
        if weights is None:
            ev = values.mean(axis=1) - c.price
        else:
            ev = (values * weights).sum(axis=1) / weights.sum(axis=1) - c.price
        half = np.zeros(r) if exact else Z99 * values.std(axis=1, ddof=1) / math.sqrt(d)
        result.append((c.act, c.give, ev, (exact, half)))
    return result


def most_drawn(p: StudProfile, rnd: int) -> int:
    """The most cards a box can still draw (from round ``rnd`` on)."""
    return sum(
        max([r.exchange_receive or n for n in r.exchange_counts] + [1 if r.sixth else 0])
        for r in p.improve[rnd:]
    )
