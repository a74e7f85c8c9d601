"""The advisor: the expected value, per ANTE, of every option a box has now.

A :class:`Situation` is what the box knows: its cards, the dealer's up card,
the cards it gave away, and where it is in the profile's improvement rounds.
From the box's seat the dealer's four hidden cards and every card it will
draw are a uniform random split of the cards it has not seen, so

* the value of a final hand is counted exactly: the dealer's completions
  of the situation, tabled once per call (:mod:`croupier.math.stud.completions`)
  and shared by every option and draw, are counted by outcome class around
  the hand, each class priced by the engine's settlement
  (:mod:`croupier.math.stud.outcomes`), the best of fold, play and (where
  offered) play with insurance at either end of its range (its value is
  linear in the amount);
* an improvement averages the best continuation over the cards it can
  draw: every draw when there are at most :data:`EXACT_DRAWS` of them, else
  a sample with its 99 % interval. Where discards are shuffled back before
  the draw ([002]) a draw is not uniform over the deck (the dealer's hidden
  cards are not in it, the discards are): exact means are weighted by the
  dealer hands each draw leaves, samples set the dealer's cards aside first.

The menu itself (which exchanges, a 6th card, their prices, what the next
round allows) comes from the engine's :mod:`croupier.games.stud.improve`.
EVs count from now on: fees already paid are sunk and not included.

Around the show (:mod:`croupier.math.stud.show`): where a game is bought
after a no-game show, "play" counts the better of that and taking the ANTE
against every dealer hand, and a :class:`Situation` with the dealer's five
cards values that choice itself; [000]'s buying a game before the show is
an option of the final decision; taking half is a final decision like
folding (its net does not depend on the dealer's hand), so it is counted
after an improvement too; straight-flush protection is in the play value of
a box that paid the BONUS (``Situation.bonus``). Inside an improvement's
continuation buying a game (after a no-game show, or blind before it) is not
counted: it needs a walk over the dealer's hands per final hand, thousands
per situation. Such options say so in their ``note`` (their EV is a lower
bound).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from croupier.cards.card import format_cards
from croupier.cards.deck import Deck
from croupier.games.common.antes import antes
from croupier.games.stud import improve
from croupier.games.stud.payout import BoxHand, BoxPlay, coefficient, evaluate
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import Phase, StudState
from croupier.math.stud.completions import Completions, FewDraws, completions, few_draws
from croupier.math.stud.counting import HandTable, count_many, hand_table
from croupier.math.stud.last_round import last_round
from croupier.math.stud.menu import Choice as _Choice
from croupier.math.stud.menu import Moment as _Moment
from croupier.math.stud.menu import after as _after
from croupier.math.stud.menu import box_state as _box
from croupier.math.stud.menu import choices
from croupier.math.stud.outcomes import ANTE, CLASSES, class_nets, fold_net, representatives
from croupier.math.stud.show import after_show, show_sums
from croupier.poker.batch import best_batch
from croupier.poker.hand import CATEGORY_BASE

EXACT_DRAWS = 1200  # C(46, 2) = 1035, C(48, 2) = 1128: exchanges of up to two cards are exact
SAMPLES = 400  # draws sampled for a larger exchange
# An improvement followed by another round (the [000] and six-card menus)
# multiplies the work by that round's options: beyond a one-card draw, sample.
NESTED_EXACT, NESTED_SAMPLES = 52, 24
Z99 = 2.5758


@dataclass(frozen=True, slots=True)
class Situation:
    """A light box about to decide. ``round``/``last_did`` as the engine's
    :class:`~croupier.games.stud.state.BoxState`; ``gone``: cards the box gave
    away (never in the dealer's hand); ``must_discard``: cards owed back after
    a 6th card."""

    cards: tuple[int, ...]
    up: int
    round: int = 0
    last_did: str = ""
    gone: tuple[int, ...] = ()
    must_discard: int = 0
    bonus: bool = False  # [000]: the BONUS was paid (take half and protection open)
    dealer: tuple[int, ...] = ()  # the dealer's five after a no-game show (buy or take)

    def __post_init__(self) -> None:
        seen = (*self.cards, *self.gone, *(self.dealer or (self.up,)))
        if self.dealer and self.up not in self.dealer:
            raise ValueError("the dealer's five cards hold the up card")
        if len(set(seen)) != len(seen) or not set(seen) <= set(range(52)):
            raise ValueError(f"a card appears twice or is not a card: {format_cards(seen)}")
        if len(self.cards) not in (5, 6):
            raise ValueError(f"a box holds five or six cards, not {len(self.cards)}")


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its action, cards, EV per ANTE and how it was obtained."""

    action: str
    cards: tuple[int, ...] = ()
    ev: float = 0.0
    exact: bool = True
    half_width: float = 0.0  # 99 % interval of a sampled EV
    note: str = ""
    then: str = ""  # what to do after the draw, when it is simple to say

    def describe(self) -> str:
        what = self.action + (f" {format_cards(self.cards)}" if self.cards else "")
        how = "exact" if self.exact else f"sampled +-{self.half_width:.4f}"
        return f"{what}: {self.ev:+.4f} ({how}){' ' + self.note if self.note else ''}"


@dataclass
class _Context:
    profile: StudProfile
    table: HandTable
    qualify: int
    rng: np.random.Generator
    bonus: int  # the BONUS fee the box paid (sunk: added back to every net)
    # Prices per final hand, kept with the profile across calls (settle_box is slow).
    nets: dict[tuple[int, int], dict[str, NDArray[np.float64]]] = field(default_factory=dict)
    by_strength: NDArray[np.float64] | None = None  # see strength_nets
    menus: dict[tuple[int, _Moment], list[_Choice]] = field(default_factory=dict)  # see _choices


_CONTEXTS: dict[tuple[int, bool], _Context] = {}


def context(profile: StudProfile, seed: int, bonus: bool = False) -> _Context:
    """The tables and prices of ``profile`` (for a box that paid a BONUS fee, if
    ``bonus``: its protection is then in the play value), kept across calls."""
    key = (id(profile), bonus)
    known = _CONTEXTS.get(key)
    if known is None or known.profile is not profile:
        table = hand_table(tuple(range(52)), profile.ace_king)
        qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
        fee = (
            profile.bonus.fee(ANTE)
            if bonus and profile.bonus and profile.bonus.kind == "fee"
            else 0
        )
        known = _CONTEXTS[key] = _Context(profile, table, qualify, np.random.default_rng(), fee)
    known.rng = np.random.default_rng(seed)
    return known


def warm_up(profile: StudProfile) -> None:
    """Build the tables and price every five-card strength once (a few seconds),
    so that each later :func:`advise` call costs only its counting; twice where
    a box may pay a BONUS fee (its prices differ: protection, take half)."""
    strength_nets(context(profile, 0))
    if profile.bonus is not None and profile.bonus.kind == "fee":
        strength_nets(context(profile, 0, bonus=True))


# ------------------------------------------------------------ final decisions


def _final_nets(ctx: _Context, hand: BoxHand) -> dict[str, NDArray[np.float64]]:
    """Per final decision: nets per ANTE over the outcome classes."""
    key = (hand.main.value, hand.second.value if hand.second else -1)
    found = ctx.nets.get(key)
    if found is not None:
        return found
    p = ctx.profile
    back = ctx.bonus / ANTE
    played = BoxPlay(ANTE, True, hand, bonus=ctx.bonus)
    result = {
        "play": np.array([float(x) for x in class_nets(p, ctx.table, hand, ctx.qualify, played)])
    }
    spec = p.insurance
    if spec is not None and hand.main.category >= spec.min_hand:
        low = antes(spec.min_antes, ANTE)
        high = p.bet_antes * ANTE * coefficient(p, hand)
        for name, amount in (("insure max", high), ("insure min", low)):
            if low <= amount <= high:
                play = BoxPlay(ANTE, True, hand, insurance=amount)
                result[f"play, {name}"] = np.array(
                    [float(x) for x in class_nets(p, ctx.table, hand, ctx.qualify, play)]
                )
    result["fold"] = np.full(len(CLASSES), float(fold_net(p, hand)))
    result["play"] += back
    half = p.take_half
    open_half = half is not None and (ctx.bonus > 0 or not half.requires_bonus)
    if half is not None and open_half and hand.main.category >= half.min_hand:
        took = BoxPlay(ANTE, True, hand, took_half=True, bonus=ctx.bonus)
        nets = [float(x) for x in class_nets(p, ctx.table, hand, ctx.qualify, took)]
        possible = representatives(ctx.table, ctx.table.strength(hand.main.value), ctx.qualify)
        alike = {nets[CLASSES.index(name)] for name in possible}
        # Half the win whatever the dealer holds: the same net in every class
        # (the engine's settlement of each says so), exact without class shares.
        row = np.full(len(CLASSES), alike.pop()) if len(alike) == 1 else np.array(nets)
        result["take_half"] = row + back
    ctx.nets[key] = result
    return result


DECISIONS = ("fold", "play", "play, insure max", "play, insure min", "take_half")


def _as_array(nets: dict[str, NDArray[np.float64]]) -> NDArray[np.float64]:
    """One hand's nets as a [decision, class] array, NaN where a decision is not open."""
    out = np.full((len(DECISIONS), len(CLASSES)), np.nan)
    for name, row in nets.items():
        out[DECISIONS.index(name)] = row
    return out


def strength_nets(ctx: _Context) -> NDArray[np.float64]:
    """[strength, decision, class]: the nets of every five-card strength (one
    engine settlement per strength, class and decision, once per profile),
    NaN where a decision is not open."""
    if ctx.by_strength is None:
        ctx.by_strength = np.stack(
            [_as_array(_final_nets(ctx, evaluate(ctx.profile, cards)))
             for cards in ctx.table.examples.tolist()]
        )  # fmt: skip
    return ctx.by_strength


def _values(ctx: _Context, finals: NDArray[np.int64], strength: NDArray[np.int64],
            counts: NDArray[np.int64]) -> NDArray[np.float64]:  # fmt: skip
    """EV per ANTE of each final decision (-inf where not open) from the counts of
    dealer hands below the box's strength, up to it, below qualifying, and all."""
    below, upto, nq, total = counts.T
    nq_lower = np.minimum(below, nq)
    classes = np.stack(
        [
            nq_lower,
            nq - nq_lower,
            np.maximum(below - nq, 0),
            np.where(strength >= ctx.qualify, upto - below, 0),
            total - np.maximum(upto, nq),
        ],
        axis=1,
    ) / total[:, None].astype(np.float64)
    nets = strength_nets(ctx)[strength]  # [n, decisions, classes]
    # A six-card hand whose second combination is paid is priced on its own.
    if ctx.profile.second_combination and finals.shape[1] == 6:
        for i, cards in enumerate(finals.tolist()):
            hand = evaluate(ctx.profile, cards)
            if hand.second is not None:
                nets[i] = _as_array(_final_nets(ctx, hand))
    closed = np.isnan(nets[:, :, 0])
    nets[np.isnan(nets)] = 0.0
    out: NDArray[np.float64] = np.einsum("nc,ndc->nd", classes, nets)
    # A decision the dealer's hand cannot change (a fold: -1 ANTE) is worth its net
    # exactly, not a sum of class shares that rounds to -0.9999999999999999.
    flat = (nets == nets[:, :, :1]).all(axis=2)
    out = np.where(flat, nets[:, :, 0], out)
    out[closed] = -np.inf
    return out


def _strengths(ctx: _Context, finals: NDArray[np.int64]) -> NDArray[np.int64]:
    values = best_batch(finals.astype(np.uint8), ace_king=ctx.profile.ace_king)
    return np.searchsorted(ctx.table.values, values).astype(np.int64)


def final_values(
    ctx: _Context, finals: NDArray[np.int64], up: int, gone: NDArray[np.int64]
) -> NDArray[np.float64]:
    """EV per ANTE of each final decision (columns :data:`DECISIONS`, -inf where
    not open) for each row of ``finals`` (5 or 6 cards), ``gone`` per row; rows
    may hold unrelated hands (the general counting of :mod:`counting`)."""
    n = len(finals)
    strength = _strengths(ctx, finals)
    avoid = np.concatenate([finals, gone], axis=1) if gone.shape[1] else finals
    top = len(ctx.table.values)
    xs = np.stack([strength, strength + 1, np.full(n, ctx.qualify), np.full(n, top)], axis=1)
    counts = count_many(ctx.table, avoid, np.full(n, up, np.int64), xs)
    return _values(ctx, finals, strength, counts)


# ------------------------------------------------------------ improvements


Dealer = Completions | FewDraws  # how the dealer's hands of a situation are counted


@dataclass(frozen=True, slots=True)
class _Rows:
    """Boxes that went different ways from one situation: their cards, the cards
    drawn since (the dealer cannot hold those) and the cards given since."""

    cards: NDArray[np.int64]
    drawn: NDArray[np.int64]
    given: NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.cards)


