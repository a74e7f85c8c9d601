"""The browser client's first screen: time from navigation to the lobby's tiles, and the bundle.

    .venv/bin/python benchmarks/web_first_screen.py [--runs 5]

Serves the built client (make webapp) from an in-process server on loopback with the demo
tables, opens /app/ in Debian's Chromium (headless, a fresh context each run, so nothing is
cached) and reports the median and worst time until the lobby shows its first Play button,
plus the JavaScript and CSS sizes raw and gzipped. Goal (issue 13): under 1 s on localhost,
the JavaScript under 250 KB gzipped. Nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import tempfile
import time

from argon2 import PasswordHasher
from playwright.sync_api import sync_playwright

from croupier.server.app import WEBAPP, create_app
from croupier.server.config import ServerConfig
from croupier.server.testing import running_server

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def sizes() -> None:
    for kind in ("js", "css"):
        for path in sorted((WEBAPP / "assets").glob(f"*.{kind}")):
            raw = path.read_bytes()
            packed = len(gzip.compress(raw)) / 1024
            print(f"{path.name}: {len(raw) / 1024:.1f} KB, gzipped {packed:.1f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    if not (WEBAPP / "index.html").is_file():
        raise SystemExit("the client is not built: make webapp")
    sizes()
    with tempfile.TemporaryDirectory() as folder:
        config = ServerConfig(
            database_url=f"sqlite:///{folder}/bench.sqlite3",
            hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1),
        )
        with running_server(create_app(config)) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            times: list[float] = []
            for _ in range(runs):
                context = browser.new_context()
                page = context.new_page()
                started = time.perf_counter()
                page.goto(f"{url}/app/#/lobby")
                page.wait_for_selector("[data-play]")
                times.append((time.perf_counter() - started) * 1000)
                context.close()
            browser.close()
    median = statistics.median(times)
    print(f"first screen (lobby), {runs} runs: median {median:.0f} ms, worst {max(times):.0f} ms")


if __name__ == "__main__":
    main()
