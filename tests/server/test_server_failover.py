"""Many processes, the less travelled paths (issue 15): a numbering gap healed while
connected, readiness while the database is unreachable, one set of demo tables for two
processes starting together, and a self-exclusion closing the person's sockets on every
process. Real ``croupier serve`` processes on one PostgreSQL and a private Redis."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis
from websockets.exceptions import ConnectionClosed

from croupier.casino.tables import Tables
from croupier.server.bus import namespace
from croupier.store.db import Store
from croupier.store.testing import postgres_store

from .cluster import PASSWORD, RedisServer, Server, cluster, table_client, wait_for
from .tcpproxy import TcpProxy
from .test_server_many_processes import CHIPS, public_table
from .wskit import TableClient

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("many-processes")]


@pytest.fixture(scope="module")
def store() -> Iterator[Store]:
    with postgres_store() as made:
        yield made


@pytest.fixture(scope="module")
def pair(
    store: Store, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[RedisServer, list[Server]]]:
    """Two processes shared by the tests that each play at a table of their own (starting
    processes is most of such a test's time)."""
    with cluster(store.url, tmp_path_factory.mktemp("pair"), 2) as made:
        yield made


@pytest.fixture
def empty() -> Iterator[Store]:
    """A schema of its own (the demo tables' test needs one with no table in it)."""
    with postgres_store() as made:
        yield made


def after(client: TableClient, seq: int) -> list[tuple[int, str]]:
    """(number, kind) of the table messages ``client`` got past ``seq``."""
    return [
        (m["seq"], m["type"])
        for m in client.messages
        if m["type"] in ("snapshot", "event") and m["seq"] > seq
    ]


def test_failover_a_number_skipped_while_connected_is_healed_by_a_snapshot(
    store: Store, pair: tuple[RedisServer, list[Server]]
) -> None:
    """A notice's number goes missing while every process is connected (the table's Redis
    counter moved on out of band): each viewer on each process gets the next change as a
    ``snapshot`` under the new number, then the changes after it as events again."""
    table_id = public_table(store)
    bus, (a, b) = pair
    _card, ann_token = a.player("Ann Gap", CHIPS)
    _card, bob_token = b.player("Bob Gap", CHIPS)
    ann = table_client(a, table_id, "ann", ann_token)
    bob = table_client(b, table_id, "bob", bob_token)
    viewers = [ann, bob, table_client(a, table_id, "s-a", None)]
    viewers.append(table_client(b, table_id, "s-b", None))
    seen = ann.send(intent="sit", box=1)["seq"]
    for viewer in viewers:
        viewer.until(seen)
    link = redis.Redis.from_url(bus.url)
    skipped = link.incr(f"croupier:{namespace(store.url)}:seq:{table_id}")
    link.close()
    assert skipped == seen + 1
    healed = bob.send(intent="sit", box=2)["seq"]
    assert healed == seen + 2
    then = ann.send(intent="stake", box=1, stake={"ante": 100})["seq"]
    for viewer in viewers:
        viewer.until(then)
        assert after(viewer, seen) == [(healed, "snapshot"), (then, "event")], viewer.name
        (snapshot,) = [m for m in viewer.messages if m["type"] == "snapshot" and m["seq"] == healed]
        free = snapshot["state"]["table"]["free_boxes"]
        assert 1 not in free and 2 not in free, viewer.name  # it carried Bob's seat


def test_failover_readyz_says_not_ready_while_the_database_refuses_connections(
    empty: Store, tmp_path: Path
) -> None:
    """The process's database is behind a proxy the test cuts (the shared PostgreSQL
    runs on): /readyz answers 503 ``not ready`` while nothing answers, ``ready`` again
    once the database is reachable."""
    host, _, rest = empty.url.partition("@127.0.0.1:5432/")
    assert rest, empty.url
    proxy = TcpProxy(("127.0.0.1", 5432))
    proxy.open()
    try:
        with cluster(f"{host}@127.0.0.1:{proxy.port}/{rest}", tmp_path, 1) as (_bus, servers):
            (server,) = servers
            proxy.close()

            def not_ready() -> httpx.Response | None:
                answer = server.http.get("/readyz")
                return answer if answer.status_code == 503 else None

            answer = wait_for(not_ready, 30, "/readyz to say not ready")
            body = answer.json()
            assert body["status"] == "not ready" and body["checks"]["database"] == "down"
            assert body["checks"]["redis"] == "ok"
            assert server.http.get("/healthz").status_code == 200  # alive, only not ready
            proxy.open()
            wait_for(lambda: server.ready().get("status") == "ready", 30, "ready again")
    finally:
        proxy.close()


def test_failover_two_processes_starting_together_open_one_set_of_demo_tables(
    empty: Store, tmp_path: Path
) -> None:
    """Two processes with demo tables on, started at once on an empty schema: only the
    clock's owner runs the start-up, so there is one set of demo tables, not two; the
    other process serves them as they are."""
    with cluster(empty.url, tmp_path, 2, demo=True) as (_bus, servers):
        owner = wait_for(lambda: [s for s in servers if s.ready().get("clock")], 30, "a clock")
        assert len(owner) == 1
        names = [t.name for t in Tables(empty).list()]
        assert names, "no demo tables"
        assert [n for n, count in Counter(names).items() if count > 1] == []
        for server in servers:  # each process lists the same tables
            listed = server.http.get("/api/tables").json()
            assert sorted(t["name"] for t in listed) == sorted(names)


def closed_for(client: TableClient, words: str, code: str = "unauthorized") -> None:
    """``client`` is told its session is over (``words`` in the why, the error's ``code``)
    and its socket closed."""
    wait_for(lambda: client.receive()["type"] == "error", 15, f"{client.name} to be told")
    assert client.messages[-1]["code"] == code
    assert words in client.messages[-1]["message"], client.messages[-1]
    with pytest.raises(ConnectionClosed) as closed:
        client.receive()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_failover_self_exclusion_closes_the_persons_sockets_on_every_process(
    store: Store, pair: tuple[RedisServer, list[Server]]
) -> None:
    """A self-exclusion stops play at once: the table sockets of every session of the
    person close, on the process that took it and on the others; someone else's stay open,
    and the person's sessions stay good for cashing out."""
    table_id = public_table(store)
    _bus, (a, b) = pair
    card, here = a.player("Ann Excluded", CHIPS)
    there = b.login(card)  # a second session of hers, on the other process
    _card, bob_token = b.player("Bob", CHIPS)
    ann_a = table_client(a, table_id, "ann-a", here)
    ann_b = table_client(b, table_id, "ann-b", there)
    bob = table_client(b, table_id, "bob", bob_token)
    assert ann_a.send(intent="sit", box=1)["type"] == "ack"
    excluded = a.http.post(
        "/api/limits/self-exclusion",
        json={"months": 6},
        headers={"Authorization": f"Bearer {here}"},
    )
    assert excluded.status_code == 200, excluded.text
    # The other process is told the code and the date too, not only the words.
    closed_for(ann_a, "self-excluded", "self_excluded")
    closed_for(ann_b, "self-excluded", "self_excluded")
    assert ann_b.messages[-1]["params"] == ann_a.messages[-1]["params"]
    assert ann_b.messages[-1]["params"]["until"] == excluded.json()["excluded_until"][:10]
    assert bob.send(intent="sit", box=2)["type"] == "ack"
    out = b.http.post(
        "/api/cashier/cash-out",
        json={"key": "after-exclusion", "amount": 1000},
        headers={"Authorization": f"Bearer {there}"},
    )
    assert out.status_code == 200, out.text


def test_failover_a_wrong_password_lock_leaves_open_sessions_playing(
    store: Store, pair: tuple[RedisServer, list[Server]]
) -> None:
    """Three wrong passwords lock the card for new logins only: a stranger typing them must
    not be able to throw the player out of the table (see docs/operations.md)."""
    table_id = public_table(store)
    _bus, (a, b) = pair
    card, token = a.player("Ann Locked", CHIPS)
    ann = table_client(b, table_id, "ann", token)
    for _ in range(3):
        wrong = a.http.post("/api/login", json={"card_number": card, "password": "nope" * 3})
        assert wrong.status_code == 401
    locked = a.http.post("/api/login", json={"card_number": card, "password": PASSWORD})
    assert locked.status_code == 401  # locked: the right password is refused too
    assert ann.send(intent="sit", box=1)["type"] == "ack"
    assert ann.send(intent="stake", box=1, stake={"ante": 100})["type"] == "ack"
