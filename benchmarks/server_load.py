"""Server load benchmark: many WebSocket clients on loopback, one or more server processes.

    .venv/bin/python benchmarks/server_load.py                 # the default steps
    .venv/bin/python benchmarks/server_load.py --steps 100:20,1000:200 --seconds 20
    .venv/bin/python benchmarks/server_load.py --processes 2   # PostgreSQL + Redis

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

``--processes N`` (issue 15) runs N server processes on one PostgreSQL (a throw-away
schema of ``--database``) and one Redis (``--redis``); each player connects to one
process and its table's spectators to the others, so every spectator's delay is a
cross-process delivery, reported on its own. Each step also reports the server
processes' CPU per action (from /proc) and the load generator's own event-loop lag
(how late a 10 ms timer fires): when that lag is of the order of the delays, the
figure is the generator's, not the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
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
    # seq -> when each viewer received it (perf_counter) and whether through another
    # process than the player's, filled by the readers
    received: dict[int, list[tuple[float, bool]]] = field(default_factory=lambda: defaultdict(list))
    viewers: int = 1


@dataclass
class Stats:
    delays: list[float] = field(default_factory=list)
    crossed: list[float] = field(default_factory=list)  # delays of other processes' viewers
    lags: list[float] = field(default_factory=list)  # the generator's event-loop lateness
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    joined: int = 0  # sockets that have their first snapshot
    all_joined: asyncio.Event = field(default_factory=asyncio.Event)
    # the servers' CPU seconds and the actions counted when every socket had joined
    cpu_joined: float = float("nan")
    actions_joined: int = 0

    def join(self, expected: int) -> None:
        self.joined += 1
        if self.joined == expected:
            self.all_joined.set()


def cpu_seconds(pid: int) -> float:
    """User + system CPU a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure_lag(stop: asyncio.Event, stats: Stats) -> None:
    """How late a 10 ms sleep wakes up, again and again: the generator's own delay."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.lags.append(max(0.0, time.perf_counter() - start - 0.01))


# The processes of one run share one server secret (it keys the players' aliases).
RUN_SECRET = secrets.token_hex(32)


async def start_server(
    port: int, folder: Path, url: str, redis_url: str | None
) -> subprocess.Popen[bytes]:
    env = {**os.environ, "CROUPIER_DATABASE_URL": url}
    if redis_url:
        env["CROUPIER_REDIS_URL"] = redis_url
        env.setdefault("CROUPIER_SECRET", RUN_SECRET)  # one for every process of the run
    binary = Path(sys.executable).with_name("croupier")
    server = subprocess.Popen(
        [str(binary), "serve", "--port", str(port), "--no-demo"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(folder / f"server-{port}.log", "wb"),  # noqa: SIM115 - the process's life
    )
    async with httpx.AsyncClient() as http:
        for _ in range(900):  # up to 90 s: a loaded machine starts a process slowly
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


async def spectate(
    ws_base: str, table: Table, stop: asyncio.Event, stats: Stats, crossed: bool, clients: int
) -> None:
    try:
        async with websockets.connect(f"{ws_base}/ws/tables/{table.table_id}?as=spectator") as ws:
            joined = False
            while True:  # until cancelled: the last actions' events are still counted
                message = json.loads(await ws.recv())
                if not joined:
                    joined = True
                    stats.join(clients)
                if message["type"] == "event":
                    table.received[message["seq"]].append((time.perf_counter(), crossed))
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
    clients: int,
) -> None:
    keys = itertools.count(int(time.time() * 1000) % 10**9)
    headers = {"Authorization": f"Bearer {token}"}
    try:
        async with websockets.connect(
            f"{ws_base}/ws/tables/{table.table_id}", additional_headers=headers
        ) as ws:
            state = json.loads(await ws.recv())["state"]
            stats.join(clients)
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
                        table.received[message["seq"]].append((time.perf_counter(), False))
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
    stats.delays.extend(max(0.0, t - sent) for t, _crossed in arrivals)
    stats.crossed.extend(max(0.0, t - sent) for t, crossed in arrivals if crossed)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_step(
    bases: list[str],
    players: list[tuple[str, Table]],
    clients: int,
    seconds: float,
    think: float,
    cpu: Callable[[], float],
) -> Stats:
    """One step: player i on process i mod N, its spectators on the processes after it."""
    ws_bases = [base.replace("http", "ws", 1) for base in bases]
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(len(players))
    spectators = clients - len(players)
    for table in (t for _, t in players):
        table.viewers = 1
        table.received.clear()
    watchers = []
    for i in range(spectators):
        index = i % len(players)
        table = players[index][1]
        table.viewers += 1
        home = index % len(bases)
        where = (home + 1 + i // len(players) % max(1, len(bases) - 1)) % len(bases)
        watchers.append(
            asyncio.create_task(
                spectate(ws_bases[where], table, stop, stats, where != home, clients)
            )
        )
    await asyncio.sleep(min(5.0, 0.5 + spectators / 300))  # let them connect
    lag = asyncio.create_task(measure_lag(stop, stats))
    actors = [
        asyncio.create_task(
            play(ws_bases[i % len(bases)], token, table, stop, stats, think, rng, clients)
        )
        for i, (token, table) in enumerate(players)
    ]
    started = time.perf_counter()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stats.all_joined.wait(), seconds)
    # From here on the servers' CPU is the actions' (and the idle sockets'), not the joins'.
    stats.cpu_joined, stats.actions_joined = cpu(), stats.actions
    await asyncio.sleep(max(0.0, seconds - (time.perf_counter() - started)))
    stop.set()
    await asyncio.sleep(2.5)  # the last collections
    for task in [*actors, *watchers, lag]:
        task.cancel()
    await asyncio.gather(*actors, *watchers, lag, return_exceptions=True)
    return stats


@contextlib.contextmanager
def database(processes: int, postgres: str) -> Iterator[tuple[str, Path]]:
    """A fresh SQLite file for one process; a throw-away PostgreSQL schema for several."""
    folder = Path(tempfile.mkdtemp(prefix="croupier-load-"))
    if processes == 1 and not postgres.startswith("postgresql"):
        yield f"sqlite:///{folder / 'load.sqlite3'}", folder
        return
    from croupier.store.testing import postgres_store

    with postgres_store(postgres) as store:
        yield store.url, folder


async def main(args: argparse.Namespace) -> None:
    steps = [tuple(int(x) for x in step.split(":")) for step in args.steps.split(",")]
    most_players = max(p for _, p in steps)
    redis_url = args.redis if args.processes > 1 else None
    with database(args.processes, args.database) as (url, folder):
        started = time.perf_counter()
        made = make_players(url, most_players)
        print(f"set-up: {most_players} players and tables in {time.perf_counter() - started:.1f} s")
        print(
            f"cpu: {cpu_model()} x {os.cpu_count()}; {args.processes} server process(es); "
            f"database {url[:10]}...; load average {os.getloadavg()[0]:.1f} before the run"
        )
        ports = [free_port() for _ in range(args.processes)]
        servers = [await start_server(port, folder, url, redis_url) for port in ports]
        try:
            await run_steps(args, steps, made, ports, servers)
            print(f"server logs: {folder}")
        finally:
            for server in servers:
                server.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    server.wait(10)


def cpu_model() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


async def run_steps(
    args: argparse.Namespace,
    steps: list[tuple[int, ...]],
    made: list[tuple[str, int]],
    ports: list[int],
    servers: list[subprocess.Popen[bytes]],
) -> None:
    players = [(token, Table(table_id)) for token, table_id in made]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    print(
        f"{'run':>3} {'clients':>8} {'playing':>8} {'actions/s':>10} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'p99 ms':>8} {'cross p99':>9} {'cpu ms/act':>10} {'steady ms':>10} {'join ms':>8} "
        f"{'gen lag p99':>11} {'errors':>7} "
        f"{'load':>5}"
    )
    results: dict[tuple[int, ...], list[tuple[float, float, float, float]]] = defaultdict(list)
    for run, (clients, playing) in itertools.product(range(1, args.runs + 1), steps):

        def servers_cpu() -> float:
            return sum(cpu_seconds(s.pid) for s in servers)

        phases_before = await phase_counts(bases)  # (before the CPU: a scrape reads counts)
        cpu_before = servers_cpu()
        spy = (
            profile(servers[0].pid, args.seconds, args.profile, clients, args.gil)
            if args.profile
            else None
        )
        stats = await run_step(
            bases, players[:playing], clients, args.seconds, args.think, servers_cpu
        )
        cpu_after = servers_cpu()
        phases = subtract(await phase_counts(bases), phases_before)  # (after it, likewise)
        cpu = cpu_after - cpu_before
        acted = max(1, stats.actions - stats.actions_joined)
        steady = (cpu_after - stats.cpu_joined) * 1000 / acted
        per_join = (stats.cpu_joined - cpu_before) * 1000 / clients
        if spy is not None:
            spy.wait(30)
        ms = [d * 1000 for d in stats.delays]
        crossed = [d * 1000 for d in stats.crossed]
        lags = [d * 1000 for d in stats.lags]
        per_action = cpu * 1000 / stats.actions if stats.actions else float("nan")
        rate, p99 = stats.actions / args.seconds, percentile(ms, 0.99)
        results[(clients, playing)].append((rate, p99, per_action, steady))
        print(
            f"{run:>3} {clients:>8} {playing:>8} {rate:>10.1f} "
            f"{percentile(ms, 0.50):>8.1f} {percentile(ms, 0.95):>8.1f} "
            f"{p99:>8.1f} {percentile(crossed, 0.99):>9.1f} "
            f"{per_action:>10.1f} {steady:>10.2f} {per_join:>8.2f} "
            f"{percentile(lags, 0.99):>11.1f} {len(stats.errors):>7} "
            f"{os.getloadavg()[0]:>5.1f}",
            flush=True,
        )
        for error in stats.errors[:3]:
            print(f"         error: {error}")
        print(phase_line(phases))
        raw = Path(f"{args.profile}-{clients}.txt")
        if spy is not None and raw.exists():
            print(flame_summary(raw))
            parts = budget(raw)
            print(
                "  per-decision budget (cpu ms/act split by the profile; first process): "
                + ", ".join(f"{name} {share * per_action:.1f}" for name, share in parts.items())
            )
    if args.runs > 1:
        for (clients, playing), rows in results.items():
            rates, p99s, cpus, steadies = zip(*rows, strict=True)
            print(
                f"{clients}:{playing} over {len(rows)} runs: actions/s "
                + " ".join(f"{r:.1f}" for r in rates)
                + "; p99 ms "
                + " ".join(f"{p:.0f}" for p in p99s)
                + "; cpu ms/act "
                + " ".join(f"{c:.1f}" for c in cpus)
                + "; steady cpu ms/act "
                + " ".join(f"{c:.2f}" for c in steadies)
            )
    print(
        "cpu ms/act: the server processes' CPU (all threads) over the step / actions; "
        "it includes the spectators' snapshots and sends, and every socket's join (the "
        "handshake, the session, the first snapshot). steady ms: the same from the moment "
        "every socket had joined (the actions and the idle sockets only). join ms: the CPU "
        "until then per socket. load: the machine's 1-minute "
        "load average after the step (other work on it makes every figure but cpu ms/act "
        "worse). --think 0: every player acts as soon as its last action is answered, so "
        "actions/s is the server's decisions per second at saturation."
    )


# Where an intent's time goes, from the servers' own histograms
# (croupier_intent_phase_seconds, docs/operations.md): phase -> (upper bound -> count), the
# count and the sum, summed over every process.
Phases = dict[str, tuple[dict[float, float], float, float]]


async def phase_counts(bases: list[str]) -> Phases:
    from prometheus_client.parser import text_string_to_metric_families

    found: Phases = {}
    async with httpx.AsyncClient(timeout=10) as http:
        for base in bases:
            text = (await http.get(f"{base}/metrics")).text
            for family in text_string_to_metric_families(text):
                if family.name != "croupier_intent_phase_seconds":
                    continue
                for sample in family.samples:
                    name = sample.labels["phase"]
                    buckets, count, total = found.get(name, ({}, 0.0, 0.0))
                    if sample.name.endswith("_bucket"):
                        bound = float(sample.labels["le"])
                        buckets = {**buckets, bound: buckets.get(bound, 0.0) + sample.value}
                    elif sample.name.endswith("_count"):
                        count += sample.value
                    elif sample.name.endswith("_sum"):
                        total += sample.value
                    found[name] = (buckets, count, total)
    return found


def subtract(after: Phases, before: Phases) -> Phases:
    out: Phases = {}
    for name, (buckets, count, total) in after.items():
        was_buckets, was_count, was_total = before.get(name, ({}, 0.0, 0.0))
        out[name] = (
            {b: n - was_buckets.get(b, 0.0) for b, n in buckets.items()},
            count - was_count,
            total - was_total,
        )
    return out


def quantile(buckets: dict[float, float], count: float, q: float) -> float:
    """As Prometheus's histogram_quantile: linear within the bucket the rank falls in."""
    rank, lower, below = q * count, 0.0, 0.0
    for bound in sorted(buckets):
        if buckets[bound] >= rank:
            if bound == float("inf"):
                return lower
            share = (rank - below) / max(buckets[bound] - below, 1e-12)
            return lower + (bound - lower) * share
        lower, below = bound, buckets[bound]
    return lower


