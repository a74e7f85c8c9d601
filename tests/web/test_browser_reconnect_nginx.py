"""The browser behind nginx in front of several ``croupier serve`` processes (issue 15): the
process the page's table socket is on is killed (SIGKILL); the page says it is reconnecting,
reconnects to the same address, nginx sends it to the other process, and the page resumes
from that process's snapshot (the same round, the same cards, the same balance); the player
finishes the round. Killed while a decision waits for its answer, the decision is done once
on the other process. Real processes, PostgreSQL, Redis and nginx (docs/operations.md's
configuration); nothing mocked."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from croupier.server.testing import free_port
from croupier.store.testing import postgres_store

# tests/ is on the path (pytest puts the root of the packages web and server there)
from server.cluster import Server, cluster, wait_for

from .appkit import (
    context,
    need_build,
    open_personal,
    page_errors,
    registered,
    settle,
    shot,
    stake,
    texts_seen,
    watch_text,
)
from .socketcut import Cutter

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.xdist_group("many-processes"),
]
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "operations.md"
NGINX = "/usr/sbin/nginx"
CHIPS = 100_000
ANTE = 2500
NOTICE = "Connection lost, reconnecting…"


def guide_nginx(listen: int, backends: list[int]) -> str:
    """docs/operations.md's nginx configuration, on plain http at ``listen`` (no certificate
    here) in front of ``backends``."""
    block = re.search(r"```nginx\n(.*?)```", GUIDE.read_text(), re.S)
    assert block is not None
    servers = " ".join(f"server 127.0.0.1:{port};" for port in backends)
    text = re.sub(r"upstream croupier \{.*?\}", f"upstream croupier {{ {servers} }}", block[1])
    assert "listen 443 ssl;" in text
    return text.replace("listen 443 ssl;", f"listen 127.0.0.1:{listen};")


def answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=5).status_code == 200
    except httpx.TransportError:
        return False


@contextmanager
def nginx(folder: Path, backends: list[int]) -> Iterator[str]:
    """nginx (not a daemon, a child of this test) in front of ``backends``; its base URL."""
    if not Path(NGINX).exists():
        pytest.fail(f"{NGINX} is missing: make nginx (apt-get install nginx-light)")
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)  # nginx's workers (user nobody under root) keep their temp files here
    port = free_port()
    temp = "\n".join(
        f"{kind}_temp_path {folder}/{kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    conf = folder / "nginx.conf"
    conf.write_text(
        f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{}}\n"
        f"http {{\naccess_log off;\n{temp}\n{guide_nginx(port, backends)}\n}}\n"
    )
    process = subprocess.Popen(
        [NGINX, "-c", str(conf), "-p", str(folder), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: answers(f"{base}/readyz"), 30, "nginx to answer")
        yield base
    finally:
        process.terminate()
        process.wait(20)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[Server]]]:
    """Three processes on a fresh PostgreSQL schema and a private Redis, nginx in front;
    each test kills one (the one its page is on), so two are alive for the first test and
    for the second."""
    need_build()
    folder = tmp_path_factory.mktemp("proxied")
    with (
        postgres_store() as store,
        cluster(store.url, folder / "servers", 3) as (_redis, servers),
        nginx(folder / "nginx", [s.port for s in servers]) as base,
    ):
        yield base, servers


def sockets(server: Server) -> int:
    """The table sockets connected to ``server`` (its /metrics), -1 once it is dead."""
    if server.process.poll() is not None:
        return -1
    text = server.http.get("/metrics").text
    found = re.search(r"^croupier_sockets (\S+)$", text, re.M)
    assert found is not None, text
    return int(float(found[1]))


def holder(servers: list[Server]) -> Server:
    """The process the page's table socket is on (the page's is the only one), of those alive."""

    counts: list[int] = []

    def one() -> Server | None:
        counts[:] = [sockets(s) for s in servers]
        alive = sorted(c for c in counts if c >= 0)
        return servers[counts.index(1)] if alive[-1:] == [1] and sum(alive) == 1 else None

    try:
        found: Server = wait_for(one, 30, "the page's socket on one process")
    except AssertionError:
        raise AssertionError(f"table sockets per process: {counts}") from None
    return found


def balance(page: Page, base: str) -> int:
    answer = page.context.request.get(f"{base}/api/balance")
    assert answer.ok, answer.text()
    found: int = answer.json()["balance"]
    return found


def table_seen(page: Page) -> tuple[str, list[str], str]:
    """The round's number, the box's cards and the balance, as the page shows them."""
    cards = page.locator("[data-box='1'] [data-card]").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)"
    )
    number = page.locator("#round-no").inner_text()
    return number, cards, page.get_attribute("#balance", "data-kopecks") or ""


def through_nginx(browser: Browser, base: str, name: str) -> Page:
    """A new player's page on the lobby, through nginx, with chips bought."""
    made = context(browser, "desktop")
    registered(made, base, name, chips=CHIPS)
    page = made.new_page()
    page.goto(f"{base}/app/#/lobby")
    return page


