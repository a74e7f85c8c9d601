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

This module is the situation and its options; the value of a final hand is
:mod:`croupier.math.stud.finals`, the averaging over draws
:mod:`croupier.math.stud.draws`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from croupier.cards.card import format_cards
from croupier.cards.deck import Deck
from croupier.games.stud import improve
from croupier.games.stud.payout import BoxPlay, evaluate
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import Phase, StudState
from croupier.math.stud import menu
from croupier.math.stud.completions import completions, few_draws
from croupier.math.stud.draws import Dealer, Rows, most_drawn, valued
from croupier.math.stud.finals import (
    DECISIONS,
    Context,
    context,
    final_nets,
    final_values,
    strength_nets,
    warm_up,
)
from croupier.math.stud.menu import Moment, box_state
from croupier.math.stud.outcomes import ANTE, class_nets
from croupier.math.stud.show import after_show, show_sums

__all__ = [
    "DECISIONS",
    "Option",
    "Situation",
    "advise",
    "context",
    "final_values",
    "play_value",
    "situation",
    "situation_of",
    "strength_nets",
    "warm_up",
]


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


def _options(ctx: Context, s: Situation) -> list[Option]:
    levels = 0 if s.must_discard else most_drawn(ctx.profile, s.round)
    seen = [*s.cards, *s.gone]
    dealer: Dealer = (
        completions(ctx.table, s.up, seen, ctx.qualify, levels)
        if levels > 1 or ctx.profile.reshuffle_discards
        else few_draws(ctx.table, s.up, seen, ctx.qualify)
    )
    rows = Rows(np.array([s.cards], dtype=np.int64), np.zeros((1, 0), dtype=np.int64),
                 np.zeros((1, 0), dtype=np.int64))  # fmt: skip
    moment = Moment(s.round, s.last_did, s.must_discard)
    result = []
    later = _later_note(ctx.profile)
    for act, give, ev, (exact, half) in valued(ctx, dealer, rows, moment):
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


def _around_show(ctx: Context, dealer: Dealer, s: Situation,
                 options: list[Option]) -> list[Option]:  # fmt: skip
    """The play value with the better of taking the ANTE and buying a game after
    a no-game show; buying a game before it and taking half, where open."""
    p = ctx.profile
    hand = evaluate(p, s.cards)
    nets = final_nets(ctx, hand)
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


def _after_show(ctx: Context, s: Situation) -> list[Option]:
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

    moment = Moment(0, "", 0)
    gone: list[int] = []
    for step in after:
        act, _, rest = step.strip().partition(" ")
        given = list(parse_cards(rest)) if rest.strip() else []
        state = box_state(profile, list(range(5)), moment.rnd, moment.last_did, moment.must_discard)
        if act == "exchange":
            if improve.open_round(profile, state) is None:
                raise ValueError(f"{step!r}: no exchange is open at that point")
            moment = menu.after(profile, moment, 5, "exchange", len(given))
        elif act in ("sixth", "buy_sixth"):
            moment = menu.after(profile, moment, 5, "buy_sixth", 0)
        elif act == "discard":
            if not moment.must_discard:
                raise ValueError(f"{step!r}: no card is owed back at that point")
            nxt = improve.discard(profile, state, tuple(range(len(given))), Deck.scripted({}))[0]
            moment = Moment(nxt.round, nxt.last_did, 0)
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
