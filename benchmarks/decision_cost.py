"""The round runner alone: what one stake or decision costs the server, in process.

    .venv/bin/python benchmarks/decision_cost.py                  # SQLite (a WAL file)
    .venv/bin/python benchmarks/decision_cost.py --database postgresql+psycopg://postgres@127.0.0.1:5432/test

Players at personal Russian-poker tables stake and decide through
:class:`~croupier.casino.rounds.Rounds` (each command one transaction: the
idempotency record, the event, the holds, and for the last decision the
settlement and the round's close), each command followed by the views a table
shows (the player's and the spectators'), as the server would. Printed per
command: the process's CPU time (the least of ``--runs`` runs: other work on
the machine only adds to it), the wall time (the CPU and every wait for the
database's answers: on PostgreSQL its round trips, one after another), the SQL
statements sent and the Python function calls made (both counted, so they do not
depend on the machine's load).
Nothing is asserted; ``server_load.py`` measures the whole server.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import tempfile
import time
from contextlib import contextmanager
from datetime import date
from typing import Any

from argon2 import PasswordHasher
from sqlalchemy import event

from croupier.casino import Casino, Registration
from croupier.casino.rounds import Rounds, RoundView
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store import Store
from croupier.store.hot import Sent
from croupier.store.migrate import open_store
from croupier.store.round_models import Phase, TableMode
from croupier.store.testing import postgres_store


@contextmanager
def database(url: str) -> Any:
    if url.startswith("postgresql"):
        with postgres_store(url) as store:
            yield store
        return
    store = open_store(f"sqlite:///{tempfile.mkdtemp(prefix='croupier-cost-')}/cost.sqlite3")
    try:
        yield store
    finally:
        store.dispose()


def players(store: Store, count: int) -> list[tuple[str, int]]:
    """(card, table): players with chips, each seated at a personal table."""
    casino = Casino(store, hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    tables = Tables(store)
    made = []
    for n in range(count):
        profile = casino.players.register(
            Registration(
                f"Cost Player {n}", date(1985, 1, 1), "passport", f"COST {n}", "cost test password"
            )
        )
        casino.cashier.buy_chips(f"buy-{n}", profile.card_number, 10**8)
        table = tables.create(
            TableConfig("russian", Limits(2500, 25000, 300000), TableMode.PERSONAL)
        )
        tables.sit(table.id, profile.card_number, 1)
        made.append((profile.card_number, table.id))
    return made


def choose(view: RoundView | None, rng: random.Random) -> dict[str, Any] | None:
    """The load generator's player (server_load.py): play or take the ANTE mostly."""
    if view is None or view.phase is not Phase.PLAYING or not view.legal:
        return None
    acts = {e.act for e in view.legal}
    for act in ("play", "take_ante"):
        if act in acts and rng.random() < 0.8:
            return {"box": 1, "act": act}
    if "exchange" in acts and rng.random() < 0.5:
        shown = view.to_json()["view"]
        cards = next(b for b in shown["boxes"] if b["box"] == 1)["cards"][:1]
        return {"box": 1, "act": "exchange", "cards": cards}
    return {"box": 1, "act": "fold" if "fold" in acts else sorted(acts)[0]}


class Table:
    def __init__(self, rounds: Rounds, made: list[tuple[str, int]]) -> None:
        self.rounds, self.made, self.keys = rounds, made, 0
        self.shown: dict[int, RoundView] = {}
        self.rng = random.Random(1)

    def commands(self, per_player: int) -> int:
        """Each player's next ``per_player`` commands, each with the table's views."""
        done = 0
        for _ in range(per_player):
            for card, table_id in self.made:
                self.keys += 1
                action = choose(self.shown.get(table_id), self.rng)
                if action is None:
                    view = self.rounds.stake(f"k{self.keys}", table_id, card, 1, {"ante": 2500})
                else:
                    view = self.rounds.act(f"k{self.keys}", view_id(self, table_id), card, action)
                self.rounds.views(view.round_id, [Viewer.spectator(), Viewer.of(card)])
                self.shown[table_id] = view
                done += 1
        return done


def view_id(table: Table, table_id: int) -> str:
    return table.shown[table_id].round_id


def main(args: argparse.Namespace) -> None:
    with database(args.database) as store:
        table = Table(Rounds(store), players(store, args.players))
        table.commands(5)  # warm: profiles loaded, statements compiled and cached
        cpu, wall = [], []
        for _ in range(args.runs):
            start, started = time.process_time(), time.perf_counter()
            done = table.commands(args.commands)
            cpu.append(1000 * (time.process_time() - start) / done)
            wall.append(1000 * (time.perf_counter() - started) / done)
        statements = 0

        def count(*_: object) -> None:
            nonlocal statements
            statements += 1

        event.listen(store.engine, "before_cursor_execute", count)
        sent = Sent.statements  # the ones run on the driver's cursor (croupier.store.hot)
        profiler = cProfile.Profile()
        profiler.enable()
        done = table.commands(args.commands)
        profiler.disable()
        event.remove(store.engine, "before_cursor_execute", count)
        statements += Sent.statements - sent
        calls = pstats.Stats(profiler).total_calls
        load = os.getloadavg()[0]
        print(
            f"database: {store.dialect}; {done} commands per run ({args.players} tables); "
            f"load average {load:.1f}"
        )
        print(
            f"cpu ms per command: {min(cpu):.2f} (runs: {' '.join(f'{c:.2f}' for c in cpu)}); "
            f"wall ms per command: {min(wall):.2f} (runs: {' '.join(f'{w:.2f}' for w in wall)}); "
            f"SQL statements per command: {statements / done:.1f}; "
            f"Python calls per command: {calls / done:.0f}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="sqlite", help="sqlite or a PostgreSQL URL")
    parser.add_argument("--players", type=int, default=4, help="personal tables, one each")
    parser.add_argument("--commands", type=int, default=40, help="commands per player per run")
    parser.add_argument("--runs", type=int, default=3)
    main(parser.parse_args())
