"""Server load benchmark: many WebSocket clients on loopback, one server process.

    .venv/bin/python benchmarks/server_load.py                 # the default steps
    .venv/bin/python benchmarks/server_load.py --steps 100:20,1000:200 --seconds 20

Starts ``croupier serve`` as its own process (a fresh SQLite file, demo tables
off) and steps up the load: at each step ``clients:players`` connections are
open, ``players`` of them playing Russian poker on personal tables (one table
each: stake, decide, settle, again, with a think time between decisions) and
the rest watching those tables as spectators. For every accepted action it
measures the time from sending the intent to the moment *each* viewer of that
table (the player and the table's spectators) has received the event it
caused, and reports p50 / p95 / p99 of those delays, actions per second and
errors (refused intents, dropped connections, missing events). Everything is
bounded in time; nothing leaves the machine.

Goal (issue 5): 1,000 connected clients (200 playing) with p99 under 150 ms
and no errors, on the 2-core test machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

PASSWORD = "load test password"
RUN = os.getpid()
DEFAULT_STEPS = "100:20,250:50,500:100,1000:200"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Table:
    table_id: int
    # seq -> when each viewer received it (perf_counter), filled by the readers
    received: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    viewers: int = 1


@dataclass
class Stats:
    delays: list[float] = field(default_factory=list)
    actions: int = 0
    errors: list[str] = field(default_factory=list)


async def start_server(port: int, folder: Path, url: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "CROUPIER_DATABASE_URL": url}
    binary = Path(sys.executable).with_name("croupier")
    server = subprocess.Popen(
        [str(binary), "serve", "--port", str(port), "--no-demo"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(folder / "server.log", "wb"),  # noqa: SIM115 - kept for the process's life
    )
    async with httpx.AsyncClient() as http:
        for _ in range(200):
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(f"http://127.0.0.1:{port}/api/profiles")).status_code == 200:
                    return server
            await asyncio.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start; see its log in " + str(folder))


def make_players(url: str, count: int) -> list[tuple[str, int]]:
    """Players with chips, a session and a personal Russian-poker table each; (token, table).

    Made through the casino library before the server starts (with cheap argon2
    settings), so the set-up does not spend minutes hashing passwords; the
    server then finds them in its database like any other players.
    """
    from datetime import date

    from argon2 import PasswordHasher

    from croupier.casino import Casino, Registration
    from croupier.casino.tables import TableConfig, Tables
    from croupier.games.base import Limits
    from croupier.store.migrate import open_store
    from croupier.store.round_models import TableMode

    store = open_store(url)
    casino = Casino(store, hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    tables = Tables(store)
    made = []
    for n in range(count):
        profile = casino.players.register(
            Registration(f"Load Player {n}", date(1985, 1, 1), "passport", f"LOAD {n}", PASSWORD)
        )
        casino.cashier.buy_chips(f"load-{n}", profile.card_number, 10**8)
        token = casino.auth.login(profile.card_number, PASSWORD).token
        table = tables.create(
            TableConfig("russian", Limits(2500, 25000, 300000), TableMode.PERSONAL)
        )
        tables.sit(table.id, profile.card_number, 1)
        made.append((token, table.id))
    store.dispose()
    return made


async def spectate(ws_base: str, table: Table, stop: asyncio.Event, stats: Stats) -> None:
    try:
        async with websockets.connect(f"{ws_base}/ws/tables/{table.table_id}?as=spectator") as ws:
            while True:  # until cancelled: the last actions' events are still counted
                message = json.loads(await ws.recv())
                if message["type"] == "event":
                    table.received[message["seq"]].append(time.perf_counter())
    except (OSError, websockets.WebSocketException) as error:
        if not stop.is_set():
            stats.errors.append(f"spectator of table {table.table_id}: {error!r}")


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    rnd = state.get("round")
    if not rnd or rnd["phase"] != "playing" or not rnd["legal"]:
        return None
    acts = {e["act"]: e for e in rnd["legal"]}
    for act in ("play", "take_ante"):
        if act in acts and rng.random() < 0.8:
            return {"box": 1, "act": act}
    if "exchange" in acts and rng.random() < 0.5:
        cards = next(b for b in rnd["view"]["boxes"] if b["box"] == 1)["cards"][:1]
        return {"box": 1, "act": "exchange", "cards": cards}
    first = "fold" if "fold" in acts else next(iter(acts))
    return {"box": 1, "act": first}


async def play(
    ws_base: str,
    token: str,
    table: Table,
    stop: asyncio.Event,
    stats: Stats,
    think: float,
    rng: random.Random,
) -> None:
    keys = itertools.count(int(time.time() * 1000) % 10**9)
    headers = {"Authorization": f"Bearer {token}"}
    try:
        async with websockets.connect(
            f"{ws_base}/ws/tables/{table.table_id}", additional_headers=headers
        ) as ws:
            state = json.loads(await ws.recv())["state"]
            seated = "1" in state["table"]["seats"]
            if not seated:
                await ws.send(
                    json.dumps({"type": "intent", "key": "sit", "intent": "sit", "box": 1})
                )
            while not stop.is_set():
                await asyncio.sleep(think * (0.5 + rng.random()))
                action = choose(state, rng)
                key = f"{RUN}-{table.table_id}-{next(keys)}"
                if action is None:
                    intent: dict[str, Any] = {"intent": "stake", "box": 1, "stake": {"ante": 2500}}
                else:
                    intent = {"intent": "act", "action": action}
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "intent", "key": key, **intent}))
                acked: int | None = None
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if message["type"] in ("event", "snapshot"):
                        state = message["state"]
                        table.received[message["seq"]].append(time.perf_counter())
                    if message.get("key") == key:
                        if message["type"] == "error":
                            stats.errors.append(f"table {table.table_id}: {message['message']}")
                        else:
                            acked = message["seq"]
                    if acked is not None and message.get("seq", -1) >= acked:
                        break
                    if message["type"] == "error" and message.get("key") == key:
                        break
                if acked is not None:
                    stats.actions += 1
                    asyncio.get_running_loop().call_later(2.0, collect, table, acked, sent, stats)
    except (OSError, TimeoutError, websockets.WebSocketException) as error:
        if not stop.is_set():
            stats.errors.append(f"player at table {table.table_id}: {error!r}")


def collect(table: Table, seq: int, sent: float, stats: Stats) -> None:
    """Two seconds after an action: every viewer should have had its event by now."""
    arrivals = table.received.pop(seq, [])
    if len(arrivals) < table.viewers:
        stats.errors.append(
            f"table {table.table_id} seq {seq}: {len(arrivals)} of {table.viewers} viewers got it"
        )
    stats.delays.extend(max(0.0, t - sent) for t in arrivals)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_step(
    base: str, players: list[tuple[str, Table]], clients: int, seconds: float, think: float
) -> Stats:
    ws_base = base.replace("http", "ws", 1)
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(len(players))
    spectators = clients - len(players)
    for table in (t for _, t in players):
        table.viewers = 1
        table.received.clear()
    watchers = []
    for i in range(spectators):
        table = players[i % len(players)][1]
        table.viewers += 1
        watchers.append(asyncio.create_task(spectate(ws_base, table, stop, stats)))
    await asyncio.sleep(min(5.0, 0.5 + spectators / 300))  # let them connect
    actors = [
        asyncio.create_task(play(ws_base, token, table, stop, stats, think, rng))
        for token, table in players
    ]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.sleep(2.5)  # the last collections
    for task in actors + watchers:
        task.cancel()
    await asyncio.gather(*actors, *watchers, return_exceptions=True)
    return stats


async def main(args: argparse.Namespace) -> None:
    steps = [tuple(int(x) for x in step.split(":")) for step in args.steps.split(",")]
    most_players = max(p for _, p in steps)
    folder = Path(tempfile.mkdtemp(prefix="croupier-load-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    url = f"sqlite:///{folder / 'load.sqlite3'}"
    started = time.perf_counter()
    made = make_players(url, most_players)
    print(f"set-up: {most_players} players and tables in {time.perf_counter() - started:.1f} s")
    server = await start_server(port, folder, url)
    try:
        players = [(token, Table(table_id)) for token, table_id in made]
        print(
            f"{'clients':>8} {'playing':>8} {'actions/s':>10} {'p50 ms':>8} {'p95 ms':>8} "
            f"{'p99 ms':>8} {'errors':>7}"
        )
        for clients, playing in steps:
            stats = await run_step(base, players[:playing], clients, args.seconds, args.think)
            ms = [d * 1000 for d in stats.delays]
            print(
                f"{clients:>8} {playing:>8} {stats.actions / args.seconds:>10.1f} "
                f"{percentile(ms, 0.50):>8.1f} {percentile(ms, 0.95):>8.1f} "
                f"{percentile(ms, 0.99):>8.1f} {len(stats.errors):>7}",
                flush=True,
            )
            for error in stats.errors[:3]:
                print(f"         error: {error}")
        print(
            f"median of all: {statistics.median(ms) if ms else float('nan'):.1f} ms; "
            f"server log: {folder / 'server.log'}"
        )
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default=DEFAULT_STEPS, help="clients:playing,...")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured time per step")
    parser.add_argument("--think", type=float, default=8.0, help="mean seconds between decisions")
    asyncio.run(main(parser.parse_args()))
