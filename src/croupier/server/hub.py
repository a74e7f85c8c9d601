"""The WebSocket hub: one channel per table, every message projected for its viewer.

A channel never holds or sends a raw table state. It is handed a *projector*,
a function from a :class:`~croupier.games.base.Viewer` to the JSON that viewer
may see, and calls it once per distinct viewer (every spectator shares one
projection, each player gets their own). So the only way a message reaches a
client is through the engine's own ``project``: a card a viewer may not see
never leaves the server, the first snapshot included.

Every event gets the channel's next sequence number. A client that connects
(or reconnects) first receives a ``snapshot`` with the current number, then
events in order; because each event carries the complete projected table, a
dropped connection loses nothing: the next snapshot is the whole truth.

Each subscriber has its own bounded queue, drained by its connection's
writer, so one slow client never delays another; one that falls too far
behind is cut off and reconnects to a fresh snapshot.

An event's message is built once per distinct viewer and the same :class:`Frame`
queued for every socket of that viewer (every spectator of a table shares one), so
its JSON text is made once however many sockets it goes to (:func:`frame_text`).

>>> import asyncio
>>> from croupier.games.base import Viewer
>>> async def demo() -> list[object]:
...     hub = Hub()
...     channel = hub.channel("t1")
...     ann = channel.subscribe(Viewer.of("ann"), lambda v: {"seen_by": v.player})
...     channel.publish("deal", lambda v: {"seen_by": v.player})
...     return [(m["type"], m["seq"], m["state"]) for m in (ann.queue.get_nowait(),
...             ann.queue.get_nowait())]
>>> asyncio.run(demo())
[('snapshot', 0, {'seen_by': 'ann'}), ('event', 1, {'seen_by': 'ann'})]
"""

from __future__ import annotations

import asyncio
import importlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from croupier.games.base import JSON, Viewer, ViewerRole
from croupier.server.config import MAX_QUEUED_MESSAGES

Projector = Callable[[Viewer], JSON]
ViewerKey = tuple[str, str | None]


def viewer_key(viewer: Viewer) -> ViewerKey:
    return (viewer.role.value, viewer.player)


def _standard_json(message: JSON) -> str:
    return json.dumps(message, separators=(",", ":"))


def _encoder() -> Callable[[JSON], str]:
    """The JSON text of a message: orjson's when it is installed (an event of a few kB in
    about a tenth of the standard library's time), else the standard library's.

    The two give the same value: orjson writes other scripts' letters as they are where the
    standard library escapes them (``\\u0410``), both valid JSON. A message orjson cannot
    write (an integer beyond 64 bits) is written by the standard library.
    """
    try:
        orjson = importlib.import_module("orjson")
    except ImportError:
        return _standard_json
    dumps, option, refused = orjson.dumps, orjson.OPT_NON_STR_KEYS, orjson.JSONEncodeError

    def fast(message: JSON) -> str:
        try:
            text: str = dumps(message, option=option).decode()
        except refused:
            return _standard_json(message)
        return text

    return fast


encode = _encoder()


class Frame(dict[str, Any]):
    """A message shared by every socket of one viewer class, its JSON text made once.

    Never changed once queued: the same object waits in several queues.
    """

    __slots__ = ("_text",)

    def text(self) -> str:
        try:
            return self._text
        except AttributeError:
            self._text: str = encode(self)
            return self._text


def frame_text(message: JSON) -> str:
    """The JSON text of a queued message (a shared :class:`Frame`'s is made once).

    >>> shared = Frame({"type": "event", "seq": 3})
    >>> frame_text(shared) is frame_text(shared), frame_text({"type": "pong"})
    (True, '{"type":"pong"}')
    """
    if isinstance(message, Frame):
        return message.text()
    return encode(message)