def _rows_values(ctx: _Context, dealer: Dealer, rows: _Rows) -> NDArray[np.float64]:
    """:func:`final_values` for boxes of one situation, counted in its completions."""
    strength = _strengths(ctx, rows.cards)
    return _values(ctx, rows.cards, strength, dealer.count(rows.drawn, strength))


def _final_best(ctx: _Context, dealer: Dealer, rows: _Rows) -> NDArray[np.float64]:
    """The best final decision's EV per row (one compiled pass where every hand
    is priced by its strength alone)."""
    if isinstance(dealer, FewDraws) or (
        ctx.profile.second_combination and rows.cards.shape[1] == 6
    ):
        best: NDArray[np.float64] = np.max(_rows_values(ctx, dealer, rows), axis=1)
        return best
    return dealer.best_final(rows.drawn, _strengths(ctx, rows.cards), strength_nets(ctx))


def _pools(ctx: _Context, dealer: Dealer, rows: _Rows) -> tuple[NDArray[np.int64], int]:
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


def _draw_index(ctx: _Context, rows: int, pool: int, unseen: int, k: int,
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
    ctx: _Context, dealer: Dealer, rows: _Rows, give: tuple[int, ...], receive: int,
    nested: bool,
) -> tuple[_Rows, int, bool, NDArray[np.float64] | None]:  # fmt: skip
    """Every (or a sample of) draws after giving the cards at positions ``give``:
    the new rows, draws per row, exact or not, and the exact draws' weights
    (None: all alike)."""
    r, width = rows.cards.shape
    keep = [i for i in range(width) if i not in give]
    given = rows.cards[:, list(give)]
    all_given = np.concatenate([rows.given, given], axis=1)
    pool, unseen = _pools(ctx, dealer, _Rows(rows.cards, rows.drawn, all_given))
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
    return _Rows(hands, new_drawn, new_given), d, exact, weights


