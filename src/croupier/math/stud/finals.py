"""The value of a final hand: every final decision's EV per ANTE.

A box about to make its final decision (fold, play, insure at either end of
its range, take half) wins, against a dealer whose hidden cards are unknown,
the count of dealer hands in each outcome class
(:mod:`croupier.math.stud.outcomes`) times the engine's price of that class.
The prices of every five-card strength are settled once per profile (a few
seconds) and kept in a :class:`Context` across calls; the counts come from
the general counting of :mod:`croupier.math.stud.counting` or a situation's
completions (:mod:`croupier.math.stud.completions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from croupier.games.common.antes import antes
from croupier.games.stud.payout import BoxHand, BoxPlay, coefficient, evaluate
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.counting import HandTable, count_many, hand_table
from croupier.math.stud.menu import Choice, Moment
from croupier.math.stud.outcomes import (
    ANTE,
    CLASSES,
    class_nets,
    fold_net,
    representatives,
    show,
    staked,
)
from croupier.poker.batch import best_batch
from croupier.poker.hand import CATEGORY_BASE


@dataclass
class Context:
    profile: StudProfile
    table: HandTable
    qualify: int
    rng: np.random.Generator
    bonus: int  # the BONUS fee the box paid (sunk: added back to every net)
    # Prices per final hand, kept with the profile across calls (settle_box is slow).
    nets: dict[tuple[int, int], dict[str, NDArray[np.float64]]] = field(default_factory=dict)
    by_strength: NDArray[np.float64] | None = None  # see strength_nets
    stakes: NDArray[np.float64] | None = None  # see strength_stakes
    menus: dict[tuple[int, Moment], list[Choice]] = field(default_factory=dict)  # draws._choices


_CONTEXTS: dict[tuple[int, bool], Context] = {}


def context(profile: StudProfile, seed: int, bonus: bool = False) -> Context:
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
        known = _CONTEXTS[key] = Context(profile, table, qualify, np.random.default_rng(), fee)
    known.rng = np.random.default_rng(seed)
    return known


def deck_context(profile: StudProfile, deck: Sequence[int]) -> Context:
    """The tables and prices of ``profile`` on a short ``deck`` (checks: every
    deal of a few cards can be counted by hand), kept by the caller."""
    table = hand_table(tuple(deck), profile.ace_king)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    return Context(profile, table, qualify, np.random.default_rng(0), 0)


def warmed(profile: StudProfile) -> bool:
    """Whether ``profile``'s tables and prices are built (:func:`warm_up`)."""
    known = _CONTEXTS.get((id(profile), False))
    return known is not None and known.profile is profile and known.by_strength is not None


def warm_up(profile: StudProfile) -> None:
    """Build the tables and price every five-card strength once (a few seconds),
    so that each later :func:`advise` call costs only its counting; twice where
    a box may pay a BONUS fee (its prices differ: protection, take half)."""
    strength_nets(context(profile, 0))
    if profile.bonus is not None and profile.bonus.kind == "fee":
        strength_nets(context(profile, 0, bonus=True))


def decision_plays(ctx: Context, hand: BoxHand) -> dict[str, BoxPlay]:
    """Each final decision open to a box holding ``hand``, as the engine's ``BoxPlay``."""
    p = ctx.profile
    plays = {"play": BoxPlay(ANTE, True, hand, bonus=ctx.bonus)}
    spec = p.insurance
    if spec is not None and hand.main.category >= spec.min_hand:
        low = antes(spec.min_antes, ANTE)
        high = p.bet_antes * ANTE * coefficient(p, hand)
        for name, amount in (("insure max", high), ("insure min", low)):
            if low <= amount <= high:
                plays[f"play, {name}"] = BoxPlay(ANTE, True, hand, insurance=amount)
    plays["fold"] = BoxPlay(ANTE, False, hand)
    half = p.take_half
    open_half = half is not None and (ctx.bonus > 0 or not half.requires_bonus)
    if half is not None and open_half and hand.main.category >= half.min_hand:
        plays["take_half"] = BoxPlay(ANTE, True, hand, took_half=True, bonus=ctx.bonus)
    return plays