@dataclass(eq=False)
class Subscriber:
    """One connection's place in a channel: who it is and what waits to be sent."""

    viewer: Viewer
    queue: asyncio.Queue[JSON | None]
    dropped: bool = False
    close_code: int = 1000  # what the writer closes the socket with at the end of the stream

    def end(self, message: JSON, code: int) -> None:
        """Send ``message`` as the last one (whatever still waits is dropped), then close
        with ``code``."""
        self.dropped = True
        self.close_code = code
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(message)
        self.queue.put_nowait(None)

    def offer(self, message: JSON) -> bool:
        """Queue ``message``; False (and the subscriber is cut off) when it is too far behind."""
        if self.dropped:
            return False
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.dropped = True
            # Make room for the end-of-stream marker so the writer wakes and closes.
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)
            return False
        return True


@dataclass(eq=False)
class Channel:
    """The subscribers of one table and its event sequence."""

    table_id: str
    max_queued: int = MAX_QUEUED_MESSAGES
    seq: int = 0
    subscribers: list[Subscriber] = field(default_factory=list)
    changed: Callable[[], None] = lambda: None  # the lobby's ear: seats, watchers, events

    def subscribe(self, viewer: Viewer, snapshot: Projector) -> Subscriber:
        """Join: the subscriber's first message is the projected snapshot."""
        subscriber = Subscriber(viewer, asyncio.Queue(self.max_queued))
        subscriber.offer(self._message("snapshot", snapshot(viewer), None))
        self.subscribers.append(subscriber)
        self.changed()
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        if subscriber in self.subscribers:
            self.subscribers.remove(subscriber)
            self.changed()

    def _message(self, kind: str, state: JSON, event: str | None, **extra: Any) -> JSON:
        message: JSON = {"type": kind, "table": self.table_id, "seq": self.seq, "state": state}
        if event is not None:
            message["event"] = event
        message.update(extra)
        return message

    def publish(
        self,
        event: str,
        project: Projector,
        *,
        seq: int | None = None,
        kind: str = "event",
        **extra: Any,
    ) -> int:
        """Send every subscriber the table after ``event``, projected for it; the new seq.

        The seq is the next one, or ``seq`` when the number was given out elsewhere (Redis
        numbers a table's events for every process); a ``snapshot`` kind tells clients the
        numbers skipped some (healed: the state is whole either way).
        ``extra`` is public detail of the event (who acted, what), the same for every
        viewer: never put a card in it.
        """
        self.seq = self.seq + 1 if seq is None else seq
        # One message (and so one JSON text) per distinct viewer, shared by its sockets.
        shared: dict[ViewerKey, Frame] = {}
        for subscriber in list(self.subscribers):
            key = viewer_key(subscriber.viewer)
            frame = shared.get(key)
            if frame is None:
                frame = shared[key] = Frame(
                    self._message(kind, project(subscriber.viewer), event, **extra)
                )
            if not subscriber.offer(frame):
                self.unsubscribe(subscriber)
        self.changed()
        return self.seq

    def viewers(self) -> Iterator[Viewer]:
        return (s.viewer for s in self.subscribers)

    def counts(self) -> tuple[int, int]:
        """Distinct players and spectators (anonymous or not seated) watching now."""
        players = {v.player for v in self.viewers() if v.role is ViewerRole.PLAYER}
        spectators = sum(1 for v in self.viewers() if v.role is ViewerRole.SPECTATOR)
        return len(players), spectators


class Hub:
    """Every table's channel, created on first use."""

    def __init__(self, max_queued: int = MAX_QUEUED_MESSAGES) -> None:
        self.max_queued = max_queued
        self.channels: dict[str, Channel] = {}
        self.listeners: list[Callable[[], None]] = []

    def channel(self, table_id: str) -> Channel:
        found = self.channels.get(table_id)
        if found is None:
            found = self.channels[table_id] = Channel(
                table_id, self.max_queued, changed=self.changed
            )
        return found

    def listen(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever any table changes (an event, a viewer came or went):
        cheap and synchronous, it only notes that something did."""
        self.listeners.append(listener)

    def changed(self) -> None:
        for listener in self.listeners:
            listener()

    def publish(self, table_id: str, event: str, project: Projector, **extra: Any) -> int:
        return self.channel(table_id).publish(event, project, **extra)
