"""Finding a box by its number, its owner, and the box whose turn it is.

Stud, the house-banked poker games and blackjack keep their boxes in dealing
order; :class:`NumberedBoxes` answers where a box stands and whose it is (the
first thing every action is checked for), and :class:`BoxTurns` adds the box
whose turn it is for the games that keep a queue of boxes still to decide.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Box:
...     box: int
...     player: str
>>> @dataclass(frozen=True, slots=True)
... class Table(BoxTurns[Box]):
...     boxes: tuple[Box, ...]
...     queue: tuple[int, ...]
>>> t = Table((Box(3, "ann"), Box(5, "bob")), queue=(1,))
>>> t.index(5), t.current(), t.owner(3), t.owner(4)
(1, Box(box=5, player='bob'), 'ann', None)
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar


class NumberedBox(Protocol):
    @property
    def box(self) -> int: ...

    @property
    def player(self) -> str: ...


B = TypeVar("B", bound=NumberedBox)


class NumberedBoxes(Generic[B]):
    """``index`` and ``owner`` over ``boxes`` (dealing order)."""

    __slots__ = ()

    boxes: tuple[B, ...]

    def index(self, box: int) -> int:
        """Where box number ``box`` stands in ``boxes`` (KeyError if it is not in the round)."""
        for i, b in enumerate(self.boxes):
            if b.box == box:
                return i
        raise KeyError(box)

    def owner(self, box: int) -> str | None:
        """The player of box number ``box``, or None when it is not in the round."""
        for b in self.boxes:
            if b.box == box:
                return b.player
        return None


class BoxTurns(NumberedBoxes[B]):
    """``current`` over ``boxes`` and ``queue`` (indices of the boxes still
    to decide, next first)."""

    __slots__ = ()

    queue: tuple[int, ...]

    def current(self) -> B | None:
        """The box whose turn it is, or None when no box is to decide."""
        return self.boxes[self.queue[0]] if self.queue else None
