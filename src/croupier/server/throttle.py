"""How often one client may ask for what is costly: recalls per player, logins per address.

Both live in the server process's memory (a restart forgets them; several processes
each keep their own, so behind N processes a client gets up to N times the rate).

* :class:`RateLimit`: at most ``count`` uses per ``period`` seconds per key, and at most
  one at a time (a recall replays a whole round: a player waits for their last one).
* :class:`Backoff`: after ``free`` failures, each failure makes the key wait twice as
  long as the one before (1 s, 2 s, 4 s ... up to ``most`` seconds); a success forgets
  the failures.
* :class:`PasswordGate`: password checks (argon2, the CPU cost of logins and
  registrations) run one at a time on a thread of their own, a few waiting at most,
  so a flood of logins cannot take the CPU from the game.

>>> now = [0.0]
>>> backoff = Backoff(base=1.0, most=60.0, free=0, clock=lambda: now[0])
>>> backoff.wait("10.0.0.1"), backoff.failed("10.0.0.1"), backoff.failed("10.0.0.1")
(0.0, 1.0, 2.0)
>>> backoff.wait("10.0.0.1"), backoff.wait("10.0.0.2")
(2.0, 0.0)
>>> now[0] = 2.0; backoff.wait("10.0.0.1")
0.0
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from croupier.server.errors import ApiError

Clock = Callable[[], float]
T = TypeVar("T")
# Keys remembered at most (a flood of addresses must not grow the tables without end).
MAX_KEYS = 100_000


def too_many(message: str, wait: float) -> ApiError:
    seconds = max(1, math.ceil(wait))
    return ApiError(429, "rate_limited", f"{message}; try again in {seconds} s")


class RateLimit:
    """``count`` uses per ``period`` seconds per key, one at a time."""

    def __init__(self, count: int, period: float, clock: Clock = time.monotonic) -> None:
        self.count = count
        self.period = period
        self.clock = clock
        self._uses: dict[str, deque[float]] = {}
        self._busy: set[str] = set()

    @contextmanager
    def use(self, key: str, what: str) -> Iterator[None]:
        """Hold one use of ``key`` for the block; :class:`ApiError` 429 when there is none."""
        now = self.clock()
        uses = self._uses.setdefault(key, deque())
        while uses and uses[0] <= now - self.period:
            uses.popleft()
        if key in self._busy:
            raise too_many(f"{what}: the last one is still being prepared", 1)
        if len(uses) >= self.count:
            raise too_many(
                f"{what}: at most {self.count} in {self.period:g} s", uses[0] + self.period - now
            )
        if len(self._uses) > MAX_KEYS:
            self._uses = {k: v for k, v in self._uses.items() if v and v[-1] > now - self.period}
        uses.append(now)
        self._busy.add(key)
        try:
            yield
        finally:
            self._busy.discard(key)


class Backoff:
    """Exponential waiting after failures, per key."""

    def __init__(
        self, base: float = 1.0, most: float = 900.0, free: int = 5, clock: Clock = time.monotonic
    ) -> None:
        self.base = base
        self.most = most
        self.free = free
        self.clock = clock
        self._state: dict[str, tuple[int, float]] = {}  # key -> (failures, not before)

    def wait(self, key: str) -> float:
        """Seconds ``key`` must still wait before its next try (0: it may try now)."""
        found = self._state.get(key)
        return 0.0 if found is None else max(0.0, found[1] - self.clock())

    def failed(self, key: str) -> float:
        """Note a failure; the wait it sets."""
        now = self.clock()
        failures, not_before = self._state.get(key, (0, now))
        if now - not_before > self.most:  # quiet for long enough: start again
            failures = 0
        failures += 1
        over = failures - self.free
        delay = 0.0 if over <= 0 else min(self.most, self.base * float(2 ** min(over - 1, 60)))
        if len(self._state) > MAX_KEYS:
            self._state = {k: v for k, v in self._state.items() if v[1] > now}
        self._state[key] = (failures, now + delay)
        return delay

    def succeeded(self, key: str) -> None:
        self._state.pop(key, None)


class PasswordGate:
    """Password work one at a time, on its own thread, at most ``waiting`` in line."""

    def __init__(self, waiting: int = 8) -> None:
        self.waiting = waiting
        self._line = 0
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="croupier-passwords")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        if self._line >= self.waiting:
            raise too_many("the casino is busy checking passwords", 1)
        self._line += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._worker, fn, *args)
        finally:
            self._line -= 1

    def close(self) -> None:
        self._worker.shutdown(wait=True)
