"""The server's side of the tables: calls the table service off the event loop and
tells each table's channel what changed.

Rules and money stay in the casino core: seating is :class:`~croupier.casino.tables.Tables`,
stakes, decisions, the timer and settlement are :class:`~croupier.casino.rounds.Rounds`
(which moves chips only through the ledger). The floor only runs those calls
on two threads, one for the commands (the database serialises writers anyway,
and two would only poll each other's lock) and one for the snapshots, which
read while a command waits for its commit to reach the disk; and builds each viewer's
snapshot: the table, who watches, and the round as the engine projects it for
that viewer, guarded once more by :mod:`croupier.server.projection`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, TypeVar

from croupier.casino import Casino, NotFound
from croupier.casino.colour import ColourSettings
from croupier.casino.colour_desk import Colours
from croupier.casino.history import History
from croupier.casino.rounds import MAX_ACTIONS_PER_BOX, Rounds, RoundView
from croupier.casino.tables import DEFAULT_TIER, TableConfig, TableInfo, Tables, limit_tier
from croupier.games.base import JSON, Viewer, ViewerRole
from croupier.profiles import load, profile_ids
from croupier.server.api_games import UNLOADABLE, playable
from croupier.server.hub import Hub, Subscriber, ViewerKey, viewer_key
from croupier.server.logs import log
from croupier.server.projection import alias, anonymise, guard_round
from croupier.store.round_models import TableMode

T = TypeVar("T")

# RULES.md §0's second tier from [003] (min 25 roubles, maximum payout 3000), the terminal's
# default table too, and a personal table's when the player names no tier.
DEMO_LIMITS = limit_tier(DEFAULT_TIER).limits
TIMER_PERIOD_S = 0.25
# A table's seats and open round are kept between events (this server makes every change to
# them and notes it); reread at least this often in case staff changed a table elsewhere.
INFO_TTL_S = 2.0
# How often the clock looks for abandoned colour chips (their time is counted in minutes).
SWEEP_PERIOD_S = 30.0


def round_table(round_id: str) -> int:
    """The table a round id belongs to (ids are ``t<table>-r<number>``).

    >>> round_table("t12-r7")
    12
    """
    return int(round_id.split("-", 1)[0][1:])


class Floor:
    def __init__(
        self,
        casino: Casino,
        hub: Hub,
        colours: ColourSettings | None = None,
        *,
        max_actions_per_box: int = MAX_ACTIONS_PER_BOX,
    ) -> None:
        self.casino = casino
        self.hub = hub
        colours = colours or ColourSettings()
        self.tables = Tables(casino.store, colours)
        self.rounds = Rounds(
            casino.store, casino.ledger, colours, max_actions_per_box=max_actions_per_box
        )
        self.colours = Colours(casino.store, colours)
        self._swept_at = 0.0
        self.history = History(casino.store)
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="croupier-commands")
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="croupier-snapshots")
        # Looking back (history pages, recalls that replay whole rounds) never waits in
        # line with, or holds up, a decision at a table: a thread of its own.
        self.archive = ThreadPoolExecutor(1, thread_name_prefix="croupier-history")
        # One publication at a time per table, so a later seq never carries an older state.
        self._publishing: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # The round a table showed last, so its settlement stays on screen until the next one.
        self.last_round: dict[int, str] = {}
        self._timer: asyncio.Task[None] | None = None
        self._info: dict[int, tuple[float, TableInfo]] = {}

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking service call (a command) on the floor's command thread."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, fn, *args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking read (a snapshot, the lobby) on the floor's reading thread."""
        return await asyncio.get_running_loop().run_in_executor(self.reader, fn, *args)

    async def look_back(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking look at the past (history, a recall) on the history thread."""
        return await asyncio.get_running_loop().run_in_executor(self.archive, fn, *args)

    # ------------------------------------------------------------ start-up

    def start_up(self, demo: bool) -> list[str]:
        """Resume open rounds and open the demo tables if there are none (blocking)."""
        done = self.rounds.recover()
        for line in done:
            log.info("round recovered", extra={"result": line})
        if demo and not self.tables.list():
            for pid in profile_ids():
                try:
                    profile = load(pid)
                except UNLOADABLE:
                    continue
                if not playable(profile.game):
                    continue
                for mode in (TableMode.PERSONAL, TableMode.PUBLIC):
                    self.tables.create(
                        TableConfig(pid, DEMO_LIMITS, mode, name=f"{profile.name} ({mode.value})")
                    )
            log.info("demo tables created", extra={"tables": len(self.tables.list())})
        return done

    def start_timer(self) -> None:
        self._timer = asyncio.create_task(self._tick_forever())

    async def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timer
        self.worker.shutdown(wait=True)
        self.reader.shutdown(wait=True)
        self.archive.shutdown(wait=True)

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TIMER_PERIOD_S)
            try:
                await self.tick()
            except Exception:  # the clock must keep running whatever one round does
                log.exception("timer tick failed")

    async def tick(self) -> list[str]:
        """Let the timer decide where a public table's decision time ran out."""
        touched = await self.call(self.rounds.expire_due)
        for round_id in touched:
            table_id = round_table(round_id)
            self.last_round[table_id] = round_id
            self._info.pop(table_id, None)
            await self.publish(table_id, "timer", round=round_id)
        if time.monotonic() - self._swept_at >= SWEEP_PERIOD_S:
            self._swept_at = time.monotonic()
            await self.sweep_colours()
        return touched

    async def sweep_colours(self) -> list[int]:
        """Abandoned colour chips changed back, their boxes freed; each table told."""
        cleared = await self.call(self.colours.sweep)
        for table_id in sorted(set(cleared)):
            self._info.pop(table_id, None)
            await self.publish(table_id, "colour_chips")
        return cleared

    # ------------------------------------------------------------ snapshots

    def table_json(self, info: TableInfo, viewer: Viewer) -> JSON:
        data = info.to_json()
        players, spectators = self.hub.channel(str(info.id)).counts()
        data["watching"] = {"players": players, "spectators": spectators}
        data["players"] = len(info.players)
        return anonymise(data, viewer, set(info.seats.values()))

    def info(self, table_id: int) -> TableInfo:
        """The table's seats and open round (blocking)."""
        cached = self._info.get(table_id)
        if cached is not None and time.monotonic() - cached[0] < INFO_TTL_S:
            return cached[1]
        info = self.tables.get(table_id)
        self._info[table_id] = (time.monotonic(), info)
        return info

    def note_table(self, info: TableInfo) -> None:
        """Seats changed (sit, stand, a new table): keep what the service answered."""
        self._info[info.id] = (time.monotonic(), info)

    def snapshot(self, table_id: int, viewer: Viewer, info: TableInfo | None = None) -> JSON:
        """The table as ``viewer`` may see it now (blocking: call through :meth:`read`)."""
        info = info or self.info(table_id)
        round_id = info.open_round or self.last_round.get(table_id)
        round_json: JSON | None = None
        cards = set(info.seats.values())
        if round_id is not None:
            view = self.rounds.view(round_id, viewer)
            round_json = guard_round(view.to_json(), viewer)
            cards |= {s.player for s in view.stakes}
        message: JSON = {"table": self.table_json(info, viewer), "round": round_json}
        if viewer.role is ViewerRole.PLAYER:
            message["you"] = viewer.player
        return anonymise(message, viewer, cards)

    def snapshots(self, table_id: int, viewers: list[Viewer]) -> dict[ViewerKey, JSON]:
        """One snapshot per distinct viewer (every spectator shares one), the table read once."""
        info = self.info(table_id)
        found: dict[ViewerKey, JSON] = {}
        for viewer in viewers:
            key = viewer_key(viewer)
            if key not in found:
                found[key] = self.snapshot(table_id, viewer, info)
        return found

    async def publish(self, table_id: int, event: str, **extra: Any) -> int:
        """Tell everyone at the table what changed, each in their own projection."""
        channel = self.hub.channel(str(table_id))
        async with self._publishing[table_id]:
            ready: dict[ViewerKey, JSON] = {}
            while True:  # viewers who joined while we computed get theirs too
                missing = [v for v in channel.viewers() if viewer_key(v) not in ready]
                if not missing:
                    break
                ready.update(await self.read(self.snapshots, table_id, missing))
            # No await from the last check to here: nobody can join in between.
            return channel.publish(event, lambda viewer: ready[viewer_key(viewer)], **extra)

    async def join(self, table_id: int, viewer: Viewer) -> Subscriber:
        """Subscribe ``viewer`` to the table, its first message the snapshot.

        Under the table's publication lock, so no event can fall between the snapshot
        and the subscription (a change made meanwhile is in the snapshot, or in an
        event after it: a client never goes back to an older state).
        """
        if not 0 < table_id < 2**31:  # what the database can hold; anything else is no table
            raise NotFound(f"no table {table_id}")
        await self.read(self.info, table_id)  # NotFound before anything is made for a bad id
        channel = self.hub.channel(str(table_id))
        async with self._publishing[table_id]:
            first = await self.read(self.snapshot, table_id, viewer)
            return channel.subscribe(viewer, lambda _viewer: first)

    def remember(self, view: RoundView) -> None:
        """A command answered with the round's view: it is the table's round now, open or
        just closed (its settlement stays on screen until the next one)."""
        self.last_round[view.table_id] = view.round_id
        cached = self._info.get(view.table_id)
        if cached is not None:
            open_round = None if view.closed else view.round_id
            self._info[view.table_id] = (cached[0], replace(cached[1], open_round=open_round))

    def lobby(self, viewer: Viewer) -> list[JSON]:
        return [self.table_json(info, viewer) for info in self.tables.list()]


__all__ = ["DEMO_LIMITS", "Floor", "alias", "round_table"]