PHASE_ORDER = ("session", "queue", "command", "publish", "delivery")


def phase_line(phases: Phases) -> str:
    """Each phase's mean and p99 (ms) over the step, all processes together."""
    parts = []
    for name in PHASE_ORDER:
        if name not in phases or phases[name][1] <= 0:
            continue
        buckets, count, total = phases[name]
        parts.append(
            f"{name} {total / count * 1000:.1f} / {quantile(buckets, count, 0.99) * 1000:.0f}"
        )
    return "  where an action's time goes, mean / p99 ms (servers' histograms): " + ", ".join(parts)


def profile(
    pid: int, seconds: float, prefix: str, clients: int, gil: bool
) -> subprocess.Popen[bytes]:
    """py-spy (a dev tool: pip install py-spy) samples the first server over the step, each
    stack under its thread's name (the event loop, the command and the snapshot threads);
    ``gil``: only the thread holding the GIL (the Python CPU, not the waits for the disk)."""
    spy = Path(sys.executable).with_name("py-spy")
    return subprocess.Popen(
        [
            *(str(spy), "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "250"),
            *("--format", "raw", "--nonblocking", "--threads", "-o", f"{prefix}-{clients}.txt"),
            *(["--gil"] if gil else []),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


# Libraries whose frames are summed as one line each (where the time goes outside our code).
LIBRARIES = {
    "sqlalchemy/orm": "SQLAlchemy ORM (all)",
    "sqlalchemy/engine": "SQLAlchemy Core execution (all)",
    "sqlalchemy/sql": "SQLAlchemy SQL compilation (all)",
    "sqlite3": "sqlite3 driver (all)",
    "psycopg": "psycopg driver (all)",
    "websockets/": "websockets (all)",
    "json/": "json (all)",
    "redis/": "redis client (all)",
}


def _frame_name(frame: str) -> str | None:
    """``func (path:line)`` as ``func (file)`` for our code, a library's line, or None."""
    function, _, where = frame.partition(" (")
    path = where.rsplit(":", 1)[0]
    for marker, name in LIBRARIES.items():
        if marker in path:
            return name
    if "croupier/" in path:
        return f"{function} ({path.split('croupier/', 1)[1]})"
    return None


# The per-decision budget: each busy sample goes to the part its innermost frame that
# belongs to one of these shows: the database (SQLAlchemy and the driver), the engine
# (rules, cards, replay; counted as projection when a projection called it), the
# projection (a viewer's picture of the round and the table), the send (JSON, the
# WebSocket protocol, the channel). Anything else (the event loop, the threads handing
# work over, the command's own logic, logging) is "other".
BUDGET = (
    ("database", ("sqlalchemy/", "sqlite3", "psycopg", "croupier/store/")),
    ("engine", ("croupier/games/", "croupier/cards/", "croupier/casino/replay.py")),
    (
        "projection",
        (
            "croupier/casino/round_view.py",
            "croupier/server/projection.py",
            "snapshot (",
            "snapshots (",
            "table_json (",
        ),
    ),
    (
        "send",
        (
            "websockets/",
            "json/",
            "croupier/server/hub.py",
            "_writer (",
            "protocols/websockets",
            "starlette/websockets",
        ),
    ),
)


def _part(frame: str) -> str | None:
    return next((name for name, markers in BUDGET if any(m in frame for m in markers)), None)


def stacks(raw: Path) -> Iterator[tuple[str, list[str], int]]:
    """py-spy's raw lines: (thread name, frames outermost first, samples); a line cut short
    (py-spy could not read the whole stack) is left out."""
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        frames = stack.split(";")
        thread = ""
        if frames[0].startswith("thread ("):  # --threads: "thread (TID): NAME"
            thread = frames.pop(0).split(": ", 1)[-1].rsplit("_", 1)[0]
        yield thread, frames, int(count)


def budget(raw: Path) -> dict[str, float]:
    """The share of the busy samples per part of :data:`BUDGET` (and ``other``)."""
    shares: dict[str, int] = defaultdict(int)
    total = 0
    for _thread, frames, count in stacks(raw):
        total += count
        part = next((p for f in reversed(frames) if (p := _part(f)) is not None), "other")
        if part == "engine" and any(_part(f) == "projection" for f in frames):
            part = "projection"
        shares[part] += count
    return {name: shares[name] / max(1, total) for name in (*dict(BUDGET), "other")}


def flame_summary(raw: Path, top: int = 20) -> str:
    """Our functions and the libraries most often on the stack (inclusive share of the
    busy samples; py-spy leaves idle threads out), and each thread's share."""
    inclusive: dict[str, int] = defaultdict(int)
    threads: dict[str, int] = defaultdict(int)
    total = 0
    for thread, frames, samples in stacks(raw):
        total += samples
        threads[thread or "?"] += samples
        for name in {_frame_name(frame) for frame in frames} - {None}:
            inclusive[str(name)] += samples
    ranked = sorted(inclusive.items(), key=lambda item: -item[1])[:top]
    lines = [f"  {100 * n / max(1, total):5.1f} %  {name}" for name, n in ranked]
    by_thread = ", ".join(
        f"{name} {100 * n / max(1, total):.0f} %"
        for name, n in sorted(threads.items(), key=lambda item: -item[1])
    )
    return (
        f"  flame summary ({total} busy samples, inclusive):\n"
        + "\n".join(lines)
        + f"\n  by thread: {by_thread}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default=DEFAULT_STEPS, help="clients:playing,...")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured time per step")
    parser.add_argument("--think", type=float, default=8.0, help="mean seconds between decisions")
    parser.add_argument("--processes", type=int, default=1, help="server processes")
    parser.add_argument("--runs", type=int, default=1, help="repeat the steps (five runs: 5)")
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite (one process only) or a PostgreSQL URL (a throw-away schema is made in it); "
        "several processes default to postgresql+psycopg://postgres@127.0.0.1:5432/test",
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="for --processes > 1")
    parser.add_argument(
        "--profile",
        default="",
        help="py-spy the first server each step; raw stacks to PREFIX-N.txt",
    )
    parser.add_argument(
        "--gil", action="store_true", help="with --profile: sample the GIL's holder only"
    )
    arguments = parser.parse_args()
    if arguments.processes > 1 and not arguments.database.startswith("postgresql"):
        arguments.database = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    asyncio.run(main(arguments))
