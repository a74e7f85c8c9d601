"""Recall under load: the largest round a casino allows, recalled again and again, while
other tables play (issue 12, finding 1).

    .venv/bin/python benchmarks/recall_load.py                # 8 s quiet, 8 s with recalls
    .venv/bin/python benchmarks/recall_load.py --seconds 20 --players 20 --recalls 10

Sets up (through the casino library, before the server starts) roulette rounds with
every box at the most decisions a box may take (8 colours x 100 bets: a public
table's 4 players with two boxes each; as many such rounds as ``--recalls`` needs
participants), and personal Russian-poker tables for ``--players`` players. Starts
``croupier serve`` (a fresh SQLite file), lets the players play for ``--seconds``
(the quiet phase), then again while ``--recalls`` participants recall their round in a
loop (10 recalls running at once by default; one at a time per player, as the server
allows; a 429 waits a second). Prints the recall's time and size
and the p50 / p99 of the other tables' decisions (intent sent to ack) in both
phases, and their ratio. Before the fix a 600-bet recall took 26 s and another
table's fold waited 25.8 s (41 ms quiet).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import PASSWORD, free_port, make_players, start_server

COLOURS = 8


def big_round(url: str, number: int) -> tuple[str, list[str]]:
    """A settled roulette round, each of its boxes at the cap; (round id, tokens)."""
    from datetime import date, timedelta

    from argon2 import PasswordHasher

    from croupier.casino import Casino, Registration
    from croupier.casino.rounds import MAX_ACTIONS_PER_BOX, Rounds
    from croupier.casino.tables import PUBLIC_MAX_PLAYERS, TableConfig, Tables
    from croupier.games.base import Limits
    from croupier.store.migrate import open_store
    from croupier.store.round_models import TableMode

    store = open_store(url)
    casino = Casino(store, hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    tables, rounds = Tables(store), Rounds(store, casino.ledger)
    table = tables.create(
        TableConfig("roulette", Limits(100, 5_000, 1_000_000), TableMode.PUBLIC, boxes=COLOURS)
    )
    people, tokens = [], []
    for n in range(PUBLIC_MAX_PLAYERS):
        card = casino.players.register(
            Registration(
                f"Recall Player {number} {n}",
                date(1980, 1, 1),
                "passport",
                f"RC {number} {n}",
                PASSWORD,
            )
        ).card_number
        casino.cashier.buy_chips(f"rc-{number}-{n}", card, 10**8)
        tokens.append(casino.auth.login(card, PASSWORD).token)
        people.append(card)
    cards = [people[box % len(people)] for box in range(COLOURS)]  # two boxes each
    for n, card in enumerate(cards):
        tables.sit(table.id, card, n + 1)
    round_id = ""
    for n, card in enumerate(cards):
        round_id = rounds.stake(f"{number}-s{n}", table.id, card, n + 1, {"chip": 100}).round_id
    for i in range(MAX_ACTIONS_PER_BOX):
        for n, card in enumerate(cards):
            bet = {"box": n + 1, "act": "bet", "spot": f"straight:{(i + n) % 37}", "amount": 100}
            rounds.act(f"{number}-b{n}-{i}", round_id, card, bet)
    # A public table: the house closes the bets when the betting time runs out, no player.
    rounds.expire_due(store.now() + timedelta(seconds=table.decision_seconds))
    store.dispose()
    return round_id, tokens


async def decide(base: str, token: str, table: int, stop: asyncio.Event, out: list[float]) -> None:
    """Stake and fold at a personal table, again and again; each intent-to-ack time."""
    keys = itertools.count()
    async with websockets.connect(
        f"{base}/ws/tables/{table}", additional_headers={"Authorization": f"Bearer {token}"}
    ) as ws:
        await ws.recv()
        while not stop.is_set():
            for intent in (
                {"intent": "stake", "box": 1, "stake": {"ante": 2500}},
                {"intent": "act", "action": {"box": 1, "act": "fold"}},
            ):
                key = f"{table}-{next(keys)}-{time.time_ns()}"
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "intent", "key": key, **intent}))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 120))
                    if message.get("key") == key:
                        out.append(time.perf_counter() - sent)
                        break
                await asyncio.sleep(0.05)


async def recall(
    http: httpx.AsyncClient,
    token: str,
    round_id: str,
    stop: asyncio.Event,
    out: list[tuple[float, int]],
) -> None:
    while not stop.is_set():
        sent = time.perf_counter()
        answer = await http.get(
            f"/api/history/{round_id}", headers={"Authorization": f"Bearer {token}"}, timeout=120
        )
        if answer.status_code == 200:
            out.append((time.perf_counter() - sent, len(answer.content)))
        else:
            await asyncio.sleep(1.0)  # over the per-player rate: wait as a client would


async def phase(
    port: int, players: list[tuple[str, int]], seconds: float, recallers: list[tuple[str, str]]
) -> tuple[list[float], list[tuple[float, int]]]:
    stop = asyncio.Event()
    decisions: list[float] = []
    recalls: list[tuple[float, int]] = []
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
        tasks = [
            asyncio.create_task(decide(f"ws://127.0.0.1:{port}", t, tb, stop, decisions))
            for t, tb in players
        ]
        tasks += [
            asyncio.create_task(recall(http, token, round_id, stop, recalls))
            for token, round_id in recallers
        ]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    return decisions, recalls


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'recall.sqlite3'}"
        started = time.perf_counter()
        from croupier.casino.tables import PUBLIC_MAX_PLAYERS  # participants of one round

        recallers: list[tuple[str, str]] = []  # (token, round id)
        for number in range(-(-args.recalls // PUBLIC_MAX_PLAYERS)):
            round_id, tokens = big_round(url, number)
            recallers += [(token, round_id) for token in tokens]
        recallers = recallers[: args.recalls]
        players = make_players(url, args.players)
        print(
            f"set-up: {time.perf_counter() - started:.1f} s ({COLOURS} boxes x 100 bets, "
            f"{len(recallers)} recallers)"
        )
        port = free_port()
        server = await start_server(port, Path(folder), url, None)
        try:
            quiet, _ = await phase(port, players, args.seconds, [])
            busy, recalls = await phase(port, players, args.seconds, recallers)
        finally:
            server.terminate()
            server.wait(10)
    times = [t for t, _ in recalls]
    size = max((s for _, s in recalls), default=0)
    print(
        f"recall of the largest round: {len(recalls)} done, "
        f"median {statistics.median(times):.2f} s, max {max(times):.2f} s, {size / 1e6:.2f} MB"
        if recalls
        else "no recall finished"
    )
    for name, values in (("quiet", quiet), ("recalling", busy)):
        print(
            f"other tables' decisions, {name}: n={len(values)} p50 {pct(values, 0.5):.0f} ms, "
            f"p99 {pct(values, 0.99):.0f} ms"
        )
    print(f"p99 ratio recalling / quiet: {pct(busy, 0.99) / pct(quiet, 0.99):.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--recalls", type=int, default=10, help="recalls running at once")
    asyncio.run(main(parser.parse_args()))
