"""[000]'s BONUS: the price of the options it opens, for a box that never improves.

In six-card All-In-One the BONUS is a fee (10 % of the ANTE, kept by the house
whatever happens) that opens two options on the box (RULES.md §1.7, decided):
**taking half** of what a straight or better would win, and **straight-flush
protection** (half the win where a straight flush would not win in full). The
BONUS is worth what those options add to the best play, less its fee.

What is computed here, exactly (a rational number): the box keeps the five
cards it was dealt (never improves) and takes its best final decision with
the dealer's up card known (fold, play, buy a game before the show, take half
where open), once with the BONUS and once without; the BONUS's return is the
difference, per unit of BONUS staked. Every deal counts: each of the
C(n, 5) x (n - 5) (five cards, up card) deals, every dealer completion and,
for a bought game, every card the dealer can draw. Only hands where an option
opens (a straight or better) differ; the rest lose the fee.

How: per canonical five-card hand (suit symmetry) one compiled walk over every
dealer hand of the other cards counts, for every up card at once, the dealer
hands in each outcome class against the box's hand and, for those without a
game, every card a bought game can draw (:func:`croupier.math.stud.show.bought_counts`,
the advisor's count). The classes are priced by the engine's own settlement
(:func:`croupier.games.stud.payout.settle_box` through
:func:`croupier.math.stud.outcomes.class_nets` and
:func:`croupier.math.stud.show.bought_class_nets`), in minor units, at any
ANTE and table maximum: the figures come without a cap and at each limit
tier's smallest and largest ANTE. The walk is skipped for a hand where
taking half never beats playing at any of those prices and no protection
applies: buying a game cannot change what the BONUS adds there.

Not computed: the BONUS's price in the optimal game, where improving (two
rounds, a 6th card) also makes straights and straight flushes. That needs
the optimum of the whole game with and without the BONUS (the improvement
run, not done for this profile): the options add more there (e.g. drawing
to a straight flush is worth more with protection).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.stud.payout import BoxHand, BoxPlay, evaluate
from croupier.games.stud.profile import StudProfile
from croupier.math.analyze import Figure
from croupier.math.stud.completions import class_shares
from croupier.math.stud.counting import (
    BINOM,
    HandTable,
    canonical_of,
    count_many,
    hand_table,
    others_of,
)
from croupier.math.stud.outcomes import (
    ANTE,
    CLASSES,
    NO_CAP,
    class_nets,
    net,
    representatives,
    show,
)
from croupier.math.stud.show import bought_class_nets, bought_counts
from croupier.poker.batch import all_hands, best_batch
from croupier.poker.hand import CATEGORY_BASE, Category
from croupier.poker.tables import cache_dir

OPTIONS = ("fold", "play", "buy_game", "take_half")
VERSION = "v1"  # of the cached figures' meaning


@numba.njit(cache=True, nogil=True)
def _by_up(hand: Any, n: int, rank_of: Any, fours: Any, binom: Any, qualify: int, s: int,
           drop_highest: bool, out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Every dealer hand of the ``n``-card deck (local cards, ascending) without
    the box's five ``hand``, added to the row of each of its five cards (the up
    card): out[u, 0..4] the hands in each class of
    :data:`~croupier.math.stud.outcomes.CLASSES` against the box's strength
    ``s``; out[u, 5..8] over the hands without a game, the
    cards a bought game can draw in each class of
    :data:`~croupier.math.stud.show.BOUGHT` (the dealer drops its highest or
    lowest card and draws one of the cards neither it nor the box holds)."""
    rest = np.empty(n - 5, dtype=np.int64)
    m = others_of(hand, n, rest)
    five = np.empty(5, dtype=np.int64)
    kept = np.empty(5, dtype=np.int64)
    removed = np.empty(6, dtype=np.int64)
    removed[:5] = hand
    length = n - 4
    for a in range(m):
        five[0] = rest[a]
        ia = binom[rest[a], 1]
        for b in range(a + 1, m):
            five[1] = rest[b]
            ib = ia + binom[rest[b], 2]
            for c in range(b + 1, m):
                five[2] = rest[c]
                ic = ib + binom[rest[c], 3]
                for d in range(c + 1, m):
                    five[3] = rest[d]
                    idd = ic + binom[rest[d], 4]
                    for e in range(d + 1, m):
                        five[4] = rest[e]
                        dealer = rank_of[idd + binom[rest[e], 5]]
                        if dealer >= qualify:
                            k = 2 if dealer < s else (3 if dealer == s else 4)
                            for i in range(5):
                                out[five[i], k] += 1
                            continue
                        k = 0 if dealer < s else 1
                        for i in range(5):
                            out[five[i], k] += 1
                        if drop_highest:
                            kept[:4] = five[:4]
                            removed[5] = five[4]
                        else:
                            kept[:4] = five[1:]
                            removed[5] = five[0]
                        none, lower, tie, higher = bought_counts(
                            kept, removed, rank_of, fours, binom, qualify, s, length
                        )
                        for i in range(5):
                            out[five[i], 5] += none
                            out[five[i], 6] += lower
                            out[five[i], 7] += tie
                            out[five[i], 8] += higher


