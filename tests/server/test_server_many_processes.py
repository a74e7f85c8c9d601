"""Several ``croupier serve`` processes on one PostgreSQL and one Redis (issue 15).

Players at one public table are spread over the processes; every viewer gets every
event in one order under one numbering; no hidden card reaches a wrong viewer; the
books audit clean. The clock's owner is killed with ``kill -9`` mid-round and another
process takes the clock; Redis is killed and restarted mid-play and every client is
resynchronised. Real processes, real PostgreSQL, real Redis: nothing mocked.
"""

from __future__ import annotations

import os
import random
import re
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from croupier.casino.audit import audit
from croupier.casino.ledger import Ledger
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.games.common.leaks import cards_in
from croupier.store.db import Store
from croupier.store.round_models import Phase, TableMode
from croupier.store.testing import postgres_store

from .cluster import Server, cluster, table_client, wait_for
from .test_server_hidden_cards import allowed, choose
from .wskit import TableClient

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("many-processes")]
LIMITS = Limits(100, 10_000, 1_000_000)
CHIPS = 1_000_000


@pytest.fixture
def store() -> Iterator[Store]:
    with postgres_store() as made:
        yield made


def public_table(store: Store, decision_seconds: int = 30) -> int:
    config = TableConfig("russian", LIMITS, TableMode.PUBLIC, decision_seconds=decision_seconds)
    table_id: int = Tables(store).create(config).id
    return table_id


def stream(client: TableClient, after: int) -> list[tuple[Any, ...]]:
    """What a viewer received after ``after``: number, kind, event and who (never the state,
    which is each viewer's own projection)."""
    return [
        (m["seq"], m["type"], m.get("event"), m.get("by"))
        for m in client.messages
        if m["type"] in ("snapshot", "event") and m["seq"] > after
    ]


def shared_state(client: TableClient) -> dict[str, Any]:
    """The table as a spectator sees it, less the watcher counts (each process counts its own)."""
    table = {k: v for k, v in client.state["table"].items() if k != "watching"}
    return {**client.state, "table": table}


def play_rounds(
    rng: random.Random,
    rounds: int,
    players: dict[str, tuple[TableClient, int]],
    viewers: list[TableClient],
    store: Store,
) -> int:
    """Play ``rounds`` rounds (random legal decisions), every viewer following each event;
    each message checked for hidden cards against the house's view. The last seq."""
    clients = [c for c, _box in players.values()]
    last = 0
    checked = 0
    for _ in range(rounds):
        marks = {id(c): len(c.messages) for c in viewers}
        for client, box in players.values():
            answer = client.send(intent="stake", box=box, stake={"ante": 100})
            assert answer["type"] == "ack", answer
            last = answer["seq"]
        while True:
            for viewer in viewers:
                viewer.until(last)
            rnd = viewers[-1].round
            assert rnd is not None
            if rnd["phase"] != "playing":
                break
            actor = next(c for c in clients if c.my_turn())
            answer = actor.send(intent="act", action=choose(rng, actor))
            assert answer["type"] == "ack", answer
            last = answer["seq"]
        house = Rounds(store).view(rnd["round_id"], Viewer.house()).view
        owners = {id(c): {box} for c, box in players.values()}
        for viewer in viewers:
            for message in viewer.messages[marks[id(viewer)] :]:
                mround = (message.get("state") or {}).get("round")
                if not mround or mround["round_id"] != rnd["round_id"]:
                    continue
                leaked = cards_in(message) - allowed(house, mround, owners.get(id(viewer), set()))
                assert not leaked, (viewer.name, message["seq"], sorted(leaked))
                checked += 1
    assert checked >= rounds * len(viewers) * 3
    return last


def phase_count(metrics: str, phase: str) -> float:
    """How many times ``phase`` was timed (croupier_intent_phase_seconds), from /metrics."""
    found = re.search(rf'^croupier_intent_phase_seconds_count{{phase="{phase}"}} (\S+)$', metrics,
                      re.M)  # fmt: skip
    return 0.0 if found is None else float(found.group(1))


