"""A session's end closes its table sockets on every process.

Each process keeps its open table sockets by session (the SHA-256 of the token, as the
database keeps it: the token itself never leaves the request that carried it).
:func:`session_ended` is the one hook for "this session is over" (logout today; a lock
or an expiry sweep may call it too): with Redis it is announced to every process, this
one included, and each closes its own sockets of that session (``unauthorized``, close
code 4401); without Redis this process closes its own at once.

A socket also re-checks its session before every intent (:mod:`croupier.server.ws`),
so a missed announcement (Redis down at that moment) still lets no intent through.
"""

from __future__ import annotations

from collections import defaultdict

from croupier.games.base import JSON
from croupier.server.hub import Subscriber
from croupier.server.state import ServerState

CLOSE_UNAUTHORIZED = 4401


class SessionSockets:
    """This process's table sockets, by session."""

    def __init__(self) -> None:
        self._open: dict[str, set[Subscriber]] = defaultdict(set)

    def add(self, session: str, subscriber: Subscriber) -> None:
        self._open[session].add(subscriber)

    def remove(self, session: str, subscriber: Subscriber) -> None:
        found = self._open.get(session)
        if found is not None:
            found.discard(subscriber)
            if not found:
                del self._open[session]

    async def close(self, session: str) -> int:
        """End every socket of ``session`` here; how many."""
        message: JSON = {
            "type": "error",
            "code": "unauthorized",
            "message": "the session has ended: log in again",
        }
        found = self._open.pop(session, set())
        for subscriber in found:
            subscriber.end(message, CLOSE_UNAUTHORIZED)
        return len(found)


async def session_ended(state: ServerState, session: str) -> None:
    """Close ``session``'s table sockets on every process (``session``: the token's hash)."""
    bus = state.floor.bus
    if bus is None or not await bus.end_session(session):
        await state.sockets.close(session)