@dataclass(frozen=True, slots=True)
class Prices:
    """An ANTE (minor units) and the table's maximum payout the options are priced at."""

    label: str
    ante: int = ANTE
    max_payout: int = NO_CAP


@dataclass(frozen=True, slots=True)
class _Nets:
    """Per strength: every option's net in minor units, per class (see :func:`_nets`)."""

    fold: int
    play: tuple[int, ...]  # per class of CLASSES
    buy: tuple[int, ...]  # qualifying classes (lower, tie, higher), then BOUGHT
    half: int | None  # None: not open


def _minor(x: Fraction, ante: int) -> int:
    value = x * ante
    if value.denominator != 1:
        raise ValueError(f"a net of {x} ANTE is not whole minor units at an ANTE of {ante}")
    return int(value)


def _nets(profile: StudProfile, table: HandTable, qualify: int, hand: BoxHand, prices: Prices,
          bonus: bool) -> _Nets:  # fmt: skip
    """The engine's settlement of each option of a box holding ``hand`` in each
    class, at ``prices``, with or without the BONUS fee paid."""
    a, cap = prices.ante, prices.max_payout
    spec = profile.bonus
    fee = spec.fee(a) if bonus and spec is not None and spec.kind == "fee" else 0

    def per_class(play: BoxPlay) -> list[int]:
        return [_minor(x, a) for x in class_nets(profile, table, hand, qualify, play, cap)]

    fold = _minor(net(profile, BoxPlay(a, False, hand, bonus=fee), show(profile, hand), cap), a)
    play = per_class(BoxPlay(a, True, hand, bonus=fee))
    bought = BoxPlay(a, True, hand, bought_game=True, bonus=fee)
    buy = per_class(bought)[2:] + [
        _minor(x, a) for x in bought_class_nets(profile, table, qualify, bought, cap)
    ]
    half = None
    option = profile.take_half
    if (option is not None and hand.main.category >= option.min_hand
            and (fee or not option.requires_bonus)):  # fmt: skip
        possible = representatives(table, table.strength(hand.main.value), qualify)
        nets = per_class(BoxPlay(a, True, hand, took_half=True, bonus=fee))
        halves = {x for x, c in zip(nets, CLASSES, strict=True) if c in possible}
        if len(halves) != 1:
            raise ValueError("taking half should not depend on the dealer's hand")
        half = halves.pop()
    return _Nets(fold, tuple(play), tuple(buy), half)


def _values(nets: _Nets, counts: NDArray[np.int64], total: int, pool: int,
            walked: bool) -> NDArray[np.int64]:  # fmt: skip
    """[up card, option of OPTIONS]: each option's value in minor units times
    ``total * pool`` (exact integers); buying -2^62 where not walked."""
    low = -(2**62)
    out = np.full((len(counts), len(OPTIONS)), low, dtype=np.int64)
    out[:, 0] = nets.fold * total * pool
    out[:, 1] = pool * (counts[:, :5] @ np.array(nets.play, dtype=np.int64))
    if walked:
        out[:, 2] = pool * (counts[:, 2:5] @ np.array(nets.buy[:3], dtype=np.int64)) + counts[
            :, 5:9
        ] @ np.array(nets.buy[3:], dtype=np.int64)
    if nets.half is not None:
        out[:, 3] = nets.half * total * pool
    return out


@dataclass(frozen=True, slots=True)
class PriceFigures:
    """The BONUS at one price: the options' value and what the BONUS returns."""

    prices: Prices
    fee: Fraction  # the BONUS per ANTE
    value: Fraction  # what the options add per ANTE (each deal's best with less without)
    take_half: Fraction  # P(taking half is the best decision)
    by_hand: dict[str, tuple[Fraction, Fraction, Fraction]]  # hand: P(dealt), value, P(half)

    @property
    def ret(self) -> Fraction:
        """The BONUS's net result per unit staked on it."""
        return self.value / self.fee - 1


