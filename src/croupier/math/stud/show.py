"""Options around the show: buying a game, taking half, straight-flush protection.

* **Buying a game after a no-game show** ([004], [003]): the box sees the
  dealer's five cards and chooses between taking the ANTE and paying for the
  dealer to drop a card and draw one. :func:`after_show` values both exactly
  (every card the dealer can draw, each settled by the engine). Before the
  show the same choice makes the value of playing: :func:`show_sums` walks
  every dealer completion without a game and takes the better of the two.
* **Buying a game before the show** ([000]): a choice made blind; its value
  is the same walk without the maximum.
* **Taking half** ([000], with the BONUS paid): half the full win, stakes
  back, whatever the dealer holds.
* **Straight-flush protection** ([000], with the BONUS paid) changes how a
  played straight flush is settled; it enters the play value through the
  engine's settlement of a box holding the BONUS.

Every net comes from :func:`croupier.games.stud.payout.settle_box` on a real
dealer hand of the right class; the compiled walk only counts classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.stud.payout import BoxHand, BoxPlay, DealerShow, dealer_show, with_bought_game
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.completions import Completions, FewDraws, dealt_strengths
from croupier.math.stud.counting import BINOM, HandTable, _below, _colex5, insert_sorted
from croupier.math.stud.outcomes import ANTE, NO_CAP, net, representatives
from croupier.poker.hand import rank5

BOUGHT = ("none", "lower", "tie", "higher")  # the bought game did not come / came and ...


# Inlined into its callers: a call returning a tuple in the walks' inner loop cost ~30 %.
@numba.njit(cache=True, nogil=True, inline="always")
def bought_counts(kept: Any, removed: Any, rank_of: Any, fours: Any, binom: Any, qualify: int,
                  s: int, length: int,
                  ) -> tuple[int, int, int, int]:  # pragma: no cover - compiled  # fmt: skip
    """A dealer without a game keeps the four cards ``kept[:4]`` (ascending local
    cards; ``kept[4]`` is scratch) and draws one of the other ``length`` cards of the
    deck but the ``removed`` (the box's cards, the dropped one): how many of the
    cards it can draw end in each class of :data:`BOUGHT` against the box's
    strength ``s`` (a tuple: nothing allocated in the hot loops).

    The four kept cards with each of the other ``length`` are a sorted list of the
    hand table (``fours``): three binary searches count them, then the ``removed``
    are taken out one by one."""
    quad = binom[kept[0], 1] + binom[kept[1], 2] + binom[kept[2], 3] + binom[kept[3], 4]
    at = quad * length
    low_q = _below(fours, at, length, qualify)
    low_s = _below(fours, at, length, s)
    up_s = _below(fours, at, length, s + 1)
    none = low_q
    lower = max(low_s - low_q, 0)
    tie = up_s - low_s if s >= qualify else 0
    higher = length - max(up_s, low_q)
    for i in range(removed.shape[0]):
        kept[4] = removed[i]
        after = rank_of[_colex5(kept, binom)]
        if after < qualify:
            none -= 1
        elif after < s:
            lower -= 1
        elif after == s:
            tie -= 1
        else:
            higher -= 1
    return none, lower, tie, higher


@numba.njit(cache=True, nogil=True, inline="always")
def bought_mean(counts: tuple[int, int, int, int], buy: Any,
                pool: int) -> float:  # pragma: no cover - compiled  # fmt: skip
    """The mean of ``buy`` (per class of :data:`BOUGHT`) over the ``pool`` cards a
    dealer without a game can draw, ``counts`` of them in each class."""
    none, lower, tie, higher = counts
    value: float = (none * buy[0] + lower * buy[1] + tie * buy[2] + higher * buy[3]) / pool
    return value


@numba.njit(cache=True, nogil=True)
def bought_value(kept: Any, removed: Any, rank_of: Any, fours: Any, binom: Any, qualify: int,
                 s: int, buy: Any, pool: int) -> float:  # pragma: no cover - compiled  # fmt: skip
    """The mean of ``buy`` (per class of :data:`BOUGHT` against the box's strength
    ``s``) over the ``pool`` cards a dealer without a game can draw, keeping
    ``kept[:4]`` (see :func:`bought_counts`, full deck)."""
    counts = bought_counts(kept, removed, rank_of, fours, binom, qualify, s, 48)
    return bought_mean(counts, buy, pool)


@numba.njit(cache=True, nogil=True)
def _walk(unseen: Any, up: int, strengths: Any, seen: Any, rank_of: Any, fours: Any, binom: Any,
          qualify: int, s: int, drop_highest: bool, take: Any, buy: Any,
          out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Over every completion of ``up`` from ``unseen``: out[0..2] the sums, over
    those without a game, of taking the ANTE (``take[0]`` below the box's
    strength ``s``, ``take[1]`` at or above), of buying (``buy`` per class of
    :data:`BOUGHT`, averaged over the cards the dealer can draw) and of the
    better of the two (``strengths``: each completion's, in the order of
    :func:`~croupier.math.stud.completions.dealt_strengths`); out[3..5] the
    qualifying completions below, equal to
    and above ``s``; out[6] all completions. Buying is
    :func:`bought_value` of the four cards kept, the box's cards (``seen``)
    and the dropped one taken out."""
    n = unseen.shape[0]
    five = np.empty(5, dtype=np.int64)
    kept = np.empty(5, dtype=np.int64)
    removed = np.empty(seen.shape[0] + 1, dtype=np.int64)
    removed[: seen.shape[0]] = seen
    pool = n - 4
    for k in range(7):
        out[k] = 0.0
    q = -1
    five[4] = up
    for a in range(n):
        five[0] = unseen[a]
        for b in range(a + 1, n):
            five[1] = unseen[b]
            for c in range(b + 1, n):
                five[2] = unseen[c]
                for d in range(c + 1, n):
                    five[3] = unseen[d]
                    q += 1
                    dealer = strengths[q]
                    out[6] += 1.0
                    if dealer >= qualify:
                        if dealer < s:
                            out[3] += 1.0
                        elif dealer == s:
                            out[4] += 1.0
                        else:
                            out[5] += 1.0
                        continue
                    dropped = five[0]
                    for i in range(1, 5):
                        if (five[i] > dropped) == drop_highest:
                            dropped = five[i]
                    m = 0
                    for i in range(5):
                        if five[i] != dropped:
                            m = insert_sorted(kept, m, five[i])
                    removed[removed.shape[0] - 1] = dropped
                    value = bought_value(kept, removed, rank_of, fours, binom, qualify, s, buy,
                                         pool)  # fmt: skip
                    taken = take[0] if dealer < s else take[1]
                    out[0] += taken
                    out[1] += value
                    out[2] += max(taken, value)


@dataclass(frozen=True, slots=True)
class ShowSums:
    """Per completion of the situation (divide by ``total``): see :func:`show_sums`."""

    take: float
    buy: float
    best: float
    qualified: tuple[float, float, float]  # dealer qualifies below / equal to / above the box
    total: float


def _nq_show(profile: StudProfile, table: HandTable) -> DealerShow:
    return dealer_show(profile, table.examples[0].tolist())  # the lowest hand: no game


def bought_nets(profile: StudProfile, table: HandTable, hand: BoxHand, qualify: int,
                bonus: int = 0) -> tuple[float, ...]:  # fmt: skip
    """Net per ANTE of a played box that bought a game from a dealer without
    one, per class of :data:`BOUGHT`, the engine settling a real bought hand."""
    play = BoxPlay(ANTE, True, hand, bought_game=True, bonus=bonus)
    return tuple(float(x) for x in bought_class_nets(profile, table, qualify, play))


def bought_shows(profile: StudProfile, table: HandTable, qualify: int,
                 hand: BoxHand) -> list[DealerShow | None]:  # fmt: skip
    """A real dealer show of each class of :data:`BOUGHT` against ``hand`` after a
    game was bought from a dealer without one (None where no hand of the deck is
    in that class)."""
    strength = table.strength(hand.main.value)
    nq = _nq_show(profile, table)
    reps = representatives(table, strength, qualify)
    shows: list[DealerShow | None] = [nq]
    for name in BOUGHT[1:]:
        found = reps.get(name)
        if found is None:
            shows.append(None)
            continue
        bought = rank5(table.examples[found].tolist(), ace_king=profile.ace_king)
        shows.append(DealerShow(nq.hand, nq.minimum, bought))
    return shows


def bought_class_nets(profile: StudProfile, table: HandTable, qualify: int, play: BoxPlay,
                      max_payout: int = NO_CAP) -> tuple[Fraction, ...]:  # fmt: skip
    """:func:`bought_nets` of ``play`` (a box that bought a game), exact, under the
    table's maximum payout ``max_payout`` (0 for a class that cannot happen)."""
    return tuple(
        Fraction(0) if show is None else net(profile, play, show, max_payout)
        for show in bought_shows(profile, table, qualify, play.hand)
    )


def show_sums(profile: StudProfile, table: HandTable, dealer: Completions | FewDraws, hand: BoxHand,
              qualify: int, take: tuple[float, float], bonus: int = 0) -> ShowSums:  # fmt: skip
    """The walk of :func:`_walk` for a box holding ``hand``, taking the ANTE
    worth ``take`` (per ANTE: dealer lower, not lower), in ``dealer``'s situation."""
    assert profile.buy_game is not None
    out = np.zeros(7)
    buy = np.array(bought_nets(profile, table, hand, qualify, bonus))
    taken = np.ones(52, dtype=bool)
    taken[dealer.unseen] = False
    taken[dealer.up] = False
    seen = np.flatnonzero(taken).astype(np.int64)
    if isinstance(dealer, Completions):
        strengths = dealer.strengths
    else:
        strengths = np.empty(comb(len(dealer.unseen), 4), dtype=np.uint16)
        dealt_strengths(dealer.unseen, dealer.up, table.rank_of, BINOM, strengths)
    _walk(dealer.unseen, dealer.up, strengths, seen, table.rank_of, table.fours, BINOM, qualify,
          table.strength(hand.main.value), profile.buy_game.drop == "highest",
          np.array(take), buy, out)  # fmt: skip
    return ShowSums(out[0], out[1], out[2], (out[3], out[4], out[5]), out[6])


def after_show(profile: StudProfile, hand: BoxHand, dealer: tuple[int, ...],
               unseen: NDArray[np.int64], insurance: int = 0) -> dict[str, float]:  # fmt: skip
    """A played box after a no-game show: take the ANTE or buy a game, each
    settled by the engine (buying: every card the dealer can draw)."""
    show = dealer_show(profile, dealer)
    if show.qualifies:
        raise ValueError("the dealer has a game: nothing to choose")
    take = float(net(profile, BoxPlay(ANTE, True, hand, insurance=insurance), show))
    play = BoxPlay(ANTE, True, hand, insurance=insurance, bought_game=True)
    pool = [c for c in unseen.tolist() if c not in dealer]
    total = sum(float(net(profile, play, with_bought_game(profile, show, dealer, c))) for c in pool)
    return {"take_ante": take, "buy_game": total / len(pool)}
