"""Table events and ended sessions across server processes, through Redis.

One process (SQLite, ``make run``) needs none of this: its floor numbers and
delivers events itself. Several processes on one PostgreSQL share a Redis
(``CROUPIER_REDIS_URL``), and every process then learns of every table event,
whichever process ran the command, in one order with one numbering:

* publishing is one Lua script, so taking the table's next sequence number and
  publishing it happen as one step: Redis hands messages to each subscriber in
  the order the scripts ran, so every process receives a table's numbers in
  increasing order;
* what crosses Redis is a *notice* (table, seq, event, the public detail of the
  event, the round now on show) and, for an event of a round, the round as a
  *spectator* sees it just after the command (:class:`Carried`): nothing a
  spectator at the table could not see, so no hidden card travels through Redis.
  A process gives that picture to its own spectators instead of reading the round
  and projecting it again, and reads and projects for its players as before. The
  publishing script lets a picture through only if it is not older than the last
  one the table's notices carried (a command's notice may be published after a
  later command's): a notice whose picture is held back says so, and its
  receivers read the round, as they would without it;
* a process that sees a number skipped (a message lost while it reconnected)
  sends its viewers a ``snapshot`` under the new number instead of an ``event``;
  when Redis was away, every process resends every viewer a snapshot once it
  is back, and lifts Redis's counters to what its tables had reached, so
  numbers never go back after Redis lost its memory.

Redis being down never stops play: the database is the truth, the command is
stored, and the process delivers to its own sockets meanwhile (``/readyz``
says ``degraded``).

>>> namespace("postgresql://db/casino") == namespace("postgresql://db/casino")
True
>>> len(namespace("sqlite://"))
12
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError

from croupier.games.base import JSON
from croupier.server.hub import encode
from croupier.server.logs import log


@dataclass(frozen=True, slots=True)
class Carried:
    """A round as a spectator saw it just after a command (the ``round`` of a spectator's
    snapshot, card numbers already aliases), whether it was closed, and its history order
    (:func:`~croupier.casino.round_records.history_order`)."""

    round: JSON
    closed: bool
    order: int


# What a process does with a table notice: (table, seq, event, detail, round, sent by itself,
# the spectators' picture of the round if it carried one that may be shown).
Deliver = Callable[[int, int, str, JSON, str | None, bool, Carried | None], Awaitable[None]]
Resync = Callable[[], Awaitable[None]]
# What a process does when any process ends a session: (token hash, why, as
# :meth:`croupier.server.sessions.Ending.text` gives it).
SessionEnded = Callable[[str, str], object]

# KEYS[1] the table's counter, KEYS[2] the events channel, KEYS[3] the history order of the
# last picture its notices carried; ARGV[1] the publisher's last seq for the table, ARGV[2] the
# notice without its seq, ARGV[3] its picture's history order (-1: it carries none). A counter
# below the publisher's own (Redis restarted empty) is lifted first, so numbers only ever go
# up. What is published is "seq carried notice": carried is 1 when the picture may be shown.
_PUBLISH = """
local seq = redis.call('INCR', KEYS[1])
local floor = tonumber(ARGV[1])
if seq <= floor then
  seq = floor + 1
  redis.call('SET', KEYS[1], seq)
end
local carried = 0
local order = tonumber(ARGV[3])
if order >= 0 and order >= tonumber(redis.call('GET', KEYS[3]) or '-1') then
  redis.call('SET', KEYS[3], ARGV[3])
  carried = 1
end
redis.call('PUBLISH', KEYS[2], seq .. ' ' .. carried .. ' ' .. ARGV[2])
return seq
"""
# Lift a counter to at least ARGV[1]; its value after.
_LIFT = """
local seq = tonumber(redis.call('GET', KEYS[1]) or '0')
local floor = tonumber(ARGV[1])
if seq < floor then
  redis.call('SET', KEYS[1], floor)
  return floor