def test_the_page_resumes_on_the_other_process_when_its_own_is_killed(
    proxied: tuple[str, list[Server]], browser: Browser, shots: Path
) -> None:
    base, servers = proxied
    page = through_nginx(browser, base, "Kirill Perekhodov")
    errors = page_errors(page)
    open_personal(page, base, "russian")
    stake(page, "ante", chip=ANTE)  # Russian poker asks the player first: the round is in play
    expect(page.locator("#actions button[data-act]:not([disabled])").first).to_be_visible()
    expect(page.locator("#balance")).to_have_attribute("data-kopecks", str(CHIPS - ANTE))
    seen = table_seen(page)
    assert len(seen[1]) == 5, seen
    first = holder(servers)
    watch_text(page, "#reconnecting")
    first.kill()
    expect(page.locator("#reconnecting")).to_have_count(0)  # back, on a new socket
    assert texts_seen(page, "#reconnecting") == [NOTICE]
    other = holder(servers)
    assert other is not first
    assert table_seen(page) == seen  # the same round, cards and balance, from its snapshot
    shot(page, shots, "desktop-resumed-on-the-other-process")
    settle(page)  # the player finishes the round there
    net = int(page.get_attribute("[data-box='1'] .settlement", "data-net") or "")
    assert balance(page, base) == CHIPS + net
    expect(page.locator("#balance")).to_have_attribute("data-kopecks", str(CHIPS + net))
    assert errors == []
    page.context.close()


def test_a_decision_waiting_when_its_process_is_killed_is_done_once_on_the_other(
    proxied: tuple[str, list[Server]], browser: Browser
) -> None:
    base, servers = proxied
    page = through_nginx(browser, base, "Nina Ozhidaeva")
    errors = page_errors(page)
    cutter = Cutter(page)  # lets everything through, save the one decision held below
    open_personal(page, base, "russian")
    stake(page, "ante", chip=ANTE)
    fold = page.locator("#actions [data-act='fold']:not([disabled])")
    expect(fold).to_have_count(1)
    first = holder(servers)
    watch_text(page, "#reconnecting")
    cutter.lose = "hold"
    fold.click()  # the fold waits for its answer...
    wait_for(lambda: cutter.cut is not None, 20, "the fold sent")
    expect(page.locator("#table")).to_have_attribute("data-busy", "yes")
    first.kill()  # ...when the process it went to dies
    settlement = page.locator("[data-box='1'] .settlement")
    expect(settlement).to_have_count(1)  # sent again on the other process, and done there
    expect(page.locator("#table")).to_have_attribute("data-busy", "no")
    assert texts_seen(page, "#reconnecting") == [NOTICE]
    assert [(a["type"], a.get("replayed")) for a in cutter.answers()] == [("ack", False)]
    assert settlement.get_attribute("data-net") == str(-ANTE)  # folded once: the ante lost
    assert balance(page, base) == CHIPS - ANTE
    stake(page, "ante", chip=ANTE)  # the buttons are the player's: the next round
    settle(page)
    net = int(settlement.get_attribute("data-net") or "")
    assert balance(page, base) == CHIPS - ANTE + net
    assert errors == []
    page.context.close()