def spread_play(store: Store, tmp_path: Path, processes: int, rounds: int) -> None:
    table_id = public_table(store)
    with cluster(store.url, tmp_path, processes) as (_redis, servers):
        players: dict[str, tuple[TableClient, int]] = {}
        tokens: dict[str, str] = {}
        for box, name in enumerate(("Ann", "Bob"), start=1):
            server = servers[box % len(servers)]
            _card, tokens[name] = server.player(name, CHIPS)
            players[name] = (table_client(server, table_id, name, tokens[name]), box)
        spectators = [table_client(s, table_id, f"s{i}", None) for i, s in enumerate(servers)]
        for client, box in players.values():
            base = client.send(intent="sit", box=box)["seq"]
        viewers = [c for c, _box in players.values()] + spectators
        for viewer in viewers:
            viewer.until(base)
        last = play_rounds(random.Random(15), rounds, players, viewers, store)
        first = stream(viewers[0], base)
        assert [s[0] for s in first] == list(range(base + 1, last + 1))  # complete, in order
        assert all(kind == "event" for _seq, kind, _e, _by in first)  # no gap to heal
        for viewer in viewers[1:]:
            assert stream(viewer, base) == first, viewer.name
        assert len({str(shared_state(s)) for s in spectators}) == 1
        # Each process timed its deliveries of the others' events (its /metrics), and the
        # processes the players are on timed their intents' phases.
        for server in servers:
            text = server.http.get("/metrics").text
            assert phase_count(text, "delivery") > 0, server.base
            acting = server in (servers[1 % len(servers)], servers[2 % len(servers)])
            assert (phase_count(text, "command") > 0) is acting, server.base
        # Ann logs out through another process than her socket's: the socket is closed.
        ann = players["Ann"][0]
        logout = servers[0].http.post(
            "/api/logout", headers={"Authorization": f"Bearer {tokens['Ann']}"}
        )
        assert logout.status_code == 204
        wait_for(lambda: ann.receive()["type"] == "error", 10, "ann's socket to hear the logout")
        assert ann.messages[-1]["code"] == "unauthorized"
        with pytest.raises(ConnectionClosed) as closed:
            ann.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    report = audit(store)
    assert report.ok, report.summary()


def test_many_processes_viewers_spread_over_three_processes_see_one_stream(
    store: Store, tmp_path: Path
) -> None:
    spread_play(store, tmp_path, processes=3, rounds=2)


@pytest.mark.slow
@pytest.mark.soak
def test_many_processes_two_processes_a_hundred_rounds(store: Store, tmp_path: Path) -> None:
    spread_play(store, tmp_path, processes=2, rounds=100)


@pytest.mark.slow
@pytest.mark.soak
def test_many_processes_three_processes_a_hundred_rounds(store: Store, tmp_path: Path) -> None:
    spread_play(store, tmp_path, processes=3, rounds=100)


def decide(client: TableClient) -> dict[str, Any]:
    """Fold the box in turn if the rules allow it now, else its first legal decision."""
    rnd = client.round
    assert rnd is not None
    box = rnd["turn"]["box"]
    acts = [e["act"] for e in rnd["legal"] if e["box"] == box]
    return {"box": box, "act": "fold" if "fold" in acts else acts[0]}


def clock_owner(servers: list[Server]) -> Server | None:
    owners = [s for s in servers if s.process.poll() is None and s.ready().get("clock")]
    return owners[0] if len(owners) == 1 else None


def settled(watcher: TableClient, round_id: str) -> bool:
    """Whether the watcher has seen ``round_id`` settled; else it reads one more message."""
    rnd = watcher.round or {}
    if rnd.get("round_id") == round_id and rnd.get("phase") == "settled":
        return True
    watcher.receive()
    return False


# The clock's decision time in the kill tests: long enough that the dying owner's clock
# never decides the last box before the kill on a loaded machine (the players' own
# decisions take milliseconds), short enough that the new owner finishes the round soon.
KILL_DECISION_S = 5
KILL_BOXES = (1, 2, 3)


def kill_the_clock_once(
    store: Store, directory: Path, table_id: int, point: int, decisions: int, rng: random.Random
) -> None:
    """Three players on the clock's owner; up to ``decisions`` random decisions of the
    boxes before the last (so none of them can end the round), each waited for until it
    is committed and shown; then the owner is killed with the round in play (checked in
    the database with the other process stopped, so nothing can move meanwhile). The other
    process takes the clock within 5 s and its clock finishes the round; each player's
    chips are then exactly what they bought plus the round's net."""
    with cluster(store.url, directory, 2) as (_redis, servers):
        owner, other = servers
        assert clock_owner(servers) is owner
        players = []
        for box in KILL_BOXES:
            card, token = owner.player(f"P{box} {point}", CHIPS)
            client = table_client(owner, table_id, f"p{box}", token)
            assert client.send(intent="sit", box=box)["type"] == "ack"
            players.append((card, token, client, box))
        watcher = table_client(other, table_id, "watcher", None)
        for _card, _token, client, box in players:
            seq = client.send(intent="stake", box=box, stake={"ante": 100})["seq"]
        clients = [client for _card, _token, client, _box in players]
        made = 0
        while True:
            for client in clients:
                client.until(seq)
            rnd = clients[0].round
            assert rnd is not None and rnd["phase"] == "playing", rnd
            if made == decisions or rnd["turn"]["box"] == KILL_BOXES[-1]:
                break
            actor = next(c for c in clients if c.my_turn())
            answer = actor.send(intent="act", action=choose(rng, actor))
            assert answer["type"] == "ack", answer
            seq, made = answer["seq"], made + 1
        round_id = rnd["round_id"]
        os.kill(other.process.pid, signal.SIGSTOP)  # nobody may take the clock yet
        try:
            owner.kill()
            truth = Rounds(store).view(round_id, Viewer.house())
            assert truth.phase is Phase.PLAYING, (point, truth.phase)  # killed mid-round
            assert round_id in Rounds(store).open_rounds()
        finally:
            os.kill(other.process.pid, signal.SIGCONT)
        wait_for(lambda: clock_owner([other]) is other, 5, "the other process to take the clock")
        # The clock decides for the boxes nobody decides for: the round is settled.
        wait_for(lambda: settled(watcher, round_id), 60, "the new clock to settle the round")
        settlement = Rounds(store).view(round_id, Viewer.house()).settlement
        assert settlement is not None
        nets = {entry["player"]: entry["net"] for entry in settlement["boxes"]}
        ledger = Ledger(store)
        for card, token, _client, box in players:
            assert ledger.balance(card) == CHIPS + nets[card], (point, box, nets)
            # Each comes back through the living process, sees it settled, and stands.
            again = table_client(other, table_id, f"again{box}", token)
            assert again.round is not None and again.round["round_id"] == round_id
            assert again.round["phase"] == "settled"
            assert again.send(intent="stand", box=box)["type"] == "ack"


