"""The lobby, pushed: ``/ws/lobby`` sends the list of tables, then again whenever it changes.

A table changes when its channel publishes (a box taken or left, a round
dealt or settled, a table opened: from this process or, through Redis, any
other) or a viewer comes or goes (the watcher counts). The hub tells the feed
so synchronously and cheaply; the feed waits a moment so that a burst of
changes costs one read, reads the tables once, and sends each lobby socket
its own view (another player's personal table is anonymised per viewer) only
when it differs from what that socket last got. The first message is the
whole lobby, so a client that reconnects misses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field

from fastapi import WebSocket, WebSocketDisconnect

from croupier.casino import CasinoError
from croupier.games.base import JSON, Viewer
from croupier.server.floor import Floor
from croupier.server.hub import Hub
from croupier.server.security import viewer_profile
from croupier.server.state import ServerState, connection_state
from croupier.server.ws import same_origin

# A plain Starlette route, added first by the app, as the table socket (ws.table_socket).
PATH = "/ws/lobby"

# A burst of changes (a round's events, ten viewers arriving) is read once.
SETTLE_S = 0.2
CLOSE_FORBIDDEN = 4403


@dataclass(eq=False)
class Watcher:
    viewer: Viewer
    queue: asyncio.Queue[JSON] = field(default_factory=lambda: asyncio.Queue(8))
    last: list[JSON] | None = None

    def offer(self, tables: list[JSON]) -> None:
        """Queue the lobby if it differs from what was sent; a watcher too far behind keeps
        only the newest (each message is the whole lobby)."""
        if tables == self.last:
            return
        self.last = tables
        while self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait({"type": "lobby", "tables": tables})


class LobbyFeed:
    """Every open lobby socket of this process, and the one task that refreshes them."""

    def __init__(self, floor: Floor, hub: Hub, settle_s: float = SETTLE_S) -> None:
        self.floor = floor
        self.settle_s = settle_s
        self.watchers: list[Watcher] = []
        self._dirty = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        hub.listen(self._dirty.set)

    async def watch(self, viewer: Viewer) -> Watcher:
        """A new lobby socket: its first message is the lobby now."""
        watcher = Watcher(viewer)
        watcher.offer(await self.floor.read(self.floor.lobby, viewer))
        self.watchers.append(watcher)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._refresh())
        return watcher

    def leave(self, watcher: Watcher) -> None:
        if watcher in self.watchers:
            self.watchers.remove(watcher)
        if not self.watchers:
            self._dirty.set()  # wakes the refresher, which ends

    async def _refresh(self) -> None:
        """Until the last lobby socket closes: after each change, one read, then every
        watcher its own view."""
        while True:
            await self._dirty.wait()
            if not self.watchers:
                return
            await asyncio.sleep(self.settle_s)
            self._dirty.clear()
            infos = await self.floor.read(self.floor.tables.list)
            for watcher in list(self.watchers):
                watcher.offer([self.floor.table_json(info, watcher.viewer) for info in infos])


def lobby_feed(state: ServerState) -> LobbyFeed:
    """The process's feed, made on the first lobby socket."""
    feed = state.extras.get("lobby")
    if not isinstance(feed, LobbyFeed):
        feed = state.extras["lobby"] = LobbyFeed(state.floor, state.hub)
    return feed


async def _send(socket: WebSocket, watcher: Watcher) -> None:
    while True:
        message = await watcher.queue.get()
        await socket.send_text(json.dumps(message, separators=(",", ":")))


async def lobby_socket(socket: WebSocket) -> None:
    """The lobby as ``GET /api/tables`` gives it, pushed: ``{"type": "lobby", "tables": [...]}``."""
    state = connection_state(socket)
    await socket.accept()
    if not same_origin(socket):
        await socket.close(CLOSE_FORBIDDEN)
        return
    try:
        profile = await state.floor.read(viewer_profile, socket)
    except CasinoError:
        profile = None  # an ended session watches the lobby as a visitor does
    viewer = Viewer.spectator() if profile is None else Viewer.of(profile.card_number)
    feed = lobby_feed(state)
    watcher = await feed.watch(viewer)
    sender = asyncio.create_task(_send(socket, watcher))
    try:
        while True:  # the client says nothing; this notices it leaving
            if (await socket.receive())["type"] == "websocket.disconnect":
                break
    except WebSocketDisconnect:
        pass
    finally:
        feed.leave(watcher)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
