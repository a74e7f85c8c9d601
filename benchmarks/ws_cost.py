"""The server's CPU per WebSocket join and per event frame, for each of uvicorn's WebSocket
implementations side by side (issue 15: the send path).

    .venv/bin/python benchmarks/ws_cost.py          # websockets-sansio, websockets[, wsproto]
    .venv/bin/python benchmarks/ws_cost.py --ws websockets-sansio --repeats 7

Starts ``croupier serve --ws IMPL`` (a fresh SQLite file, no demo tables) once per
implementation and repeat, alternating them, and measures the server process's CPU (from
/proc; the load generator's is not counted):

* **join**: ``--sockets`` spectators open a socket at a public table and read their first
  message (the HTTP upgrade, the routing, the first snapshot), CPU per socket;
* **intent**: the table's player sits down and stands up again and again (each intent one
  command, one event to every viewer and an ack), CPU per intent with nobody watching and
  with ``--watchers`` spectators; **frame**: the difference over the watchers, the CPU of
  one more viewer's copy of an event (its JSON is made once for all spectators).

``loop`` columns are the event loop's thread alone (where the sockets are read and written).
Prints the medians over the repeats and the ratios to the first implementation.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import cpu_seconds, free_port, make_players, start_server

IMPLEMENTATIONS = ("websockets-sansio", "websockets", "wsproto")


def loop_seconds(pid: int) -> float:
    """The CPU of the process's main thread (the event loop's), from /proc."""
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def public_table(url: str) -> int:
    from croupier.casino.tables import TableConfig, Tables
    from croupier.games.base import Limits
    from croupier.store.migrate import open_store
    from croupier.store.round_models import TableMode

    store = open_store(url)
    config = TableConfig("russian", Limits(100, 10_000, 1_000_000), TableMode.PUBLIC)
    table_id = Tables(store).create(config).id
    store.dispose()
    return table_id


async def watch(url: str, joined: asyncio.Event | None, stop: asyncio.Event) -> None:
    async with websockets.connect(url, max_size=None) as socket:
        await socket.recv()
        if joined is not None:
            joined.set()
        while not stop.is_set():
            try:
                await asyncio.wait_for(socket.recv(), 0.2)
            except TimeoutError:
                continue


async def joins(base: str, table: int, sockets: int, stop: asyncio.Event) -> list[Any]:
    """Open ``sockets`` spectators (50 at a time), each until its first message."""
    tasks = []
    for start in range(0, sockets, 50):
        flags = [asyncio.Event() for _ in range(start, min(sockets, start + 50))]
        url = f"{base}/ws/tables/{table}?as=spectator"
        tasks += [asyncio.create_task(watch(url, flag, stop)) for flag in flags]
        await asyncio.gather(*(flag.wait() for flag in flags))
    return tasks


async def sit_and_stand(base: str, table: int, token: str, intents: int) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    async with websockets.connect(
        f"{base}/ws/tables/{table}", additional_headers=headers, max_size=None
    ) as socket:
        await socket.recv()
        for n in range(intents):
            intent = "sit" if n % 2 == 0 else "stand"
            message = {"type": "intent", "intent": intent, "key": f"k{n}", "box": 1}
            await socket.send(json.dumps(message))
            acked = False
            while not acked:  # the event comes first, then the ack
                answer = json.loads(await socket.recv())
                if answer["type"] == "error":
                    raise SystemExit(f"{intent} refused: {answer}")
                acked = answer["type"] == "ack"


class Served:
    """``croupier serve --ws IMPL`` as its own process; ``meter``: its CPU seconds (the whole
    process, the event loop's thread)."""

    unit = ("ms", "loop ms")

    async def start(self, ws: str, folder: Path, url: str) -> int:
        os.environ["CROUPIER_WS"] = ws
        port = free_port()
        self.process = await start_server(port, folder, url, None)
        return port

    def meter(self) -> tuple[float, float]:
        pid = self.process.pid
        return cpu_seconds(pid) * 1000, loop_seconds(pid) * 1000

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Counted:
    """The same app and uvicorn settings on a thread of this process, with the Python calls
    its event loop makes counted (``--calls``: a figure a loaded machine does not blur)."""

    unit = ("calls", "calls")

    async def start(self, ws: str, folder: Path, url: str) -> int:
        import uvicorn

        from croupier.server import logs
        from croupier.server.app import create_app, uvicorn_settings
        from croupier.server.config import ServerConfig

        with contextlib.redirect_stderr(open(folder / "counted.log", "a")):
            logs.configure()  # the server's log lines cost calls too
        port = free_port()
        app = create_app(ServerConfig(database_url=url, demo_tables=False))
        self.server = uvicorn.Server(
            uvicorn.Config(app, **uvicorn_settings("127.0.0.1", port, ws=ws))
        )
        self.calls = 0

        def count(_frame: object, event: str, _arg: object) -> None:
            if event == "call":
                self.calls += 1

        def serve() -> None:
            sys.setprofile(count)  # this thread only: the event loop's
            self.server.run()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        while not self.server.started:
            await asyncio.sleep(0.05)
        return port

    def meter(self) -> tuple[float, float]:
        return float(self.calls), float(self.calls)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


async def measure(
    server: Served | Counted,
    ws: str,
    folder: Path,
    url: str,
    table: int,
    token: str,
    args: argparse.Namespace,
) -> dict[str, float]:
    base = f"ws://127.0.0.1:{await server.start(ws, folder, url)}"
    whole, loop = server.unit

    def since(before: tuple[float, float], per: int) -> tuple[float, float]:
        after = server.meter()
        return (after[0] - before[0]) / per, (after[1] - before[1]) / per

    figures: dict[str, float] = {}
    stop = asyncio.Event()
    try:
        await sit_and_stand(base, table, token, 4)  # warm: the first join, command, event
        before = server.meter()
        await sit_and_stand(base, table, token, args.intents)
        figures[f"intent {whole}"], figures[f"intent {loop}"] = since(before, args.intents)
        watchers = await joins(base, table, args.watchers, stop)
        await asyncio.sleep(0.5)
        before = server.meter()
        await sit_and_stand(base, table, token, args.intents)
        watched = since(before, args.intents)
        frame = [
            (watched[i] - figures[f"intent {u}"]) / args.watchers for i, u in enumerate(server.unit)
        ]
        figures[f"frame {whole}"], figures[f"frame {loop}"] = frame
        stop.set()
        await asyncio.gather(*watchers)
        await asyncio.sleep(0.5)
        stop = asyncio.Event()
        before = server.meter()
        joined = await joins(base, table, args.sockets, stop)
        figures[f"join {whole}"], figures[f"join {loop}"] = since(before, args.sockets)
        stop.set()
        await asyncio.gather(*joined)
    finally:
        server.stop()
    if isinstance(server, Counted):  # one count: the loop's
        figures = {k: v for k, v in figures.items() if "loop" not in k}
    return figures


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="croupier-ws-cost-"))
    url = f"sqlite:///{folder / 'ws.sqlite3'}"
    [(token, _personal)] = make_players(url, 1)
    table = public_table(url)
    print(
        f"load average {os.getloadavg()[0]:.1f} before; {args.sockets} joins, {args.intents} "
        f"intents, {args.watchers} watchers, {args.repeats} repeats, alternated"
    )
    results: dict[str, list[dict[str, float]]] = {ws: [] for ws in args.ws}
    for repeat in range(args.repeats):
        for ws in args.ws:
            server = Counted() if args.calls else Served()
            figures = await measure(server, ws, folder, url, table, token, args)
            results[ws].append(figures)
            shown = " ".join(f"{k} {v:.4g}" for k, v in figures.items())
            print(f"{repeat + 1} {ws:>17}: {shown} (load {os.getloadavg()[0]:.1f})", flush=True)
    keys = list(results[args.ws[0]][0])
    median: Callable[[str, str], float] = lambda ws, key: statistics.median(  # noqa: E731
        r[key] for r in results[ws]
    )
    print(f"{'medians':>19}: " + " ".join(f"{k:>13}" for k in keys))
    for ws in args.ws:
        print(f"{ws:>19}: " + " ".join(f"{median(ws, k):>13.4g}" for k in keys))
    for ws in args.ws[1:]:
        print(
            f"{ws + ' / ' + args.ws[0]:>19}: "
            + " ".join(f"{median(ws, k) / median(args.ws[0], k):>13.2f}" for k in keys)
        )
    print(f"server logs: {folder}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    installed = [i for i in IMPLEMENTATIONS if i != "wsproto" or importlib.util.find_spec(i)]
    parser.add_argument(
        "--ws",
        default=",".join(installed),
        help="uvicorn WebSocket implementations, comma-separated (wsproto if installed)",
    )
    parser.add_argument("--sockets", type=int, default=500, help="spectators joining")
    parser.add_argument("--watchers", type=int, default=200, help="spectators of the intents")
    parser.add_argument("--intents", type=int, default=200, help="sit/stand intents")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--calls",
        action="store_true",
        help="serve on a thread of this process and count its event loop's Python calls",
    )
    arguments = parser.parse_args()
    arguments.ws = arguments.ws.split(",")
    started = time.monotonic()
    asyncio.run(main(arguments))
    print(f"{time.monotonic() - started:.0f} s")