@dataclass(frozen=True, slots=True)
class BonusPrice:
    figures: tuple[PriceFigures, ...]  # the first one uncapped
    walked: int  # canonical hands walked (of ``hands``)
    hands: int


def option_hands(profile: StudProfile, deck: tuple[int, ...],
                  lowest: Category) -> tuple[NDArray[np.int64], NDArray[np.int64]]:  # fmt: skip
    """The five-card hands (local cards) of ``deck`` of ``lowest`` or better, one per
    class of suit symmetry on the full deck, and how many hands each stands for."""
    n = len(deck)
    hands = all_hands(5, deck=n).astype(np.int64)
    codes = np.array(deck, dtype=np.uint8)[hands]
    keep = best_batch(codes, ace_king=profile.ace_king) >= int(lowest) * CATEGORY_BASE
    hands = hands[keep]
    if n != 52:
        return hands, np.ones(len(hands), dtype=np.int64)
    return canonical_of(hands)


def _classes(table: HandTable, hand: NDArray[np.int64], ups: NDArray[np.int64], s: int,
             qualify: int) -> NDArray[np.int64]:  # fmt: skip
    """[up card, class of CLASSES]: the dealer's hands of each class against the box
    holding ``hand`` (strength ``s``) when it shows each of ``ups`` (inclusion-exclusion
    over the box's cards, :func:`~croupier.math.stud.counting.count_many`)."""
    rows = len(ups)
    xs = np.tile(np.array([s, s + 1, qualify, len(table.values)], dtype=np.int64), (rows, 1))
    counted = count_many(table, np.tile(hand, (rows, 1)), ups, xs).tolist()
    out = np.zeros((rows, 9), dtype=np.int64)
    out[:, :5] = [class_shares(s, below, upto, nq, every, qualify)
                  for below, upto, nq, every in counted]  # fmt: skip
    return out


def hand_counts(profile: StudProfile, table: HandTable, qualify: int, deck: tuple[int, ...],
                hand: NDArray[np.int64],
                screen: Callable[[BoxHand], list[_Nets]] | None = None,
                ) -> tuple[BoxHand, NDArray[np.int64], bool]:  # fmt: skip
    """For a box dealt ``hand`` (local cards of the sorted ``deck``), per up card
    (ascending, the box's cards left out): the dealer's hands in each outcome
    class, and (where walked) the cards a bought game draws in each class of
    BOUGHT; whether it was walked: always without a ``screen``, else only where
    buying a game can change what the BONUS adds at one of the prices whose
    nets with the BONUS ``screen`` gives (taking half beats playing somewhere)."""
    n = len(deck)
    total, pool = comb(n - 6, 4), n - 10
    box = evaluate(profile, [deck[i] for i in hand.tolist()])
    s = table.strength(box.main.value)
    ups = np.array([c for c in range(n) if c not in set(hand.tolist())], dtype=np.int64)
    counts = _classes(table, hand, ups, s, qualify)
    option = profile.protection
    walk = screen is None or (option is not None and box.main.category >= option.min_hand)
    if not walk:
        assert screen is not None
        for nets in screen(box):
            v = _values(nets, counts, total, pool, False)
            walk = walk or bool((v[:, 3] > v[:, 1]).any())
    if not walk:
        return box, counts, False
    assert profile.buy_game is not None
    every = np.zeros((n, 9), dtype=np.int64)
    _by_up(hand, n, table.rank_of, table.fours, BINOM, qualify, s,
           profile.buy_game.drop == "highest", every)  # fmt: skip
    every = every[ups]
    # two countings of the dealer's hands, one by inclusion-exclusion, must agree
    if not (every[:, :5] == counts[:, :5]).all():
        raise AssertionError("the walk and the counting disagree on the dealer's hands")
    if not (every[:, 5:].sum(axis=1) == (every[:, 0] + every[:, 1]) * pool).all():
        raise AssertionError("a bought game's draws do not add up")
    return box, every, True


def deal_values(profile: StudProfile, cards: Sequence[int], up: int,
                prices: Prices = Prices("no cap")) -> dict[bool, dict[str, Fraction]]:  # fmt: skip
    """Per BONUS paid or not: the value per ANTE of each final decision open to a box
    dealt ``cards`` (full deck, never improving) against the up card ``up``."""
    table = hand_table(tuple(range(52)), profile.ace_king)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    hand = np.array(sorted(cards), dtype=np.int64)
    box, counts, _ = hand_counts(profile, table, qualify, tuple(range(52)), hand)
    row = [c for c in range(52) if c not in cards].index(up)
    scale = comb(46, 4) * 42 * prices.ante
    out = {}
    for bonus in (False, True):
        values = _values(_nets(profile, table, qualify, box, prices, bonus), counts, comb(46, 4),
                         42, True)[row]  # fmt: skip
        out[bonus] = {o: Fraction(int(v), scale) for o, v in zip(OPTIONS, values, strict=True)
                      if v > -(2**62)}  # fmt: skip
    return out