def kill_the_clock_mid_round(store: Store, tmp_path: Path, points: list[int]) -> None:
    """A kill after each count of decisions in ``points`` (0: right after the deal)."""
    table_id = public_table(store, decision_seconds=KILL_DECISION_S)
    rng = random.Random(len(points))
    for point, decisions in enumerate(points):
        kill_the_clock_once(store, tmp_path / f"point-{point}", table_id, point, decisions, rng)
        report = audit(store)
        assert report.ok, report.summary()
        assert not Rounds(store).open_rounds()


def test_many_processes_kill_the_clock_owner_mid_round(store: Store, tmp_path: Path) -> None:
    # Right after a decision commits, at the last box's turn as a rule (the fewest boxes
    # left for the new clock to decide, each after the decision time).
    kill_the_clock_mid_round(store, tmp_path, points=[4])


@pytest.mark.slow
@pytest.mark.soak
def test_many_processes_kill_the_clock_owner_at_twenty_points(store: Store, tmp_path: Path) -> None:
    # Spread over the round: right after the deal, after each of the first few decisions
    # and at the last box's turn (a larger count stops there).
    kill_the_clock_mid_round(store, tmp_path, points=[i % 5 for i in range(20)])


def test_many_processes_redis_restarted_mid_play(store: Store, tmp_path: Path) -> None:
    """Redis dies mid-round: play goes on (readiness says degraded); when it is back every
    viewer gets a fresh snapshot, and numbers go on upwards from where they were."""
    table_id = public_table(store)
    with cluster(store.url, tmp_path, 2) as (bus, servers):
        a, b = servers
        _c, ann_token = a.player("Ann", CHIPS)
        _c, bob_token = b.player("Bob", CHIPS)
        ann = table_client(a, table_id, "ann", ann_token)
        bob = table_client(b, table_id, "bob", bob_token)
        watcher = table_client(b, table_id, "watcher", None)
        ann.send(intent="sit", box=1)
        bob.send(intent="sit", box=2)
        ann.send(intent="stake", box=1, stake={"ante": 100})
        seq = bob.send(intent="stake", box=2, stake={"ante": 100})["seq"]
        for client in (ann, bob, watcher):
            client.until(seq)
        bus.kill()
        wait_for(lambda: a.ready().get("status") == "degraded", 10, "a to say degraded")
        wait_for(lambda: b.ready().get("status") == "degraded", 10, "b to say degraded")
        # A decision during the outage is stored; its process shows it to its own sockets.
        actor = ann if ann.my_turn() else bob
        assert actor.my_turn(), actor.state
        assert actor.send(intent="act", action=decide(actor))["type"] == "ack"
        before = {c.name: c.seq for c in (ann, bob, watcher)}
        bus.start()
        wait_for(lambda: a.ready().get("status") == "ready", 15, "a to be ready again")
        wait_for(lambda: b.ready().get("status") == "ready", 15, "b to be ready again")
        for client in (ann, bob, watcher):  # each gets a snapshot numbered past all it saw
            wait_for(
                lambda c=client: c.receive()["type"] == "snapshot" and c.seq > before[c.name],
                15,
                f"{client.name}'s resync",
            )
        round_id = watcher.round["round_id"]
        truth = Rounds(store).view(round_id, Viewer.spectator())
        assert watcher.round["phase"] == truth.phase.value
        assert len({str(c.round["turn"]["box"]) for c in (ann, bob, watcher)}) == 1
        # Play goes on through Redis: everyone follows every event again.
        while (rnd := watcher.round) and rnd["phase"] == "playing":
            actor = next(c for c in (ann, bob) if c.my_turn())
            seq = actor.send(intent="act", action=decide(actor))["seq"]
            for client in (ann, bob, watcher):
                client.until(seq)
        assert ann.round["phase"] == bob.round["phase"] == "settled"
    report = audit(store)
    assert report.ok, report.summary()
