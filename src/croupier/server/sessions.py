"""The open table sockets of each login session, so that ending a session closes them.

A socket is opened with a session and streams that player's private view until it
closes. Checking the session before each intent was not enough: after a logout an open
socket still carried the next event, cards included. So every socket opened with a
session is noted here under the session's token hash, and :meth:`SessionSockets.end`
closes all of them at once (close code 4401, after an ``unauthorized`` message).

``end`` is the one place a session's sockets are closed: logout calls it, and a socket
calls it for its own session when the session expires. Another server process learns
of a logout through whatever carries events between processes, and calls ``end`` for
the same token hash in its own process.

>>> import asyncio
>>> async def demo() -> list[str]:
...     ended = []
...     sockets = SessionSockets()
...     forget = sockets.opened("h1", lambda why: ended.append(why))
...     sockets.end("h2", "other session")   # nothing open there
...     sockets.end("h1", "logged out")
...     forget()                             # the socket closing afterwards: harmless
...     return ended
>>> asyncio.run(demo())
['logged out']
"""

from __future__ import annotations

from collections.abc import Callable

Closer = Callable[[str], None]


class SessionSockets:
    """Open sockets by session token hash (one process's)."""

    def __init__(self) -> None:
        self._open: dict[str, dict[int, Closer]] = {}
        self._next = 0

    def opened(self, token_hash: str, close: Closer) -> Callable[[], None]:
        """Note a socket of the session; ``close(why)`` ends it. Returns the call that
        forgets it (the socket closed by itself)."""
        self._next += 1
        number = self._next
        self._open.setdefault(token_hash, {})[number] = close

        def forget() -> None:
            found = self._open.get(token_hash)
            if found is not None:
                found.pop(number, None)
                if not found:
                    del self._open[token_hash]

        return forget

    def end(self, token_hash: str, why: str) -> int:
        """Close every socket of the session now; how many there were."""
        closers = self._open.pop(token_hash, {})
        for close in closers.values():
            close(why)
        return len(closers)

    def count(self, token_hash: str) -> int:
        return len(self._open.get(token_hash, {}))