def bonus_price(profile: StudProfile, prices: tuple[Prices, ...] = (Prices("no cap"),),
                deck: tuple[int, ...] = tuple(range(52)),
                progress: Callable[[int, int], None] | None = None,
                ) -> BonusPrice | None:  # fmt: skip
    """The BONUS fee's options valued exactly at each of ``prices`` for a box that
    never improves (None where the profile's BONUS is not a fee opening options);
    ``progress(done, hands)`` is told after each canonical hand."""
    spec = profile.bonus
    opened = [o for o in (profile.take_half, profile.protection) if o is not None]
    if spec is None or spec.kind != "fee" or not opened or profile.buy_game is None:
        return None
    if profile.buy_game.when != "before_show":
        raise ValueError("the BONUS's price is computed for a game bought before the show")
    deck = tuple(sorted(deck))
    n = len(deck)
    if n < 11:
        raise ValueError("a bought game needs a card left to draw: a deck of 11 cards or more")
    table = hand_table(deck, profile.ace_king)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    hands, weights = option_hands(profile, deck, min(o.min_hand for o in opened))
    total, pool = comb(n - 6, 4), n - 10
    deals = comb(n, 5) * (n - 5)
    value = dict.fromkeys(prices, 0)
    halves = dict.fromkeys(prices, 0)
    by_hand: dict[Prices, dict[str, list[int]]] = {p: {} for p in prices}
    walked = 0
    known: dict[tuple[int, int, Prices, bool], _Nets] = {}

    def nets_of(box: BoxHand, p: Prices, bonus: bool) -> _Nets:
        key = (box.main.value, -1 if box.second is None else box.second.value, p, bonus)
        if key not in known:
            known[key] = _nets(profile, table, qualify, box, p, bonus)
        return known[key]

    for done, (hand, weight) in enumerate(zip(hands, weights.tolist(), strict=True)):
        if progress is not None:
            progress(done, len(hands))
        screen = lambda b: [nets_of(b, p, True) for p in prices]  # noqa: E731
        box, counts, walk = hand_counts(profile, table, qualify, deck, hand, screen)
        walked += walk
        nets = {(p, b): nets_of(box, p, b) for p in prices for b in (False, True)}
        name = box.main.category.label
        for p in prices:
            with_ = _values(nets[(p, True)], counts, total, pool, walk)
            without = _values(nets[(p, False)], counts, total, pool, walk)
            # the BONUS fee is in every option's net with it: the options add gain + fee
            gain = with_.max(axis=1) - without.max(axis=1) + spec.fee(p.ante) * total * pool
            added = int(gain.sum()) * weight
            half = int((with_[:, 3] > with_[:, :3].max(axis=1)).sum()) * weight
            value[p] += added
            halves[p] += half
            row = by_hand[p].setdefault(name, [0, 0, 0])
            row[0] += weight
            row[1] += added
            row[2] += half
    out = []
    for p in prices:
        scale = deals * total * pool * p.ante
        out.append(PriceFigures(
            p, Fraction(spec.fee(p.ante), p.ante), Fraction(value[p], scale),
            Fraction(halves[p], deals),
            {name: (Fraction(k, comb(n, 5)), Fraction(v, scale), Fraction(h, deals))
             for name, (k, v, h) in by_hand[p].items()},
        ))  # fmt: skip
    return BonusPrice(tuple(out), walked, len(hands))


def _to_json(found: BonusPrice) -> dict[str, Any]:
    return {
        "walked": found.walked, "hands": found.hands,
        "figures": [
            {"label": f.prices.label, "ante": f.prices.ante, "max_payout": f.prices.max_payout,
             "fee": str(f.fee), "value": str(f.value), "take_half": str(f.take_half),
             "by_hand": {k: [str(x) for x in v] for k, v in f.by_hand.items()}}
            for f in found.figures
        ],
    }  # fmt: skip


def _from_json(data: dict[str, Any]) -> BonusPrice:
    figures = tuple(
        PriceFigures(
            Prices(f["label"], f["ante"], f["max_payout"]), Fraction(f["fee"]),
            Fraction(f["value"]), Fraction(f["take_half"]),
            {k: (Fraction(a), Fraction(b), Fraction(c)) for k, (a, b, c) in f["by_hand"].items()},
        )
        for f in data["figures"]
    )  # fmt: skip
    return BonusPrice(figures, data["walked"], data["hands"])