def final_nets(ctx: Context, hand: BoxHand) -> dict[str, NDArray[np.float64]]:
    """Per final decision: nets per ANTE over the outcome classes."""
    key = (hand.main.value, hand.second.value if hand.second else -1)
    found = ctx.nets.get(key)
    if found is not None:
        return found
    p = ctx.profile
    back = ctx.bonus / ANTE
    result = {}
    for name, play in decision_plays(ctx, hand).items():
        if name == "fold":
            result[name] = np.full(len(CLASSES), float(fold_net(p, hand)))
            continue
        nets = [float(x) for x in class_nets(p, ctx.table, hand, ctx.qualify, play)]
        if name == "take_half":
            possible = representatives(ctx.table, ctx.table.strength(hand.main.value), ctx.qualify)
            alike = {nets[CLASSES.index(c)] for c in possible}
            # Half the win whatever the dealer holds: the same net in every class
            # (the engine's settlement of each says so), exact without class shares.
            if len(alike) == 1:
                nets = [alike.pop()] * len(CLASSES)
        # the BONUS fee is sunk: added back to what playing returns
        result[name] = np.array(nets) + (back if name in ("play", "take_half") else 0.0)
    ctx.nets[key] = result
    return result


def strength_stakes(ctx: Context) -> NDArray[np.float64]:
    """[strength, decision]: what a box staked per ANTE by the end of the round
    (ANTE, BET, insurance) for each final decision, NaN where not open: the
    engine's settlement of each strength's example hand (the dealer's hand
    changes what comes back, never what was staked)."""
    if ctx.stakes is None:
        out = np.full((len(ctx.table.examples), len(DECISIONS)), np.nan)
        for s, cards in enumerate(ctx.table.examples.tolist()):
            hand = evaluate(ctx.profile, cards)
            dealer = show(ctx.profile, hand)
            for name, play in decision_plays(ctx, hand).items():
                out[s, DECISIONS.index(name)] = float(staked(ctx.profile, play, dealer))
        ctx.stakes = out
    return ctx.stakes


DECISIONS = ("fold", "play", "play, insure max", "play, insure min", "take_half")


def _as_array(nets: dict[str, NDArray[np.float64]]) -> NDArray[np.float64]:
    """One hand's nets as a [decision, class] array, NaN where a decision is not open."""
    out = np.full((len(DECISIONS), len(CLASSES)), np.nan)
    for name, row in nets.items():
        out[DECISIONS.index(name)] = row
    return out


def strength_nets(ctx: Context) -> NDArray[np.float64]:
    """[strength, decision, class]: the nets of every five-card strength (one
    engine settlement per strength, class and decision, once per profile),
    NaN where a decision is not open."""
    if ctx.by_strength is None:
        ctx.by_strength = np.stack(
            [_as_array(final_nets(ctx, evaluate(ctx.profile, cards)))
             for cards in ctx.table.examples.tolist()]
        )  # fmt: skip
    return ctx.by_strength


def decision_values(ctx: Context, finals: NDArray[np.int64], strength: NDArray[np.int64],
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
                nets[i] = _as_array(final_nets(ctx, hand))
    closed = np.isnan(nets[:, :, 0])
    nets[np.isnan(nets)] = 0.0
    out: NDArray[np.float64] = np.einsum("nc,ndc->nd", classes, nets)
    # A decision the dealer's hand cannot change (a fold: -1 ANTE) is worth its net
    # exactly, not a sum of class shares that rounds to -0.9999999999999999.
    flat = (nets == nets[:, :, :1]).all(axis=2)
    out = np.where(flat, nets[:, :, 0], out)
    out[closed] = -np.inf
    return out


def strengths(ctx: Context, finals: NDArray[np.int64]) -> NDArray[np.int64]:
    values = best_batch(finals.astype(np.uint8), ace_king=ctx.profile.ace_king)
    return np.searchsorted(ctx.table.values, values).astype(np.int64)


def final_values(
    ctx: Context, finals: NDArray[np.int64], up: int, gone: NDArray[np.int64]
) -> NDArray[np.float64]:
    """EV per ANTE of each final decision (columns :data:`DECISIONS`, -inf where
    not open) for each row of ``finals`` (5 or 6 cards), ``gone`` per row; rows
    may hold unrelated hands (the general counting of :mod:`counting`)."""
    n = len(finals)
    strength = strengths(ctx, finals)
    avoid = np.concatenate([finals, gone], axis=1) if gone.shape[1] else finals
    top = len(ctx.table.values)
    xs = np.stack([strength, strength + 1, np.full(n, ctx.qualify), np.full(n, top)], axis=1)
    counts = count_many(ctx.table, avoid, np.full(n, up, np.int64), xs)
    return decision_values(ctx, finals, strength, counts)
