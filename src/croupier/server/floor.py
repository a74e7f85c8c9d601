"""The server's side of the tables: calls the table service off the event loop and
tells each table's channel what changed.

Rules and money stay in the casino core: seating is :class:`~croupier.casino.tables.Tables`,
stakes, decisions, the timer and settlement are :class:`~croupier.casino.rounds.Rounds`
(which moves chips only through the ledger). The floor only runs those calls
off the event loop: the commands on their own thread (SQLite serialises writers
anyway, and two would only poll each other's lock; on PostgreSQL, whose row locks
let different tables' commands run at once, on :data:`COMMAND_THREADS`, so one
command's round trips to the database do not hold up every other table's) and the
snapshots on another, which read while a command waits for its commit to reach the
disk; and builds each viewer's
snapshot: the table, who watches, and the round as the engine projects it for
that viewer (passed on as it is; only other players' card numbers become aliases,
:mod:`croupier.server.projection`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, TypeVar

from croupier.casino import Casino, NotFound
from croupier.casino.colour import ColourSettings
from croupier.casino.colour_desk import Colours
from croupier.casino.history import History
from croupier.casino.presence import DEFAULT_SEAT_GRACE_SECONDS, Presence
from croupier.casino.rounds import MAX_ACTIONS_PER_BOX, Rounds, RoundView
from croupier.casino.tables import TableConfig, TableInfo, Tables, limit_tier
from croupier.games.base import JSON, Viewer, ViewerRole
from croupier.games.common.tiers import DEFAULT_TIER
from croupier.profiles import load, profile_ids
from croupier.server.api_games import UNLOADABLE, playable
from croupier.server.bus import Carried, RedisBus
from croupier.server.hub import Hub, Subscriber, ViewerKey, viewer_key
from croupier.server.lease import ClockLease
from croupier.server.logs import log
from croupier.server.phases import Phase, timed_call
from croupier.server.projection import alias, anonymise
from croupier.store.round_models import TableMode

T = TypeVar("T")

# RULES.md §0's second tier from [003] (min 25 roubles, maximum payout 3000), the terminal's
# default table too, and a personal table's when the player names no tier.
DEMO_LIMITS = limit_tier(DEFAULT_TIER).limits
TIMER_PERIOD_S = 0.25
# A table's seats and open round are kept between events (this server makes every change to
# them and notes it); reread at least this often in case staff changed a table elsewhere.
INFO_TTL_S = 2.0
# With Redis connected every process hears of every change any process makes to a table (the
# notice drops or corrects what it kept; after an outage every table is read again), so only a
# change made outside the servers is left for the reread: reading the seats every 2 s cost a
# process with spectators of many tables three statements per table event, an eighth of its
# CPU at the load on PostgreSQL (docs/performance.md, eighth pass).
INFO_TTL_BUS_S = 30.0
# How often the clock looks for abandoned colour chips (their time is counted in minutes).
SWEEP_PERIOD_S = 30.0
# How often each process notes the players with a socket open at their tables, and the clock
# looks for public seats whose player is gone (the grace is counted in minutes).
PRESENCE_PERIOD_S = 10.0
DEPARTED_PERIOD_S = 5.0
# How long a command's answer waits for its own event to come back through Redis (so the
# client sees the event before the ack); beyond it Redis is in trouble and the ack goes anyway.
ECHO_WAIT_S = 2.0
# A round idle this long whose last decision ended it but which is not settled (its process
# died in between) is settled by the clock.
STUCK_AFTER_S = 2.0
# How often the clock looks for such rounds (it reads every idle round in play to find them:
# at a casino of personal tables, most of them; the decision times need the 0.25 s tick).
STUCK_CHECK_S = 1.0


# Command threads per process on PostgreSQL: a command spends most of its time waiting for
# the database's answers (a dozen round trips), and another table's command can use that
# time; the same round's commands still take turns on its row's lock, and the ledger locks
# accounts in id order (a deadlock the database breaks is retried by the idempotent command).
COMMAND_THREADS = 2
# The table events that only move its round (a stake, a deal, a decision, the clock's):
# the seats stay as they were.
ROUND_EVENTS = frozenset({"stake", "deal", "act", "timer"})


def round_table(round_id: str) -> int:
    """The table a round id belongs to (ids are ``t<table>-r<number>``).

    >>> round_table("t12-r7")
    12
    """
    return int(round_id.split("-", 1)[0][1:])


# (seq, event, detail, round, sent by this process, carried picture, when it arrived)
Notice = tuple[int, str, JSON, str | None, bool, Carried | None, float]
SPECTATOR = Viewer.spectator()
SPECTATORS = viewer_key(SPECTATOR)


class Floor:
    def __init__(
        self,
        casino: Casino,
        hub: Hub,
        colours: ColourSettings | None = None,
        *,
        bus: RedisBus | None = None,
        max_actions_per_box: int = MAX_ACTIONS_PER_BOX,
        seat_grace_seconds: int = DEFAULT_SEAT_GRACE_SECONDS,
        phase: Phase | None = None,
    ) -> None:
        self.casino = casino
        self.phase: Phase = phase or (lambda _name, _seconds: None)
        self.hub = hub
        self.bus = bus
        self.lease = ClockLease(casino.store)
        self.clock_owner = False
        self.demo = False
        # Notices from Redis, one queue and one courier task per table: in order per table,
        # and a table whose snapshot is slow never holds up another.
        self._inbox: dict[int, asyncio.Queue[Notice]] = {}
        self._couriers: dict[int, asyncio.Task[None]] = {}
        self._echoes: dict[int, list[tuple[int, asyncio.Future[None]]]] = defaultdict(list)
        colours = colours or ColourSettings()
        self.tables = Tables(casino.store, colours)
        self.rounds = Rounds(
            casino.store, casino.ledger, colours, max_actions_per_box=max_actions_per_box
        )
        self.colours = Colours(casino.store, colours)
        self._swept_at = 0.0
        self.presence = Presence(casino.store, colours)
        self.seat_grace = timedelta(seconds=seat_grace_seconds)
        self._noted_at = 0.0
        self._departed_at = 0.0
        self._stuck_checked_at = 0.0
        # A grace shorter than the usual periods (an operator's choice, a test's) is still kept:
        # a player present is noted several times within it (or their seat would be given back
        # under them), and the seats of those gone are looked for at least twice in it.
        self._presence_period = min(PRESENCE_PERIOD_S, seat_grace_seconds / 4)
        self._departed_period = min(DEPARTED_PERIOD_S, seat_grace_seconds / 2)
        self.history = History(casino.store)
        threads = 1 if casino.store.dialect == "sqlite" else COMMAND_THREADS
        self.worker = ThreadPoolExecutor(threads, thread_name_prefix="croupier-commands")
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

    async def command(self, fn: Callable[..., T], *args: Any) -> T:
        """:meth:`call`, timed (:func:`~croupier.server.phases.timed_call`)."""
        return await timed_call(self.call, self.phase, fn, *args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking read (a snapshot, the lobby) on the floor's reading thread."""
        return await asyncio.get_running_loop().run_in_executor(self.reader, fn, *args)

    async def look_back(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking look at the past (history, a recall) on the history thread."""
        return await asyncio.get_running_loop().run_in_executor(self.archive, fn, *args)

    # ------------------------------------------------------------ start-up

    async def claim_clock(self) -> bool:
        """Take the clock if no other process holds it; on taking it, run start-up recovery
        (and open the demo tables if asked and there are none)."""
        # SQLite is one process: its clock is always ours (no hop to a thread to be told so).
        held = await self.read(self.lease.hold) if self.lease.shared else True
        if held and not self.clock_owner:
            self.clock_owner = True
            await self.call(self.start_up, self.demo)
        self.clock_owner = held
        return held

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
        if self.bus is not None:  # first: no notice may start a courier after this
            await self.bus.stop()
        tasks = [t for t in (self._timer, *self._couriers.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.read(self.lease.release)
        self.worker.shutdown(wait=True)
        self.reader.shutdown(wait=True)
        self.archive.shutdown(wait=True)

    async def _tick_forever(self) -> None:
        checked = 0.0
        while True:
            await asyncio.sleep(TIMER_PERIOD_S)
            try:
                if time.monotonic() - self._noted_at >= self._presence_period:
                    self._noted_at = time.monotonic()
                    await self.note_present()
                # The owner checks its lease every tick; the others try for it every second.
                if self.clock_owner or time.monotonic() - checked >= 1.0:
                    checked = time.monotonic()
                    await self.claim_clock()
                if self.clock_owner:
                    await self.tick()
            except Exception:  # the clock must keep running whatever one round does
                log.exception("timer tick failed")

    async def tick(self) -> list[str]:
        """Let the timer decide where a public table's decision time ran out, and settle a
        round whose last decision was stored by a process that died before settling it."""
        touched = await self.call(self._clock_work)
        for round_id in touched:
            table_id = round_table(round_id)
            self.last_round[table_id] = round_id
            self._info.pop(table_id, None)
            await self.publish(table_id, "timer", round=round_id)
        if time.monotonic() - self._swept_at >= SWEEP_PERIOD_S:
            self._swept_at = time.monotonic()
            await self.sweep_colours()
        if time.monotonic() - self._departed_at >= self._departed_period:
            self._departed_at = time.monotonic()
            await self.free_departed()
        return touched

    async def note_present(self, now: datetime | None = None) -> int:
        """Every player with a socket open at a table here is seen there now (each process
        notes its own sockets, so a player is at a table whichever process serves them)."""
        present = [
            (table_id, viewer.player)
            for name, channel in list(self.hub.channels.items())
            if not self._personal(table_id := int(name))
            for viewer in channel.viewers()
            if viewer.role is ViewerRole.PLAYER and viewer.player is not None
        ]
        return await self.call(self.presence.seen, present, now) if present else 0

    def _personal(self, table_id: int) -> bool:
        """Known here to be a personal table (which keeps its player: nothing to note).
        A table's mode never changes, so a kept reading of it, however old, says it."""
        cached = self._info.get(table_id)
        return cached is not None and cached[1].mode is TableMode.PERSONAL

    async def free_departed(self, now: datetime | None = None) -> list[int]:
        """The public seats of players gone (no socket there for the grace time, or no
        live session) given back between rounds; each table told, and dealt by the house
        when every seat left is staked. Returns the tables touched."""
        freed = await self.call(self.presence.free_departed, self.seat_grace, now)
        tables = sorted({table_id for table_id, _card in freed})
        for table_id in tables:
            self._info.pop(table_id, None)
            await self.deal_if_ready(table_id)
        for table_id, card in freed:
            await self.publish(table_id, "stand", by=alias(card))
        return tables

    async def deal_if_ready(self, table_id: int) -> None:
        """A seat was given back at a public table: when every seat left is staked, the
        house deals the round taking stakes (no player may, and none need wait the clock)."""
        dealt = await self.call(self.rounds.deal_when_ready, table_id)
        if dealt is not None:
            self.last_round[table_id] = dealt
            self._info.pop(table_id, None)

    def _clock_work(self) -> list[str]:
        """A tick's work on the command thread, in one hand-over (blocking): the rounds
        the timer decided, then those it settled for a process that died."""
        touched = self.rounds.expire_due()
        if time.monotonic() - self._stuck_checked_at < STUCK_CHECK_S:
            return touched
        self._stuck_checked_at = time.monotonic()
        stuck = self.rounds.settle_stuck(timedelta(seconds=STUCK_AFTER_S))
        return touched + [r for r in stuck if r not in touched]

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

    def _known(self, table_id: int) -> TableInfo | None:
        """The table's seats and open round as kept, if read or told less than
        :data:`INFO_TTL_S` ago (:data:`INFO_TTL_BUS_S` while Redis is connected)."""
        cached = self._info.get(table_id)
        ttl = INFO_TTL_BUS_S if self.bus is not None and self.bus.connected else INFO_TTL_S
        if cached is not None and time.monotonic() - cached[0] < ttl:
            return cached[1]
        return None

    def info(self, table_id: int) -> TableInfo:
        """The table's seats and open round (blocking)."""
        known = self._known(table_id)
        if known is not None:
            return known
        info = self.tables.get(table_id)
        self._info[table_id] = (time.monotonic(), info)
        return info

    def note_table(self, info: TableInfo) -> None:
        """Seats changed (sit, stand, a new table): keep what the service answered."""
        self._info[info.id] = (time.monotonic(), info)

    def snapshot(
        self,
        table_id: int,
        viewer: Viewer,
        info: TableInfo | None = None,
        view: RoundView | None = None,
    ) -> JSON:
        """The table as ``viewer`` may see it now (blocking: call through :meth:`read`);
        ``view`` is the round as the viewer sees it, when read already."""
        info = info or self.info(table_id)
        round_id = info.open_round or self.last_round.get(table_id)
        round_json: JSON | None = None
        cards = set(info.seats.values())
        if round_id is not None:
            view = view or self.rounds.view(round_id, viewer)
            if view.closed and info.open_round == view.round_id:  # closed by another process
                info = replace(info, open_round=None)
                cached = self._info.get(table_id)
                if cached is not None and cached[1].open_round == view.round_id:
                    self._info[table_id] = (cached[0], replace(cached[1], open_round=None))
            round_json = view.to_json()
            cards |= {s.player for s in view.stakes}
        message: JSON = {"table": self.table_json(info, viewer), "round": round_json}
        if viewer.role is ViewerRole.PLAYER:
            message["you"] = viewer.player
        return anonymise(message, viewer, cards)

    def snapshots(self, table_id: int, viewers: list[Viewer]) -> dict[ViewerKey, JSON]:
        """One snapshot per distinct viewer (every spectator shares one), the table read once."""
        info = self.info(table_id)
        distinct = list({viewer_key(v): v for v in viewers}.values())
        round_id = info.open_round or self.last_round.get(table_id)
        views = self.rounds.views(round_id, distinct) if round_id is not None else None
        return {
            viewer_key(viewer): self.snapshot(table_id, viewer, info, views[i] if views else None)
            for i, viewer in enumerate(distinct)
        }

    async def publish(self, table_id: int, event: str, **extra: Any) -> int:
        """Tell everyone at the table what changed, each in their own projection: through
        Redis to every process when there is one, else (or while it is down) to this one's."""
        if self.bus is not None and self.bus.connected:
            channel = self.hub.channel(str(table_id))
            round_id = self.last_round.get(table_id)
            carried = None
            if event in ROUND_EVENTS and round_id is not None:
                carried = await self.read(self._carried, table_id, round_id)
            seq = await self.bus.publish(table_id, channel.seq, event, extra, round_id, carried)
            if seq is not None:
                await self._echo(table_id, seq)
                return seq
        return await self._send(table_id, None, event, extra, snapshot=False)

    def _carried(self, table_id: int, round_id: str) -> Carried | None:
        """The round as its spectators see it after this process's command, for the notice
        (blocking): the picture kept at its commit, no read; None if none is kept."""
        kept = self.rounds.kept_view(round_id, SPECTATOR)
        if kept is None:
            return None
        order, view = kept
        info = self._known(table_id)
        cards = (set() if info is None else set(info.seats.values())) | {
            s.player for s in view.stakes
        }
        return Carried(anonymise(view.to_json(), SPECTATOR, cards), view.closed, order)

    def _spectators_message(self, table_id: int, round_id: str, carried: Carried) -> JSON | None:
        """A spectator's snapshot made of a notice's picture and the table as kept here,
        with no read of the round (None when the table is not kept)."""
        info = self._known(table_id)
        if info is None:
            return None
        if carried.closed and info.open_round == round_id:  # as :meth:`snapshot` does
            info = replace(info, open_round=None)
            self._info[table_id] = (self._info[table_id][0], info)
        return {"table": self.table_json(info, SPECTATOR), "round": carried.round}

    async def _send(
        self,
        table_id: int,
        seq: int | None,
        event: str,
        extra: JSON,
        *,
        snapshot: bool,
        carried: tuple[str, Carried] | None = None,
    ) -> int:
        """Project the table for each of this process's viewers and queue it (under the next
        number, or ``seq``); the number sent."""
        channel = self.hub.channel(str(table_id))
        async with self._publishing[table_id]:
            if seq is not None and seq <= channel.seq:
                # A local delivery (Redis down) got here first: numbers never go back.
                seq, snapshot = channel.seq + 1, True
            ready: dict[ViewerKey, JSON] = {}
            spectators = any(v.role is ViewerRole.SPECTATOR for v in channel.viewers())
            if carried is not None and spectators:  # (with none here, nothing to read for them)
                if self._known(table_id) is None:  # kept for seconds; an event comes less often
                    await self.read(self.info, table_id)
                message = self._spectators_message(table_id, *carried)
                if message is not None:
                    ready[SPECTATORS] = message
            while True:  # viewers who joined while we computed get theirs too
                missing = [v for v in channel.viewers() if viewer_key(v) not in ready]
                if not missing:
                    break
                ready.update(await self.read(self.snapshots, table_id, missing))
            # No await from the last check to here: nobody can join in between.
            sent = channel.publish(
                event,
                lambda viewer: ready[viewer_key(viewer)],
                seq=seq,
                kind="snapshot" if snapshot else "event",
                **extra,
            )
        self._reached(table_id, sent)
        return sent

    # ------------------------------------------------------------ notices from Redis

    async def receive(
        self,
        table_id: int,
        seq: int,
        event: str,
        extra: JSON,
        round_id: str | None,
        mine: bool,
        carried: Carried | None = None,
    ) -> None:
        """A table notice from Redis (any process's, this one's too): queued for the table's
        courier, so the listener never waits on a snapshot."""
        inbox = self._inbox.get(table_id)
        if inbox is None:
            inbox = self._inbox[table_id] = asyncio.Queue()
            self._couriers[table_id] = asyncio.create_task(self._courier(table_id, inbox))
        inbox.put_nowait((seq, event, extra, round_id, mine, carried, time.perf_counter()))

    async def _courier(self, table_id: int, inbox: asyncio.Queue[Notice]) -> None:
        channel = self.hub.channel(str(table_id))
        while True:
            seq, event, extra, round_id, mine, carried, arrived = await inbox.get()
            try:
                if not mine:  # another process changed the table
                    self._told(table_id, event, round_id)
                snapshot = seq != channel.seq + 1
                if seq <= channel.seq and self.bus is not None:
                    # Redis restarted empty and numbers began again below ours: lift them.
                    seq = await self.bus.lift(table_id, channel.seq + 1)
                if snapshot:
                    log.info("sequence gap healed", extra={"table": table_id, "seq": seq})
                shown = None if carried is None or round_id is None else (round_id, carried)
                await self._send(table_id, seq, event, extra, snapshot=snapshot, carried=shown)
                if not mine and channel.subscribers:  # (its own: the intent's publish)
                    self.phase("delivery", time.perf_counter() - arrived)
            except Exception:
                log.exception("table notice failed", extra={"table": table_id})

    def _told(self, table_id: int, event: str, round_id: str | None) -> None:
        """Another process changed the table: a round's event (a stake, a decision, the
        clock's) leaves its seats as they were and shows the round it names (read for
        the snapshots, with the events it has that this process has not seen); anything
        else (seats, colour chips) makes the table's reading here stale."""
        if round_id is not None:
            self.last_round[table_id] = round_id
        cached = self._info.get(table_id)
        if event in ROUND_EVENTS and round_id is not None and cached is not None:
            # Shown as open until its view says it is closed (:meth:`snapshot`).
            self._info[table_id] = (cached[0], replace(cached[1], open_round=round_id))
            return
        self._info.pop(table_id, None)

    async def resync(self) -> None:
        """Redis is back after an outage: lift its counters to ours and send every viewer of
        this process a fresh snapshot (whatever happened meanwhile is in it)."""
        assert self.bus is not None
        self._info.clear()  # notices were missed meanwhile: every table is read again
        for name in list(self.hub.channels):
            table_id = int(name)
            channel = self.hub.channel(name)
            seq = await self.bus.lift(table_id, channel.seq + 1)
            await self._send(table_id, seq, "resync", {}, snapshot=True)

    def _reached(self, table_id: int, seq: int) -> None:
        waiting = self._echoes.get(table_id)
        if not waiting:
            return
        keep = []
        for target, future in waiting:
            if target <= seq:
                if not future.done():
                    future.set_result(None)
            else:
                keep.append((target, future))
        self._echoes[table_id] = keep

    async def _echo(self, table_id: int, seq: int) -> None:
        """Wait until this process has delivered ``seq`` of the table (or a later one)."""
        if self.hub.channel(str(table_id)).seq >= seq:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._echoes[table_id].append((seq, future))
        try:
            await asyncio.wait_for(future, ECHO_WAIT_S)
        except TimeoutError:
            log.warning("own event not back from redis", extra={"table": table_id, "seq": seq})

    async def join(self, table_id: int, viewer: Viewer) -> Subscriber:
        """Subscribe ``viewer`` to the table, its first message the snapshot.

        Under the table's publication lock, so no event can fall between the snapshot
        and the subscription (a change made meanwhile is in the snapshot, or in an
        event after it: a client never goes back to an older state).
        """
        if not 0 < table_id < 2**31:  # what the database can hold; anything else is no table
            raise NotFound(f"no table {table_id}", "table_not_found")
        info = self._known(table_id)
        if info is None:  # NotFound for a bad id, before anything is made
            info = await self.read(self.info, table_id)
        if info.mode is TableMode.PUBLIC and viewer.player in info.seats.values():
            # Back at the table: the grace for a player gone counts from now.
            await self.call(self.presence.seen, [(table_id, viewer.player)])
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
