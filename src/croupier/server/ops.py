"""For whoever runs the casino: ``/healthz``, ``/readyz`` and ``/metrics``.

* ``/healthz``: the process answers (a load balancer's liveness probe); nothing else checked.
* ``/readyz``: the database answers a query and, when the process is configured with
  Redis, Redis answers a ping. Database down: 503 ``not ready`` (take the process out
  of rotation). Redis down: 200 ``degraded``: play goes on (the database is the truth)
  but this process's viewers only see this process's events until Redis is back.
* ``/metrics``: Prometheus text: decisions taken (by intent and outcome), their latency
  and where it goes (:data:`PHASES`), open rounds, connected table sockets, ledger
  postings, whether this process runs the clock.

Each app has its own registry (tests run several apps in one Python process).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import func, select, text
from sqlalchemy.exc import SQLAlchemyError

from croupier.casino.rounds import OPEN_PHASES
from croupier.server.hub import Hub
from croupier.server.state import ServerState, server_state
from croupier.store.db import Store
from croupier.store.models import Posting
from croupier.store.round_models import TableRound

router = APIRouter(include_in_schema=False)
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# Intent latencies from a fraction of a millisecond (a refusal) to seconds (a stalled database).
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
# Where an intent's time goes, in order (refused ones too, up to their command; only one
# carried out publishes), and, on a process that did not run it, the delivery of its event
# to this process's viewers. A latency an operator sees rising is then placed: a slow
# database (command), too few command threads for the load or a busy event loop (queue),
# a busy reading thread (session), the spectators' side (publish, delivery). The session
# check comes before what croupier_intent_seconds times; the other four phases of an
# intent are within it.
PHASES = {
    "session": "the player's session checked (the reading thread, one read)",
    "queue": "the hand-overs: to a free command thread, and back to the event loop",
    "command": "the command's transaction on its thread",
    "publish": "the event numbered, published and delivered here, the player's view included",
    "delivery": "another process's event, from its notice's arrival to this process's viewers",
}
PHASE_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.5)


class _Books(Collector):
    """Figures read from the database at each scrape (not kept in memory, so every process
    reports the casino's, whichever ran the command)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def collect(self) -> Iterator[Metric]:
        try:
            with self.store.read() as session:
                open_rounds = session.scalar(
                    select(func.count()).where(TableRound.phase.in_(OPEN_PHASES))
                )
                postings = session.scalar(select(func.count(Posting.id)))
        except SQLAlchemyError:
            return
        yield GaugeMetricFamily("croupier_open_rounds", "Rounds in betting or play", open_rounds)
        yield CounterMetricFamily(
            "croupier_ledger_postings", "Postings in the ledger (every process's)", postings
        )


class Metrics:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.registry = CollectorRegistry()
        self.decisions = Counter(
            "croupier_decisions",
            "Table intents carried out, by intent and outcome (ok, refused, error)",
            ["intent", "outcome"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "croupier_intent_seconds",
            "Time from an intent's arrival to its answer (stored, published)",
            ["intent"],
            buckets=BUCKETS,
            registry=self.registry,
        )
        self.phases = Histogram(
            "croupier_intent_phase_seconds",
            "Where an intent's time goes: " + "; ".join(f"{k}: {v}" for k, v in PHASES.items()),
            ["phase"],
            buckets=PHASE_BUCKETS,
            registry=self.registry,
        )
        sockets = Gauge(
            "croupier_sockets", "Table sockets connected to this process", registry=self.registry
        )
        sockets.set_function(lambda: sum(len(c.subscribers) for c in hub.channels.values()))
        self.clock = Gauge(
            "croupier_clock_owner",
            "1 when this process runs the tables' clock",
            registry=self.registry,
        )
        self.registry.register(_Books(store))

    @contextmanager
    def timed(self, intent: str) -> Iterator[None]:
        """Count and time one intent; its outcome is 'ok' unless it raises."""
        start = time.perf_counter()
        outcome = "error"
        try:
            yield
            outcome = "ok"
        except Exception as error:
            outcome = "refused" if _is_refusal(error) else "error"
            raise
        finally:
            self.decisions.labels(intent, outcome).inc()
            self.latency.labels(intent).observe(time.perf_counter() - start)

    def phase(self, name: str, seconds: float) -> None:
        """One intent's (or delivery's) time in the phase ``name`` of :data:`PHASES`."""
        self.phases.labels(name).observe(seconds)


def _is_refusal(error: Exception) -> bool:
    from croupier.casino import CasinoError
    from croupier.games.base import RuleError
    from croupier.server.intents import MessageError

    return isinstance(error, CasinoError | RuleError | MessageError)


@router.get("/healthz")
def healthz() -> dict[str, str]:
    return {"status": "ok"}


def _database_ok(store: Store) -> bool:
    try:
        with store.read() as session:
            session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        return False
    return True


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    state: ServerState = server_state(request)
    database = await state.floor.read(_database_ok, state.casino.store)
    checks: dict[str, str] = {"database": "ok" if database else "down"}
    bus = state.floor.bus
    if bus is not None:
        checks["redis"] = "ok" if await bus.ping() and bus.connected else "down"
    if not database:
        status, code = "not ready", 503
    elif checks.get("redis") == "down":
        status, code = "degraded", 200
    else:
        status, code = "ready", 200
    body = {"status": status, "checks": checks, "clock": state.floor.clock_owner}
    return JSONResponse(body, status_code=code)


@router.get("/metrics")
def metrics(request: Request) -> Response:
    state: ServerState = server_state(request)
    found: Metrics = state.metrics
    found.clock.set(1 if state.floor.clock_owner else 0)
    return Response(generate_latest(found.registry), media_type=CONTENT_TYPE)
