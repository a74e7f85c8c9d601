"""``verify`` and ``can`` from one reason: pokerkit's verify/can pair, written once.

An engine says in one method why an action is refused (or ``None`` when it
is open); ``verify`` raises that reason as an
:class:`~croupier.games.base.IllegalAction` naming the box and the verb, and
``can`` answers yes or no, so the two can never disagree.

>>> class Quiet(Refusals[int]):
...     def refusal(self, state: int, action: Action) -> str | None:
...         return None if action.act == "stand" else "only standing here"
>>> Quiet().can(0, Action("stand", box=1)), Quiet().can(0, Action("hit", box=1))
(True, False)
>>> Quiet().verify(0, Action("hit", box=1))
Traceback (most recent call last):
...
croupier.games.base.IllegalAction: box 1: hit refused: only standing here
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, TypeVar

from croupier.games.base import Action, IllegalAction

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