def _best(ctx: _Context, dealer: Dealer, rows: _Rows, m: _Moment) -> NDArray[np.float64]:
    """The best EV per row over every option (the rows share the moment)."""
    best: NDArray[np.float64] = np.max(
        np.stack([v for _, _, v, _ in _valued(ctx, dealer, rows, m, top=False)]), axis=0
    )
    return best


Valued = tuple[str, tuple[int, ...], NDArray[np.float64], tuple[bool, NDArray[np.float64]]]


def _choices(ctx: _Context, rows: _Rows, m: _Moment) -> list[_Choice]:
    """The improvements open to the rows (alike) at moment ``m`` (kept per context)."""
    width = rows.cards.shape[1]
    known = ctx.menus.get((width, m))
    if known is None:
        known = ctx.menus[(width, m)] = choices(ctx.profile, width, m)
    return known


def _in_one_pass(ctx: _Context, dealer: Dealer, rows: _Rows,
                 choices: list[_Choice]) -> NDArray[np.float64] | None:  # fmt: skip
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


def _valued(ctx: _Context, dealer: Dealer, rows: _Rows, m: _Moment,
            top: bool = True) -> list[Valued]:  # fmt: skip
    """Every option's (action, card positions, EV per row, (exact, per-row 99 %
    half width)); below the ``top`` level the final decisions come as their best."""
    r, width = rows.cards.shape
    result: list[Valued] = []
    none = (True, np.zeros(r))
    if m.must_discard:
        for give in combinations(range(width), m.must_discard):
            keep = [i for i in range(width) if i not in give]
            after = _Rows(rows.cards[:, keep], rows.drawn, rows.given)
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


