"""Where a box is in the improvement rounds, and what it may do there.

The advisor never decides the menu itself: it asks the engine's
:mod:`croupier.games.stud.improve` (which exchanges, a 6th card, their
prices, and where each leaves the box), on a stand-in box holding as many
cards as the real one (the menu asks nothing else of the cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from croupier.cards.deck import Deck
from croupier.games.stud import improve
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import BoxState, Stage
from croupier.math.stud.outcomes import ANTE


def box_state(profile: StudProfile, cards: Sequence[int], rnd: int, last_did: str,
              must_discard: int) -> BoxState:  # fmt: skip
    """A light box holding ``cards`` at that point of the rounds."""
    stage = Stage.DISCARD if must_discard else Stage.DECIDING
    return BoxState(1, "p", ANTE, False, tuple(cards), tuple(cards), stage=stage, round=rnd,
                    last_did=last_did, must_discard=must_discard)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Moment:
    """Where a batch of boxes is in the rounds (all rows alike)."""

    rnd: int
    last_did: str
    must_discard: int


def after(p: StudProfile, m: Moment, width: int, act: str, give: int) -> Moment:
    """The moment after an improvement, as the engine's improve functions leave it."""
    box = box_state(p, list(range(width)), m.rnd, m.last_did, 0)
    spare = Deck.scripted({"box:1": tuple(range(40, 52))})
    if act == "exchange":
        moved, _ = improve.exchange(p, box, tuple(range(give)), spare)
    else:
        moved, _ = improve.buy_sixth(p, box, spare)
    return Moment(moved.round, moved.last_did, moved.must_discard)


@dataclass(frozen=True, slots=True)
class Choice:
    """One improvement on the menu: give the cards at ``give``, pay ``price``
    (per ANTE), receive ``receive`` cards; ``moved`` is where it leaves the box,
    ``nested`` whether another round follows."""

    act: str
    give: tuple[int, ...]
    price: float
    receive: int
    moved: Moment
    nested: bool


def choices(p: StudProfile, width: int, m: Moment) -> list[Choice]:
    """The improvements open to a box holding ``width`` cards at moment ``m``,
    as the engine lists them: every subset of each exchange size, a 6th card."""
    box = box_state(p, list(range(width)), m.rnd, m.last_did, 0)
    result = []
    for legal in improve.menu(p, box, ()):
        if legal.act not in ("exchange", "buy_sixth"):
            continue
        options = (
            [(n, g) for n in legal.cards for g in combinations(range(width), n)]
            if legal.act == "exchange"
            else [(0, ())]
        )
        for n, give in options:
            price = (legal.prices[n] if legal.act == "exchange" else legal.price or 0) / ANTE
            moved = after(p, m, width, legal.act, n)
            receive = 1 if legal.act == "buy_sixth" else (
                p.improve[m.rnd].exchange_receive or n
            )  # fmt: skip
            follow = box_state(p, list(range(width)), moved.rnd, moved.last_did, 0)
            nested = not moved.must_discard and improve.open_round(p, follow) is not None
            result.append(Choice(legal.act, give, price, receive, moved, nested))
    return result
