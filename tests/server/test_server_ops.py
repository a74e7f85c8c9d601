"""/healthz, /readyz and /metrics of one process on its own (SQLite, no Redis)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from .test_server_ws import join, open_table
from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]


def test_ops_healthz_answers(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}


def test_ops_readyz_checks_the_database_and_holds_the_clock_alone(client: TestClient) -> None:
    answer = client.get("/readyz")
    assert answer.status_code == 200
    # No Redis configured: nothing to be degraded by; SQLite is one process, the clock's.
    assert answer.json() == {"status": "ready", "checks": {"database": "ok"}, "clock": True}


def metric(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"no {name} in /metrics")


def three_intents(client: TestClient, player: Make) -> tuple[str, str]:
    """/metrics before a player's socket joins, and after a sit, a stake and a refused
    stand on it (the socket still open)."""
    table_id = open_table(client)
    _card, headers = player(chips=10_000)
    before = client.get("/metrics").text
    with join(client, table_id, headers, "p") as p:
        me = TableClient(p, "p")
        assert me.send(intent="sit", box=1)["type"] == "ack"
        assert me.send(intent="stake", box=1, stake={"ante": 100})["type"] == "ack"
        assert me.send(intent="stand", box=9)["type"] == "error"
        return before, client.get("/metrics").text


def test_ops_metrics_count_decisions_sockets_rounds_and_postings(
    client: TestClient, player: Make
) -> None:
    before, text = three_intents(client, player)
    assert metric(before, "croupier_sockets") == 0
    assert metric(text, "croupier_sockets") == 1
    assert 'croupier_decisions_total{intent="stake",outcome="ok"} 1.0' in text
    assert 'croupier_decisions_total{intent="stand",outcome="refused"} 1.0' in text
    assert metric(text, 'croupier_intent_seconds_count{intent="stake"}') == 1
    assert metric(text, "croupier_open_rounds") == 1
    # The chips bought and the stake held: postings only ever grow.
    assert metric(text, "croupier_ledger_postings_total") > metric(
        before, "croupier_ledger_postings_total"
    )
    assert metric(text, "croupier_clock_owner") == 1


def test_ops_metrics_tell_where_an_intents_time_goes(client: TestClient, player: Make) -> None:
    """Every intent's session check, wait for a command thread and command are timed, an
    accepted one's publication too; the phases after the session check add up to no more
    than the intents' own latency (each moment counted once)."""
    _before, text = three_intents(client, player)
    count = 'croupier_intent_phase_seconds_count{{phase="{}"}}'.format
    total = 'croupier_intent_phase_seconds_sum{{phase="{}"}}'.format
    timed = [metric(text, count(p)) for p in ("session", "queue", "command", "publish")]
    assert timed == [3, 3, 3, 2]  # the refused stand published nothing
    assert 'phase="delivery"' not in text  # one process: no other process's events
    intents = sum(
        metric(text, f'croupier_intent_seconds_sum{{intent="{intent}"}}')
        for intent in ("sit", "stake", "stand")
    )
    phases = sum(metric(text, total(p)) for p in ("queue", "command", "publish"))
    assert 0 < phases <= intents
