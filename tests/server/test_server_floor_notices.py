"""What a process keeps of a table when another process changed it (a notice through
Redis): a round's event leaves the seats as read and shows the round it names, open until
its view says it closed; a change of seats makes the table be read again."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from croupier.casino import Casino, Registration
from croupier.casino.tables import TableConfig, TableMode
from croupier.games.base import Limits, Viewer
from croupier.server.floor import Floor
from croupier.server.hub import Hub
from croupier.store.testing import sqlite_store

from .conftest import FAST_HASHER, PASSWORD


def test_a_round_event_from_another_process_keeps_the_seats_and_shows_its_round(
    tmp_path: Path,
) -> None:
    with sqlite_store(tmp_path) as store:
        casino = Casino(store, hasher=FAST_HASHER)
        card = casino.players.register(
            Registration("Anna Petrova", date(1990, 5, 17), "passport", "4509 000001", PASSWORD)
        ).card_number
        casino.cashier.buy_chips("desk-1", card, 100_000)
        here, there = Floor(casino, Hub(16)), Floor(casino, Hub(16))  # two processes
        table = there.tables.create(
            TableConfig("russian", Limits(100, 10_000, 10**6), TableMode.PERSONAL)
        )
        there.tables.sit(table.id, card, 1)
        assert here.info(table.id).seats == {1: card}  # read once, kept
        reads: list[int] = []
        real_get = here.tables.get

        def counted(table_id: int) -> object:
            reads.append(table_id)
            return real_get(table_id)

        here.tables.get = counted  # type: ignore[method-assign]
        try:
            staked = there.rounds.stake("s-1", table.id, card, 1, {"ante": 1000})
            here._told(table.id, "stake", staked.round_id)
            shown = here.snapshots(table.id, [Viewer.spectator()])
            (snapshot,) = shown.values()
            assert snapshot["table"]["open_round"] == staked.round_id
            assert snapshot["round"]["round_id"] == staked.round_id
            assert reads == []  # the seats as read before: a stake moves none

            there.rounds.act("a-1", staked.round_id, card, {"box": 1, "act": "fold"})
            here._told(table.id, "act", staked.round_id)
            (snapshot,) = here.snapshots(table.id, [Viewer.spectator()]).values()
            assert snapshot["round"]["phase"] == "settled"
            assert snapshot["table"]["open_round"] is None  # its view said it closed
            assert here.info(table.id).open_round is None and reads == []

            there.tables.stand(table.id, card, 1)
            here._told(table.id, "stand", staked.round_id)
            assert here.info(table.id).seats == {} and reads == [table.id]  # read again
        finally:
            for floor in (here, there):
                floor.worker.shutdown()
                floor.reader.shutdown()
                floor.archive.shutdown()
