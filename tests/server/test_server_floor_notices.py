"""What a process keeps of a table when another process changed it (a notice through
Redis): a round's event leaves the seats as read and shows the round it names, open until
its view says it closed; a change of seats makes the table be read again."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest

from croupier.casino import Casino, Registration
from croupier.casino.tables import TableConfig, TableMode
from croupier.games.base import Limits, Viewer
from croupier.server import floor as floor_module
from croupier.server.bus import Carried, RedisBus
from croupier.server.floor import INFO_TTL_BUS_S, INFO_TTL_S, SPECTATOR, Floor
from croupier.server.hub import Hub
from croupier.store.testing import sqlite_store

from .conftest import FAST_HASHER, PASSWORD

REDIS_URL = "redis://127.0.0.1:6379/0"  # make test starts it (make services)


@contextmanager
def two_processes(tmp_path: Path, mode: TableMode) -> Iterator[tuple[Floor, Floor, int, str]]:
    """Two floors on one database (two processes, their notices delivered by hand): a
    table made by the second with a player seated at box 1; (here, there, table, card)."""
    with sqlite_store(tmp_path) as store:
        casino = Casino(store, hasher=FAST_HASHER)
        card = casino.players.register(
            Registration("Anna Petrova", date(1990, 5, 17), "passport", "4509 000001", PASSWORD)
        ).card_number
        casino.cashier.buy_chips("desk-1", card, 100_000)
        here, there = Floor(casino, Hub(16)), Floor(casino, Hub(16))
        table = there.tables.create(TableConfig("russian", Limits(100, 10_000, 10**6), mode))
        there.tables.sit(table.id, card, 1)
        try:
            yield here, there, table.id, card
        finally:
            for floor in (here, there):
                floor.worker.shutdown()
                floor.reader.shutdown()
                floor.archive.shutdown()


def counted_reads(floor: Floor) -> list[int]:
    """The tables whose seats ``floor`` reads from now on, in order (it still reads them)."""
    reads: list[int] = []
    real_get = floor.tables.get

    def counted(table_id: int) -> object:
        reads.append(table_id)
        return real_get(table_id)

    floor.tables.get = counted  # type: ignore[method-assign]
    return reads


def test_a_round_event_from_another_process_keeps_the_seats_and_shows_its_round(
    tmp_path: Path,
) -> None:
    with two_processes(tmp_path, TableMode.PERSONAL) as (here, there, table, card):
        assert here.info(table).seats == {1: card}  # read once, kept
        reads = counted_reads(here)
        staked = there.rounds.stake("s-1", table, card, 1, {"ante": 1000})
        here._told(table, "stake", staked.round_id)
        shown = here.snapshots(table, [Viewer.spectator()])
        (snapshot,) = shown.values()
        assert snapshot["table"]["open_round"] == staked.round_id
        assert snapshot["round"]["round_id"] == staked.round_id
        assert reads == []  # the seats as read before: a stake moves none

        there.rounds.act("a-1", staked.round_id, card, {"box": 1, "act": "fold"})
        here._told(table, "act", staked.round_id)
        (snapshot,) = here.snapshots(table, [Viewer.spectator()]).values()
        assert snapshot["round"]["phase"] == "settled"
        assert snapshot["table"]["open_round"] is None  # its view said it closed
        assert here.info(table).open_round is None and reads == []

        there.tables.stand(table, card, 1)
        here._told(table, "stand", staked.round_id)
        assert here.info(table).seats == {} and reads == [table]  # read again


def test_a_spectators_message_from_the_picture_another_process_carried_is_their_snapshot(
    tmp_path: Path,
) -> None:
    """The round a command's process carries in its notice, with the table as kept here,
    is what a spectator here would have read: after a stake (open) and a fold (settled)."""
    with two_processes(tmp_path, TableMode.PUBLIC) as (here, there, table, card):
        here.info(table)
        staked = there.rounds.stake("s-1", table, card, 1, {"ante": 1000})
        orders = []
        for event, command in (
            ("stake", None),
            ("act", lambda: there.rounds.act("a-1", staked.round_id, card,
                                             {"box": 1, "act": "fold"})),
        ):  # fmt: skip
            if command is not None:
                command()
            carried = there._carried(table, staked.round_id)
            assert carried is not None
            orders.append(carried.order)
            assert card not in str(carried.round)  # a spectator sees aliases only
            here._told(table, event, staked.round_id)
            made = here._spectators_message(table, staked.round_id, carried)
            assert made == here.snapshot(table, SPECTATOR)
        assert orders[0] < orders[1] and carried.closed


def test_the_bus_holds_back_a_picture_older_than_one_it_let_through() -> None:
    """Real Redis: a command's notice published after a later command's carries its
    picture marked not to be shown (its receivers read the round instead)."""

    async def run() -> list[tuple[int, str, bool]]:
        bus = RedisBus(REDIS_URL, f"test-{secrets.token_hex(4)}")
        got: list[tuple[int, str, bool]] = []
        done = asyncio.Event()

        async def deliver(
            table: int, seq: int, event: str, _x: object, _r: object, _mine: bool,
            carried: Carried | None,
        ) -> None:  # fmt: skip
            got.append((seq, event, carried is not None))
            if len(got) == 4:
                done.set()

        async def resync() -> None:
            return None

        await bus.start(deliver, resync)
        try:
            picture = {"round_id": "t7-r1"}
            for event, order in (("later", 9), ("earlier", 5), ("same", 9), ("none", -1)):
                carried = None if order < 0 else Carried(picture, False, order)
                await bus.publish(7, 0, event, {}, "t7-r1", carried)
            await asyncio.wait_for(done.wait(), 10)
        finally:
            await bus.stop()
        return got

    assert asyncio.run(run()) == [
        (1, "later", True), (2, "earlier", False), (3, "same", True), (4, "none", False)
    ]  # fmt: skip


def test_with_redis_connected_the_seats_are_kept_until_a_notice_or_a_reconnect(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without Redis a table's seats are read again after INFO_TTL_S; with Redis connected
    (every change any process makes arrives as a notice) they are kept INFO_TTL_BUS_S, until
    a notice of a seat change, or Redis coming back after an outage, drops them."""
    clock = [1000.0]
    monkeypatch.setattr(floor_module, "time", SimpleNamespace(monotonic=lambda: clock[0]))

    async def run(here: Floor, table: int) -> list[bool]:
        kept = []
        here.info(table)
        clock[0] += INFO_TTL_S + 1
        kept.append(here._known(table) is not None)  # no Redis: read again
        here.bus = RedisBus(REDIS_URL, f"test-{secrets.token_hex(4)}")
        await here.bus.start(here.receive, here.resync)
        try:
            assert here.bus.connected
            here.info(table)
            clock[0] += INFO_TTL_BUS_S - 1
            kept.append(here._known(table) is not None)  # Redis: kept
            here._told(table, "stand", None)
            kept.append(here._known(table) is not None)  # a seat changed elsewhere
            here.info(table)
            await here.resync()
            kept.append(here._known(table) is not None)  # Redis back: read again
        finally:
            await here.bus.stop()
        return kept

    with two_processes(tmp_path, TableMode.PUBLIC) as (here, _there, table, _card):
        assert asyncio.run(run(here, table)) == [False, True, False, False]


def test_a_carried_picture_is_given_to_the_spectators_here_and_read_for_nobody(
    tmp_path: Path,
) -> None:
    """A notice's picture reaches this process's spectators as their snapshot; where this
    process has no spectator of the table, nothing is read for it (not even the seats)."""
    with two_processes(tmp_path, TableMode.PUBLIC) as (here, there, table, card):
        staked = there.rounds.stake("s-1", table, card, 1, {"ante": 1000})
        carried = there._carried(table, staked.round_id)
        assert carried is not None
        reads = counted_reads(here)

        async def run() -> object:
            shown = (staked.round_id, carried)
            await here._send(table, 1, "stake", {}, snapshot=False, carried=shown)
            assert reads == []  # nobody here: nothing read
            channel = here.hub.channel(str(table))
            watcher = channel.subscribe(SPECTATOR, lambda _viewer: {})
            watcher.queue.get_nowait()  # its first snapshot
            await here._send(table, 2, "stake", {}, snapshot=False, carried=shown)
            return watcher.queue.get_nowait()

        sent = asyncio.run(run())
        assert reads == [table]  # the seats, once; the round came with the notice
        assert isinstance(sent, dict) and sent["state"] == here.snapshot(table, SPECTATOR)
