"""Finding a box by its number, and the box whose turn it is.

Stud and the house-banked poker games keep their boxes in dealing order and
a queue of the boxes still to decide; this mixin answers the two questions
every engine asks of such a state.

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
>>> t.index(5), t.current()
(1, Box(box=5, player='bob'))
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar


class NumberedBox(Protocol):
    @property
    def box(self) -> int: ...


B = TypeVar("B", bound=NumberedBox)


class BoxTurns(Generic[B]):
    """``index`` and ``current`` over ``boxes`` (dealing order) and ``queue``
    (indices of the boxes still to decide, next first)."""

    __slots__ = ()

    boxes: tuple[B, ...]
    queue: tuple[int, ...]

    def index(self, box: int) -> int:
        """Where box number ``box`` stands in ``boxes`` (KeyError if it is not in the round)."""
        for i, b in enumerate(self.boxes):
            if b.box == box:
                return i
        raise KeyError(box)

    def current(self) -> B | None:
        """The box whose turn it is, or None when no box is to decide."""
        return self.boxes[self.queue[0]] if self.queue else None