def cache_path(profile: StudProfile, prices: tuple[Prices, ...]) -> Path:
    """Where the full deck's figures of ``profile`` at ``prices`` are kept (by the
    profile's content hash and the prices: a changed setting or tier is a new file)."""
    from croupier.math.stud.strategy import content_hash

    key = hashlib.sha256(repr(prices).encode()).hexdigest()[:12]
    return cache_dir() / "stud-bonus-price" / f"{content_hash(profile)}-{key}-{VERSION}.json"


def cached_bonus_price(profile: StudProfile, prices: tuple[Prices, ...],
                       progress: Callable[[int, int], None] | None = None,
                       ) -> BonusPrice | None:  # fmt: skip
    """:func:`bonus_price` on the full deck, from the disk cache or computed and
    kept there (~10 CPU-minutes: a walk over 1.5 million dealer hands for each
    hand where a bought game matters)."""
    path = cache_path(profile, prices)
    with contextlib.suppress(OSError, ValueError, KeyError):
        return _from_json(json.loads(path.read_text()))
    found = bonus_price(profile, prices, progress=progress)
    if found is not None:
        # An unwritable cache costs time, not figures.
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(_to_json(found)))
            os.replace(tmp, path)
    return found


def tier_prices() -> tuple[Prices, ...]:
    """No cap, then each of the casino's limit tiers at its smallest and largest ANTE."""
    from croupier.math.par import casino_tiers

    out = [Prices("no table cap")]
    for t in casino_tiers():
        for end, ante in (("smallest", t.limits.min_stake), ("largest", t.limits.max_stake)):
            out.append(Prices(f"tier {t.name}, {end} ANTE", ante, t.limits.max_payout))
    return tuple(out)


WHAT = (
    "the box never improves (its five as dealt) and takes its best final decision with "
    "the up card known (fold, play, buy a game before the show, take half), with the "
    "BONUS and without; every deal counted exactly"
)


def section(profile: StudProfile, deck: tuple[int, ...] = tuple(range(52))
            ) -> tuple[list[Figure], dict[str, list[dict[str, Any]]]]:  # fmt: skip
    """[000]'s BONUS in the report: figures (uncapped) and a table per price (the
    full deck's from the disk cache, computed there first when missing)."""
    prices = tier_prices()
    found = (
        cached_bonus_price(profile, prices)
        if len(deck) == 52
        else bonus_price(profile, prices, deck)
    )
    if found is None:
        return [], {}
    first = found.figures[0]
    name = "BONUS fee for take-half and protection, never improving"
    figures = [
        Figure(f"{name}: BONUS per ANTE", float(first.fee), first.fee, "10 % of the ANTE"),
        Figure(f"{name}: value of its options per ANTE", float(first.value), first.value, WHAT),
        Figure(f"{name}: return per unit of BONUS", float(first.ret), first.ret, WHAT),
        Figure(f"{name}: house edge per unit of BONUS", float(-first.ret), -first.ret,
               f"{-100 * float(first.ret):.4f} %"),
        Figure(f"{name}: P(taking half is the best decision)", float(first.take_half),
               first.take_half, WHAT),
    ]  # fmt: skip
    for f in found.figures[1:3]:  # the casino's default tier (the PAR sheet has every tier)
        note = f"ANTE {f.prices.ante}, maximum payout {f.prices.max_payout} (minor units)"
        figures.append(Figure(f"{name}: return per unit of BONUS at {f.prices.label}",
                              float(f.ret), f.ret, note))  # fmt: skip
    tables: dict[str, list[dict[str, Any]]] = {
        f"{name}: by the box's hand (no table cap)": [
            {"hand": hand, "probability": float(p), "value of the options per ANTE": float(v),
             "P(taking half is best)": float(h), "exact value": str(v)}
            for hand, (p, v, h) in first.by_hand.items()
        ],
        f"{name}: at the casino's limits": [
            {"price": f.prices.label, "ANTE": f.prices.ante if f.prices.ante != ANTE else "",
             "maximum payout": f.prices.max_payout if f.prices.max_payout != NO_CAP else "",
             "BONUS per ANTE": float(f.fee), "value of the options per ANTE": float(f.value),
             "return per unit of BONUS": float(f.ret), "exact return": str(f.ret),
             "P(taking half is best)": float(f.take_half)}
            for f in found.figures
        ],
    }  # fmt: skip
    return figures, tables