def _most_drawn(p: StudProfile, rnd: int) -> int:
    """The most cards a box can still draw (from round ``rnd`` on)."""
    return sum(
        max([r.exchange_receive or n for n in r.exchange_counts] + [1 if r.sixth else 0])
        for r in p.improve[rnd:]
    )


def _options(ctx: _Context, s: Situation) -> list[Option]:
    levels = 0 if s.must_discard else _most_drawn(ctx.profile, s.round)
    seen = [*s.cards, *s.gone]
    dealer: Dealer = (
        completions(ctx.table, s.up, seen, ctx.qualify, levels)
        if levels > 1 or ctx.profile.reshuffle_discards
        else few_draws(ctx.table, s.up, seen, ctx.qualify)
    )
    rows = _Rows(np.array([s.cards], dtype=np.int64), np.zeros((1, 0), dtype=np.int64),
                 np.zeros((1, 0), dtype=np.int64))  # fmt: skip
    moment = _Moment(s.round, s.last_did, s.must_discard)
    result = []
    later = _later_note(ctx.profile)
    for act, give, ev, (exact, half) in _valued(ctx, dealer, rows, moment):
        named = tuple(s.cards[i] for i in give)
        note = later if act in ("exchange", "buy_sixth", "discard") else ""
        result.append(Option(act, named, float(ev[0]), exact, float(half[0]), note))
    if s.must_discard:
        return result
    return _around_show(ctx, dealer, s, result)


