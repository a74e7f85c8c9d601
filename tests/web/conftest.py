"""A real server on loopback and Debian's Chromium driven by Playwright.

The server deals from a known seed (:func:`croupier.server.testing.known_deals`),
so every run sees the same cards. Screenshots go to test-artifacts/web/.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from playwright.sync_api import Browser, sync_playwright

from croupier.server.app import create_app
from croupier.server.config import ServerConfig
from croupier.server.testing import known_deals, running_server
from croupier.store.testing import migrated_sqlite_url

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
SEED = bytes.fromhex("c0ffee" * 10 + "00")  # 31 bytes of a fixed, known seed
FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = migrated_sqlite_url(tmp_path_factory.mktemp("web") / "croupier.sqlite3")
    config = ServerConfig(database_url=database, hasher=FAST_HASHER)
    with known_deals(SEED), running_server(create_app(config)) as url:
        yield url


@pytest.fixture(scope="session")
def _chromium() -> Iterator[tuple[Browser, asyncio.AbstractEventLoop]]:
    """One Chromium (and one Playwright driver) for the whole run of this process: starting
    them costs about 2 s, paid once per xdist worker instead of once per module and worker.

    Playwright's sync API keeps its event loop marked as the thread's running loop between
    calls; the other tests of this worker (asyncio.run, anyio) must not see it, so it is marked
    only while a browser test module runs (:func:`browser`)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (make test does it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        loop = asyncio.get_running_loop()
        asyncio._set_running_loop(None)
        yield launched, loop
        asyncio._set_running_loop(loop)
        launched.close()


@pytest.fixture(scope="module")
def browser(_chromium: tuple[Browser, asyncio.AbstractEventLoop]) -> Iterator[Browser]:
    """The worker's Chromium, for one module; each test opens contexts of its own, and whatever
    context a module leaves open (a test that failed before closing it) is closed after it."""
    launched, loop = _chromium
    asyncio._set_running_loop(loop)
    try:
        yield launched
        for left in launched.contexts:
            left.close()
    finally:
        asyncio._set_running_loop(None)


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Path:
    folder = ARTIFACTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    return folder
