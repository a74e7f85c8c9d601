"""The European wheel and layout: pockets, colours, and every betting position.

A *position* is one place on the layout a chip can lie (``split:17-20``),
named by its kind and the numbers it covers, lowest first. A *bet* a player
announces is a position, an outside field (``red``, ``dozen:2``) or a call
bet (``voisins``, ``neighbours:17``, ``neighbours:17:4``, ``complete:17``), which the dealer
spreads over positions, so many chips on each. Everything here is data and
pure functions: the engine and the exact analysis share it.

>>> WHEEL[:5], colour(32), colour(0)
((0, 32, 15, 19, 4), 'red', 'green')
>>> expand("neighbours:8")
(('straight:11', 1), ('straight:30', 1), ('straight:8', 1), ('straight:23', 1), ('straight:10', 1))
>>> expand("neighbours:0:1")
(('straight:26', 1), ('straight:0', 1), ('straight:32', 1))
>>> sum(chips for _, chips in expand("complete:17")), sum(chips for _, chips in expand("voisins"))
(40, 9)
>>> covers("corner:25-26-28-29")
(25, 26, 28, 29)
"""

from __future__ import annotations

from functools import cache

# The pockets clockwise from zero, as on every single-zero wheel.
WHEEL = (
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10,
    5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
)  # fmt: skip
REDS = frozenset((1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36))
POCKETS = 37
# A neighbours bet takes 1 to 4 numbers either side of its number (2 when not said).
NEIGHBOURS_EACH_SIDE = ("1", "2", "3", "4")

INSIDE = ("straight", "split", "street", "corner", "six_line")
OUTSIDE = ("dozen", "column", "red", "black", "even", "odd", "low", "high")
KINDS = INSIDE + OUTSIDE

# The announced (call) bets: position and chips, as dealers place them.
CALL_BETS: dict[str, tuple[tuple[str, int], ...]] = {
    "voisins": (
        ("street:0-2-3", 2), ("split:4-7", 1), ("split:12-15", 1), ("split:18-21", 1),
        ("split:19-22", 1), ("corner:25-26-28-29", 2), ("split:32-35", 1),
    ),
    "zero_spiel": (("split:0-3", 1), ("split:12-15", 1), ("straight:26", 1), ("split:32-35", 1)),
    "tiers": (
        ("split:5-8", 1), ("split:10-11", 1), ("split:13-16", 1),
        ("split:23-24", 1), ("split:27-30", 1), ("split:33-36", 1),
    ),
    "orphelins": (
        ("straight:1", 1), ("split:6-9", 1), ("split:14-17", 1),
        ("split:17-20", 1), ("split:31-34", 1),
    ),
}  # fmt: skip


def colour(pocket: int) -> str:
    return "green" if pocket == 0 else "red" if pocket in REDS else "black"


def _name(kind: str, numbers: tuple[int, ...]) -> str:
    return f"{kind}:{'-'.join(str(n) for n in sorted(numbers))}"


@cache
def inside_positions() -> dict[str, tuple[int, ...]]:
    """Every inside position of the layout by name: 37 straights, 60 splits,
    14 streets (with 0-1-2 and 0-2-3), 23 corners (with 0-1-2-3), 11 six lines."""
    found: list[tuple[str, tuple[int, ...]]] = [("straight", (n,)) for n in range(POCKETS)]
    found += [("split", (0, n)) for n in (1, 2, 3)]
    found += [("street", (0, 1, 2)), ("street", (0, 2, 3)), ("corner", (0, 1, 2, 3))]
    for n in range(1, 37):
        if n % 3:
            found.append(("split", (n, n + 1)))
        if n <= 33:
            found.append(("split", (n, n + 3)))
        if n % 3 == 1:
            found.append(("street", (n, n + 1, n + 2)))
            if n <= 31:
                found.append(("six_line", tuple(range(n, n + 6))))
        if n % 3 and n <= 32:
            found.append(("corner", (n, n + 1, n + 3, n + 4)))
    return {_name(kind, nums): tuple(sorted(nums)) for kind, nums in found}


def _outside(name: str) -> tuple[int, ...] | None:
    numbers = range(1, 37)
    simple = {
        "red": tuple(n for n in numbers if n in REDS),
        "black": tuple(n for n in numbers if n not in REDS),
        "even": tuple(n for n in numbers if n % 2 == 0),
        "odd": tuple(n for n in numbers if n % 2),
        "low": tuple(range(1, 19)),
        "high": tuple(range(19, 37)),
    }
    if name in simple:
        return simple[name]
    kind, _, which = name.partition(":")
    if kind in ("dozen", "column") and which in ("1", "2", "3"):
        k = int(which)
        if kind == "dozen":
            return tuple(range(12 * k - 11, 12 * k + 1))
        return tuple(n for n in numbers if (n - 1) % 3 == k - 1)
    return None


def kind_of(position: str) -> str:
    return position.partition(":")[0]


def covers(position: str) -> tuple[int, ...]:
    """The numbers a position wins on; ``KeyError`` names an unknown position."""
    found = inside_positions().get(position) or _outside(position)
    if found is None:
        raise KeyError(position)
    return found


def canonical(spot: str) -> str:
    """An inside position written with its numbers in any order, put in layout
    order (``split:20-17`` -> ``split:17-20``); other names unchanged."""
    kind, sep, numbers = spot.partition(":")
    if kind in INSIDE and sep:
        try:
            return _name(kind, tuple(int(n) for n in numbers.split("-")))
        except ValueError:
            return spot
    return spot


def _neighbours(number: int, each_side: int = 2) -> tuple[tuple[str, int], ...]:
    at = WHEEL.index(number)
    return tuple(
        (f"straight:{WHEEL[(at + k) % POCKETS]}", 1) for k in range(-each_side, each_side + 1)
    )


def _complete(number: int) -> tuple[tuple[str, int], ...]:
    """Every inside position on ``number``, each with as many chips as numbers it
    covers, so each sits at its maximum together ("по максимуму")."""
    return tuple((name, len(nums)) for name, nums in inside_positions().items() if number in nums)


def expand(spot: str) -> tuple[tuple[str, int], ...]:
    """A bet as (position, chips) pairs; ``KeyError`` for an unclear bet."""
    spot = canonical(spot)
    if spot in CALL_BETS:
        return CALL_BETS[spot]
    kind, _, which = spot.partition(":")
    if kind in ("neighbours", "complete"):
        # "neighbours:17" is 17 and two either side; "neighbours:17:4", four either side
        number, said, side = which.partition(":")
        if not number.isdigit() or not 0 <= int(number) < POCKETS:
            raise KeyError(spot)
        if kind == "complete":
            if said:
                raise KeyError(spot)
            return _complete(int(number))
        if said and side not in NEIGHBOURS_EACH_SIDE:
            raise KeyError(spot)
        return _neighbours(int(number), int(side or 2))
    covers(spot)
    return ((spot, 1),)