def _later_note(p: StudProfile) -> str:
    if p.buy_game is not None and p.buy_game.when == "after_show":
        return "after it, a no-game show counted as taking the ANTE (a lower bound)"
    if p.buy_game is not None:
        return "after it, buying a game before the show not counted (a lower bound)"
    return ""


def _around_show(ctx: _Context, dealer: Dealer, s: Situation,
                 options: list[Option]) -> list[Option]:  # fmt: skip
    """The play value with the better of taking the ANTE and buying a game after
    a no-game show; buying a game before it and taking half, where open."""
    p = ctx.profile
    hand = evaluate(p, s.cards)
    nets = _final_nets(ctx, hand)
    buy = p.buy_game
    result = list(options)
    if buy is not None:
        take = (float(nets["play"][0]), float(nets["play"][1]))
        sums = show_sums(p, ctx.table, dealer, hand, ctx.qualify, take, ctx.bonus)
        if buy.when == "after_show":
            delta = (sums.best - sums.take) / sums.total
            note = "after a no-game show: buy a game or take the ANTE"
            result = [
                replace(o, ev=o.ev + delta, note=note) if o.action == "play" else o for o in result
            ]
        else:
            bought = BoxPlay(ANTE, True, hand, bought_game=True, bonus=ctx.bonus)
            q = class_nets(p, ctx.table, hand, ctx.qualify, bought)[2:]
            qualified = sum(n * float(x) for n, x in zip(sums.qualified, q, strict=True))
            ev = (qualified + sums.buy) / sums.total + ctx.bonus / ANTE
            result.append(Option("buy_game", (), ev, note="buy a game now, then play"))
    return result


