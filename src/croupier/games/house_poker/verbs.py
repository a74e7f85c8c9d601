"""The verbs of a house-poker round: on each street the box whose turn it is
stakes (``play``, then ``bet``) or not (``fold``, then ``check``), as the
profile's streets say.

:class:`~croupier.games.common.verbs.VerbEngine` has already checked that the
box is in the round, is the sender's and that one hand is named; the engine
offers only the verbs of the profile's streets. The refusals here are the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Self

from croupier.games.base import Action
from croupier.games.common.refusals import turn_refusal
from croupier.games.common.verbs import OnBox, Verb
from croupier.games.house_poker.flow import decide, street_stake
from croupier.games.house_poker.state import BoxState, HouseState

HouseVerb = Literal["play", "fold", "bet", "check"]


@dataclass(frozen=True, slots=True)
class Stake(OnBox):
    """``play`` or ``bet``: the street's stake; an ``amount``, if sent, must be its price."""

    amount: int | None

    @classmethod
    def read(cls, action: Action) -> Self:
        return cls(action.box, action.amount)


def offered(state: HouseState) -> set[str]:
    """Every verb of the profile's streets."""
    return {v for s in state.profile.streets for v in s.verbs}


def _turn(state: HouseState, move: OnBox) -> str | None:
    return turn_refusal(state, state.boxes[state.index(move.box)], _idle)


def _idle(box: BoxState) -> str | None:
    if box.dark:
        return "a dark box decides nothing: it is played as staked before the deal"
    if box.folded:
        return "the box has folded"
    if not box.ante:
        return "the box has no ANTE: only its side bet plays"
    return None


def _refusing(verb: HouseVerb) -> Callable[[HouseState, OnBox], str | None]:
    """The refusal of ``verb``: not the box's turn, or not this street's verb."""

    def refuse(state: HouseState, move: OnBox) -> str | None:
        reason = _turn(state, move)
        if reason is not None:
            return reason
        street = state.profile.streets[state.street]
        if verb not in street.verbs:
            return f"now the box may {street.verbs[0]} or {street.verbs[1]}"
        return None

    return refuse


def _refusing_stake(verb: HouseVerb) -> Callable[[HouseState, Stake], str | None]:
    """As :func:`_refusing`, and an amount sent must be the street's price."""
    open_ = _refusing(verb)

    def refuse(state: HouseState, move: Stake) -> str | None:
        reason = open_(state, move)
        if reason is not None or move.amount is None:
            return reason
        street = state.profile.streets[state.street]
        price = street_stake(street, state.boxes[state.queue[0]])
        if move.amount != price:
            return (
                f"the {street.line.upper()} is {street.antes} x ANTE = {price}, not {move.amount}"
            )
        return None

    return refuse


def _stake(state: HouseState, move: Stake) -> HouseState:
    return decide(state, move, staked=True)


def _pass(state: HouseState, move: OnBox) -> HouseState:
    return decide(state, move, staked=False)


VERBS: dict[HouseVerb, Verb[HouseState, Any]] = {
    "play": Verb(Stake.read, _refusing_stake("play"), _stake),
    "bet": Verb(Stake.read, _refusing_stake("bet"), _stake),
    "fold": Verb(OnBox.read, _refusing("fold"), _pass),
    "check": Verb(OnBox.read, _refusing("check"), _pass),
}
