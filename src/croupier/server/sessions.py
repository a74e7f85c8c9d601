"""The open table sockets of each login session, so that ending a session closes them.

A socket is opened with a session and streams that player's private view until it
closes. Checking the session before each intent was not enough: after a logout an open
socket still carried the next event, cards included. So every socket opened with a
session is noted here under the session's token hash (the SHA-256 of the token, as the
database keeps it: the token itself never leaves the request that carried it), and
:meth:`SessionSockets.end` closes all of them at once (close code 4401, after an error
message: ``unauthorized`` for a session that ended, ``self_excluded`` with its end date for
a person who excluded themselves, whose session stays good for cashing out).

``end`` is the one place a session's sockets are closed, on this process. A session
ended on purpose (logout) goes through :meth:`SessionSockets.end_everywhere`: it closes
this process's sockets at once and, when the process shares a Redis with others
(:mod:`croupier.server.bus`), announces the end so that every other process calls
``end`` for the same token hash. An expiry needs no announcement: each socket's own
timer calls ``end`` on its process when the session's time is up. A socket also
re-checks its session before every intent (:mod:`croupier.server.ws`), so a missed
announcement (Redis down at that moment) still lets no intent through.

>>> import asyncio
>>> async def demo() -> list[str]:
...     ended = []
...     sockets = SessionSockets()
...     forget = sockets.opened("h1", lambda ending: ended.append(ending.why))
...     sockets.end("h2", Ending("other session"))   # nothing open there
...     await sockets.end_everywhere("h1", Ending("logged out"))
...     forget()                             # the socket closing afterwards: harmless
...     return ended
>>> asyncio.run(demo())
['logged out']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from croupier.server.bus import RedisBus


@dataclass(frozen=True, slots=True)
class Ending:
    """Why a session's sockets close: the last error each is sent (its code and figures as
    a REST refusal of the same cause carries them).

    >>> Ending.read(Ending("play is closed", "self_excluded", {"until": "2027-06-02"}).text())
    Ending(why='play is closed', code='self_excluded', params={'until': '2027-06-02'})
    >>> Ending.read("logged out")  # as a process of an earlier version announces it
    Ending(why='logged out', code='unauthorized', params={})
    >>> Ending.read('{"code": "self_excluded"}').code  # garbled: still ends the session
    'unauthorized'
    """

    why: str
    code: str = "unauthorized"
    params: Mapping[str, str] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """The broad class, as the REST refusal of the same cause gives it."""
        return "unauthorized" if self.code == "unauthorized" else "refused"

    def text(self) -> str:
        """As another process hears it (:mod:`croupier.server.bus`)."""
        return json.dumps({"why": self.why, "code": self.code, "params": dict(self.params)})

    @classmethod
    def read(cls, text: str) -> Ending:
        """An ending as :meth:`text` gave it; anything else (a bare why, from a process of
        an earlier version) still ends the session, as ``unauthorized``."""
        try:
            data = json.loads(text)
            params = data.get("params") or {}
            return cls(str(data["why"]), str(data.get("code") or "unauthorized"),
                       {str(k): str(v) for k, v in params.items()})  # fmt: skip
        except (ValueError, TypeError, KeyError, AttributeError):
            return cls(text or "the session has ended: log in again")


Closer = Callable[[Ending], None]


class SessionSockets:
    """Open sockets by session token hash (one process's)."""

    def __init__(self) -> None:
        self._open: dict[str, dict[int, Closer]] = {}
        self._next = 0
        self._bus: RedisBus | None = None

    def share(self, bus: RedisBus) -> None:
        """Hear of every process's session ends through ``bus``, and announce ours on it."""
        self._bus = bus
        bus.on_session_ended(lambda token_hash, text: self.end(token_hash, Ending.read(text)))

    def opened(self, token_hash: str, close: Closer) -> Callable[[], None]:
        """Note a socket of the session; ``close(ending)`` ends it. Returns the call that
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

    def end(self, token_hash: str, ending: Ending) -> int:
        """Close every socket of the session on this process now; how many there were."""
        closers = self._open.pop(token_hash, {})
        for close in closers.values():
            close(ending)
        return len(closers)

    async def end_everywhere(self, token_hash: str, ending: Ending) -> int:
        """Close the session's sockets here at once, and on every other process sharing
        our Redis (if Redis is down the others' sockets stop at their next intent's
        check); how many were open here."""
        closed = self.end(token_hash, ending)
        if self._bus is not None:
            await self._bus.end_session(token_hash, ending.text())
        return closed

    def count(self, token_hash: str) -> int:
        return len(self._open.get(token_hash, {}))
