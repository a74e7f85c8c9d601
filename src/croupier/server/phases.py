"""Where an intent's time goes: the phases :data:`croupier.server.ops.PHASES` names, timed.

A phase is reported as ``(name, seconds)`` to whatever the server wires in (its
``/metrics`` histogram); the floor and the table socket call these.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")
# Where an intent's time went: (phase, seconds).
Phase = Callable[[str, float], None]


async def timed_call(
    call: Callable[[Callable[[], T]], Awaitable[T]], phase: Phase, fn: Callable[..., T], *args: Any
) -> T:
    """``call(fn(*args))`` (a hand-over to a command thread), its time told apart: on the
    thread (``command``), and the hand-overs, to a free thread and back to the event loop
    (``queue``). A call that never reached the thread is not timed."""
    handed = time.perf_counter()
    began = ended = 0.0

    def timed() -> T:
        nonlocal began, ended
        began = time.perf_counter()
        try:
            return fn(*args)
        finally:
            ended = time.perf_counter()

    try:
        return await call(timed)
    finally:
        if began:
            phase("queue", began - handed + time.perf_counter() - ended)
            phase("command", ended - began)
