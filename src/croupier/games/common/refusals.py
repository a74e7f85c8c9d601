"""Refusals: ``verify`` and ``can`` from one reason, and the reasons every game shares.

An engine says in one method why an action is refused (or ``None`` when it
is open); ``verify`` raises that reason as an
:class:`~croupier.games.base.IllegalAction` naming the box and the verb, and
``can`` answers yes or no, so the two can never disagree (pokerkit's
verify/can pair, written once). :func:`seat_refusal` and :func:`turn_refusal`
word the checks every game of boxes makes the same way.

>>> class Quiet(Refusals[int]):
...     def refusal(self, state: int, action: Action) -> str | None:
...         return None if action.act == "stand" else "only standing here"
>>> Quiet().can(0, Action("stand", box=1)), Quiet().can(0, Action("hit", box=1))
(True, False)
>>> Quiet().verify(0, Action("hit", box=1))
Traceback (most recent call last):
...
croupier.games.base.IllegalAction: box 1: hit refused: only standing here
>>> seat_refusal("ann", "bob"), seat_refusal(None, "bob")
('the box belongs to ann, not bob', 'there is no such box in this round')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Generic, TypeVar

from croupier.games.base import Action, IllegalAction
from croupier.games.codes import Reason
from croupier.games.common.turns import B, BoxTurns

S = TypeVar("S")


class Refusals(ABC, Generic[S]):
    @abstractmethod
    def refusal(self, state: S, action: Action) -> str | None:
        """Why ``action`` cannot be applied to ``state`` now, or None."""

    def verify(self, state: S, action: Action) -> None:
        reason = self.refusal(state, action)
        if reason is not None:
            raise IllegalAction(action, reason)

    def can(self, state: S, action: Action) -> bool:
        return self.refusal(state, action) is None


def seat_refusal(
    owner: str | None, sender: str | None, seat: str = "box", where: str = "in this round"
) -> str | None:
    """Why ``sender`` may not act on a seat whose player is ``owner`` (None:
    no such seat), or None: the first check of every action on a box."""
    if owner is None:
        return Reason(f"there is no such {seat} {where}", "no_such_box")
    if sender is not None and sender != owner:
        return Reason(f"the {seat} belongs to {owner}, not {sender}", "box_not_yours")
    return None


def turn_refusal(turns: BoxTurns[B], box: B, idle: Callable[[B], str | None]) -> str | None:
    """Why ``box`` may not act now, or None on its turn: ``idle(box)`` when the
    box itself has nothing left to decide (dark, folded...), else whose turn it is."""
    current = turns.current()
    if current is not None and current.box == box.box:
        return None
    reason = idle(box)
    if reason is not None:
        return reason
    if current is None:
        return Reason("nothing is left to decide in this round", "nothing_to_decide")
    return Reason(f"it is box {current.box}'s turn", "not_your_turn", box=current.box)