def _after_show(ctx: _Context, s: Situation) -> list[Option]:
    """Buy a game or take the ANTE, the dealer's five cards known (exact)."""
    seen = {*s.cards, *s.gone, *s.dealer}
    unseen = np.array([c for c in range(52) if c not in seen], dtype=np.int64)
    values = after_show(ctx.profile, evaluate(ctx.profile, s.cards), s.dealer, unseen)
    return [Option(name, (), ev) for name, ev in values.items()]


def advise(profile: StudProfile, situation: Situation, *, seed: int = 14) -> list[Option]:
    """Every option open to the box now with its EV per ANTE, best first."""
    ctx = context(profile, seed, situation.bonus)
    if situation.dealer:
        buy = profile.buy_game
        if buy is None or buy.when != "after_show":
            raise ValueError(f"{profile.id}: no game is bought after the show")
        options = _after_show(ctx, situation)
    else:
        options = _options(ctx, situation)
    return sorted(options, key=lambda o: (math.isnan(o.ev), -o.ev if not math.isnan(o.ev) else 0))


def play_value(profile: StudProfile, cards: Sequence[int], up: int,
               gone: Sequence[int] = ()) -> dict[str, float]:  # fmt: skip
    """EV per ANTE of each final decision open with ``cards`` against the up card ``up``."""
    ctx = context(profile, 0)
    g = np.array([list(gone)], dtype=np.int64).reshape(1, len(gone))
    values = final_values(ctx, np.array([list(cards)], dtype=np.int64), up, g)[0]
    return {name: float(v) for name, v in zip(DECISIONS, values, strict=True) if np.isfinite(v)}


def situation(profile: StudProfile, box: Sequence[int], up: int,
              after: Sequence[str] = ()) -> Situation:  # fmt: skip
    """The situation of a box holding ``box`` now, after the improvements ``after``
    (each ``"exchange <cards given>"``, ``"sixth"`` or ``"discard <cards>"``),
    replayed through the engine's improve functions to learn the round."""
    from croupier.cards.card import parse_cards

    moment = _Moment(0, "", 0)
    gone: list[int] = []
    for step in after:
        act, _, rest = step.strip().partition(" ")
        given = list(parse_cards(rest)) if rest.strip() else []
        state = _box(profile, list(range(5)), moment.rnd, moment.last_did, moment.must_discard)
        if act == "exchange":
            if improve.open_round(profile, state) is None:
                raise ValueError(f"{step!r}: no exchange is open at that point")
            moment = _after(profile, moment, 5, "exchange", len(given))
        elif act in ("sixth", "buy_sixth"):
            moment = _after(profile, moment, 5, "buy_sixth", 0)
        elif act == "discard":
            if not moment.must_discard:
                raise ValueError(f"{step!r}: no card is owed back at that point")
            nxt = improve.discard(profile, state, tuple(range(len(given))), Deck.scripted({}))[0]
            moment = _Moment(nxt.round, nxt.last_did, 0)
        else:
            raise ValueError(f"{step!r}: expected 'exchange CARDS', 'sixth' or 'discard CARDS'")
        gone += given
    return Situation(tuple(box), up, moment.rnd, moment.last_did, tuple(gone), moment.must_discard)


def situation_of(state: StudState, box: int) -> Situation:
    """What the owner of ``box`` knows in a live round, as a :class:`Situation`:
    its own cards and the cards it gave away, the dealer's shown card (all five
    after a no-game show), where it is in the rounds, whether it paid a BONUS.
    Nothing else of ``state`` is read: no hidden card reaches the advice."""
    found = next((b for b in state.boxes if b.box == box), None)
    if found is None:
        raise ValueError(f"no box {box} in this round")
    gone = tuple(c for c in found.discards if c not in found.cards)
    after = state.phase is Phase.AFTER_SHOW
    return Situation(
        found.cards, state.shown_card, found.round, found.last_did, gone, found.must_discard,
        bonus=found.bonus > 0, dealer=tuple(state.dealer) if after else (),
    )  # fmt: skip