end
return seq
"""
RETRY_S = (0.1, 0.2, 0.5, 1.0)


def namespace(database_url: str) -> str:
    """Keys and channels of one casino (one database) in a Redis it may share with others."""
    return hashlib.sha256(database_url.encode()).hexdigest()[:12]


class RedisBus:
    """One process's link to the others: publish notices, receive everybody's."""

    def __init__(self, url: str, space: str) -> None:
        self.url = url
        self.space = space
        self.events = f"croupier:{space}:events"
        self.sessions = f"croupier:{space}:sessions"
        self.process = secrets.token_hex(4)
        self.client: redis.Redis = redis.Redis.from_url(url, socket_timeout=2.0)
        self._publish = self.client.register_script(_PUBLISH)
        self._lift = self.client.register_script(_LIFT)
        self._listener: asyncio.Task[None] | None = None
        self.connected = False  # the listener is subscribed right now
        self._deliver: Deliver | None = None
        self._resync: Resync | None = None
        self._session_handlers: list[SessionEnded] = []
        self._subscribed = asyncio.Event()

    def counter(self, table_id: int) -> str:
        return f"croupier:{self.space}:seq:{table_id}"

    def shown(self, table_id: int) -> str:
        return f"croupier:{self.space}:shown:{table_id}"

    # ------------------------------------------------------------ start and stop

    async def start(self, deliver: Deliver, resync: Resync) -> None:
        """Listen from now on; waits (a few seconds at most) for the first subscription."""
        self._deliver, self._resync = deliver, resync
        self._listener = asyncio.create_task(self._listen())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), 5.0)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self.client.aclose()

    def on_session_ended(self, handler: SessionEnded) -> None:
        """``handler(token_hash, why)`` runs on this process whenever any process ends a
        session (this one included)."""
        self._session_handlers.append(handler)

    async def ping(self) -> bool:
        try:
            return bool(await self.client.ping())
        except (RedisError, OSError):
            return False

    # ------------------------------------------------------------ sending

    async def publish(
        self,
        table_id: int,
        last_seq: int,
        event: str,
        detail: JSON,
        round_id: str | None,
        carried: Carried | None = None,
    ) -> int | None:
        """Number and publish a table notice; its seq, or None when Redis is unreachable."""
        body: JSON = {"t": table_id, "e": event, "x": detail, "r": round_id, "p": self.process}
        if carried is not None:
            body["v"], body["c"] = carried.round, carried.closed
        notice = encode(body)
        order = -1 if carried is None else carried.order
        try:
            seq = await self._publish(
                keys=[self.counter(table_id), self.events, self.shown(table_id)],
                args=[last_seq, notice, order],
            )
        except (RedisError, OSError) as error:
            log.warning("redis publish failed", extra={"table": table_id, "why": str(error)})
            return None
        return int(seq)

    async def lift(self, table_id: int, seq: int) -> int:
        """Make the table's next number follow ``seq`` at least; the counter now."""
        return int(await self._lift(keys=[self.counter(table_id)], args=[seq]))

    async def end_session(self, token_hash: str, ending: str) -> bool:
        """Tell every process (this one included) that a session ended and why (what its
        sockets are told: :meth:`croupier.server.sessions.Ending.text`); False if Redis is
        down."""
        try:
            await self.client.publish(self.sessions, f"{token_hash} {ending}")
        except (RedisError, OSError) as error:
            log.warning("redis publish failed", extra={"why": str(error)})
            return False
        return True

    # ------------------------------------------------------------ receiving

    async def _listen(self) -> None:
        attempt = 0
        lost = True  # a first connection after start-up resyncs too (Redis may have been down)
        while True:
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.events, self.sessions)
                self.connected = True
                self._subscribed.set()
                attempt = 0
                if lost and self._resync is not None:
                    log.info("redis connected: every viewer gets a fresh snapshot")
                    await self._resync()
                lost = False
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None:
                        await self._handle(message)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                if not lost:
                    log.warning("redis lost", extra={"why": str(error)})
                lost = True
                self.connected = False
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(RETRY_S[min(attempt, len(RETRY_S) - 1)])
            attempt += 1

    async def _handle(self, message: dict[str, Any]) -> None:
        channel = message["channel"].decode()
        data: bytes = message["data"]
        try:
            if channel == self.sessions:
                token_hash, _, why = data.decode().partition(" ")  # a hash holds no space
                for handler in self._session_handlers:
                    handler(token_hash, why or "the session has ended: log in again")
                return
            seq_text, carried_flag, notice_text = data.decode().split(" ", 2)
            notice = json.loads(notice_text)
            carried = None
            if carried_flag == "1" and "v" in notice:
                carried = Carried(notice["v"], bool(notice["c"]), -1)  # its order: in Redis only
            assert self._deliver is not None
            await self._deliver(
                int(notice["t"]),
                int(seq_text),
                str(notice["e"]),
                notice["x"],
                notice["r"],
                notice["p"] == self.process,
                carried,
            )
        except Exception:  # one bad notice must not stop the listener
            log.exception("redis notice failed", extra={"channel": channel})
