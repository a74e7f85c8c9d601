"""One engine skeleton: the checks every game shares, then the game's table of verbs.

An :class:`~croupier.games.base.Action` is the wire form a player, a script,
the casino or the server sends: one loose shape for every verb. Each game
names its verbs (a ``Literal``) and gives each a :class:`Verb`: how the
action reads as that verb's own typed payload (pokerkit's one operation type
per action), why the verb is refused now (or ``None``), and the state after
it. :class:`VerbEngine` checks what comes before any verb (by default, for a
game of boxes: the box is in the round, it belongs to whoever sends, it has
the hand named), looks the verb up and reads the payload once; ``refusal``,
``verify``, ``can`` and ``apply`` all come from here, so they never disagree
and no engine keeps a chain of ``if act == ...``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Counter:
...     boxes: tuple[int, ...]
...     total: int = 0
>>> @dataclass(frozen=True, slots=True)
... class Add(OnBox):
...     amount: int
...     @classmethod
...     def read(cls, action: Action) -> Add:
...         return cls(action.box, action.amount or 0)
>>> ADD = Verb(Add.read, lambda s, m: None if m.amount > 0 else "add something",
...            lambda s, m: Counter(s.boxes, s.total + m.amount))
>>> class Adding(VerbEngine[Counter, str]):
...     verbs = {"add": ADD}
...     def owner(self, state: Counter, box: int) -> str | None:
...         return "ann" if box in state.boxes else None
>>> game, state = Adding(), Counter((1,))
>>> game.apply(state, Action("add", box=1, amount=5)).total
5
>>> game.can(state, Action("add", box=1, amount=0)), game.refusal(state, Action("add", box=2))
(False, 'there is no such box in this round')
>>> game.verify(state, Action("take", box=1, player="bob"))
Traceback (most recent call last):
...
croupier.games.base.IllegalAction: box 1: take refused: the box belongs to ann, not bob
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeGuard, TypeVar

from croupier.games.base import Action, IllegalAction
from croupier.games.codes import UNKNOWN_ACTION, Reason
from croupier.games.common.refusals import Refusals, seat_refusal

S = TypeVar("S")  # a round's state
T = TypeVar("T")  # a verb's payload
K = TypeVar("K", bound=str)  # the names of a game's verbs (a Literal)


@dataclass(frozen=True, slots=True)
class OnBox:
    """The payload of a verb that names only its box (``play``, ``fold``...);
    verbs that carry more extend it."""

    box: int

    @classmethod
    def read(cls, action: Action) -> Self:
        return cls(action.box)


@dataclass(frozen=True, slots=True)
class OnHand(OnBox):
    """The payload of a verb on one hand of a box (blackjack's ``hit``...)."""

    hand: int

    @classmethod
    def read(cls, action: Action) -> Self:
        return cls(action.box, action.hand)


@dataclass(frozen=True, slots=True)
class Verb(Generic[S, T]):
    """One verb of a game: ``read`` the wire action as its payload, ``refuse``
    it (why not now, or None) and ``apply`` it (only once not refused)."""

    read: Callable[[Action], T]
    refuse: Callable[[S, T], str | None]
    apply: Callable[[S, T], S]


class VerbEngine(Refusals[S], Generic[S, K]):
    """``refusal``/``verify``/``can``/``apply`` over a table of :class:`Verb` s.

    A game sets ``verbs`` and says who owns a box (``owner``; a game whose
    state numbers its boxes takes :class:`BoxEngine`); it overrides
    ``opening`` where something else comes before the verb (a closed table),
    ``verb`` where its profile offers only some of its verbs, and ``unknown``
    to word the refusal of a verb it does not have."""

    verbs: Mapping[K, Verb[S, Any]]
    # The refusal of a hand other than the first, in a game whose boxes have one.
    one_hand: str | None = None

    def owner(self, state: S, box: int) -> str | None:
        """The player of box ``box``, or None when the round has no such box."""
        return None

    def opening(self, state: S, action: Action) -> str | None:
        """What is checked before the verb: the box is in the round and is the
        sender's, and it has the hand named."""
        reason = seat_refusal(self.owner(state, action.box), action.player)
        if reason is None and action.hand and self.one_hand is not None:
            return self.one_hand
        return reason

    def known(self, act: str) -> TypeGuard[K]:
        return act in self.verbs

    def verb(self, state: S, act: str) -> Verb[S, Any] | None:
        """The verb ``act`` names in this round, or None."""
        return self.verbs[act] if self.known(act) else None

    def unknown(self, state: S, action: Action) -> str:
        """The refusal of a verb this game does not have."""
        return Reason(f"{action.act!r} is not an action of this game", UNKNOWN_ACTION)

    def _checked(self, state: S, action: Action) -> str | tuple[Verb[S, Any], Any]:
        """The refusal, or the verb with its payload (read once)."""
        reason = self.opening(state, action)
        if reason is not None:
            return reason
        verb = self.verb(state, action.act)
        if verb is None:
            return self.unknown(state, action)
        move = verb.read(action)
        reason = verb.refuse(state, move)
        return (verb, move) if reason is None else reason

    def refusal(self, state: S, action: Action) -> str | None:
        checked = self._checked(state, action)
        return checked if isinstance(checked, str) else None

    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``; an illegal one raises IllegalAction and
        leaves ``state`` as it was."""
        checked = self._checked(state, action)
        if isinstance(checked, str):
            raise IllegalAction(action, checked)
        verb, move = checked
        return verb.apply(state, move)


class Seated(Protocol):
    def owner(self, box: int) -> str | None: ...


B = TypeVar("B", bound=Seated)


class BoxEngine(VerbEngine[B, K]):
    """A :class:`VerbEngine` whose state knows its boxes' players
    (:class:`~croupier.games.common.turns.NumberedBoxes`)."""

    def owner(self, state: B, box: int) -> str | None:
        return state.owner(box)
