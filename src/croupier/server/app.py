"""The application factory: ``create_app(config)`` gives the FastAPI app.

Start-up opens the store (applying migrations), builds the casino services
and the WebSocket hub, resumes open rounds and creates the demo tables when
there are none; shut-down closes the store. ``croupier serve`` runs it under
uvicorn; tests run it in-process.

>>> app = create_app(ServerConfig(database_url="sqlite://", demo_tables=False))
>>> sorted(p for p in app.openapi()["paths"] if p.startswith("/api/cashier"))
['/api/cashier/buy', '/api/cashier/cash-out']
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import hmac
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles

from croupier import __version__
from croupier.casino import Casino
from croupier.server import (
    api_account,
    api_advice,
    api_games,
    api_tables,
    errors,
    lobby_feed,
    logs,
    ops,
    ws,
)
from croupier.server.body_limit import BodyLimit
from croupier.server.bus import RedisBus, namespace
from croupier.server.config import SECRET_ENV, WS_FRAME_LIMIT, ServerConfig, server_secret
from croupier.server.floor import Floor
from croupier.server.guard import Guard
from croupier.server.hub import Hub
from croupier.server.logs import log
from croupier.server.projection import set_alias_key
from croupier.server.security import COOKIE
from croupier.server.state import ServerState
from croupier.server.throttle import Backoff, PasswordGate, RateLimit
from croupier.store.migrate import open_store

# The browser client: web/ at the repository's top, built by `make` with Vite into the package.
WEBAPP = Path(__file__).resolve().parent.parent / "webapp"


def create_app(config: ServerConfig | None = None, *, tune_gc: bool = False) -> FastAPI:
    """The app for ``config``. ``tune_gc`` (a server process of its own, as ``croupier serve``):
    after start-up, move everything made so far out of the garbage collector's sight."""
    config = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        secret = server_secret(config)
        if secret is None and config.redis_url:
            # Each process would draw its own alias key: a spectator would see a player
            # under one name on one process and another name on the next.
            raise ValueError(
                f"several processes (a Redis in $CROUPIER_REDIS_URL) need one ${SECRET_ENV}, "
                "the same on every process: set it (e.g. `openssl rand -hex 32`)"
            )
        if secret is None:
            log.warning("no server secret ($CROUPIER_SECRET): player aliases change at a restart")
        else:
            set_alias_key(hmac.new(secret, b"croupier alias", hashlib.sha256).digest())
        store = await asyncio.to_thread(open_store, config.database_url)
        casino = Casino(store, hasher=config.hasher)
        hub = Hub(config.max_queued_messages)
        bus = RedisBus(config.redis_url, namespace(store.url)) if config.redis_url else None
        metrics = ops.Metrics(store, hub)
        floor = Floor(
            casino,
            hub,
            config.colours,
            bus=bus,
            max_actions_per_box=config.max_actions_per_box,
            seat_grace_seconds=config.seat_grace_seconds,
            phase=metrics.phase,
        )
        floor.demo = config.demo_tables
        recalls = RateLimit(config.recalls_per_minute, 60.0)
        logins = Backoff(
            config.login_backoff_s, config.login_backoff_max_s, config.login_free_failures
        )
        passwords = PasswordGate(config.password_checks_waiting)
        state = ServerState(config, casino, hub, floor, recalls, metrics, logins, passwords)
        app.state.croupier = state
        if bus is not None:
            state.sessions.share(bus)
            await bus.start(floor.receive, floor.resync)
        # Recovery and the demo tables are the clock owner's: at once here if no other
        # process holds the clock, else when this one takes it over.
        await floor.claim_clock()
        # The advisor's tables of the open trainer tables' profiles, on its own thread.
        await api_advice.warm_trainer_tables(state)
        if tune_gc:
            # Start-up objects (profiles, engines, the ORM's tables) live as long as the
            # process: frozen, no collection walks them again. Collecting young objects
            # every 20,000 allocations instead of 700 cut the time the collector stopped the
            # server under load from ~600 to ~180 ms a run, the longest pause from 240 to
            # 67 ms (benchmarks/server_load.py, 1,000 clients).
            gc.collect()
            gc.freeze()
            gc.set_threshold(20_000, 50, 50)
        floor.start_timer()
        log.info("started", extra={"store": repr(store), "version": __version__})
        try:
            yield
        finally:
            await floor.stop()
            passwords.close()
            store.dispose()
            log.info("stopped")

    app = FastAPI(
        title="Croupier",
        version=__version__,
        summary="Casino table games online: players, cashier, tables, rounds, fair shuffles.",
        lifespan=lifespan,
    )
    errors.install(app)
    app.add_middleware(BodyLimit)
    app.add_middleware(Guard, cookie=COOKIE)  # outermost: every answer gets its headers
    # The sockets first, as plain Starlette routes: a join is matched at once, with none of
    # FastAPI's route walk and dependency solving (docs/performance.md, sixth pass).
    app.router.add_websocket_route(ws.PATH, ws.table_socket)
    app.router.add_websocket_route(lobby_feed.PATH, lobby_feed.lobby_socket)
    app.include_router(api_account.router)
    app.include_router(api_games.router)
    app.include_router(api_tables.router)
    app.include_router(api_advice.router)
    app.include_router(ops.router)
    if (WEBAPP / "index.html").is_file():
        app.mount("/app", StaticFiles(directory=WEBAPP, html=True), name="webapp")

        @app.get("/", include_in_schema=False)
        def index() -> RedirectResponse:
            return RedirectResponse("/app/")

    return app


# uvicorn's WebSocket protocols (``croupier serve --ws``); "websockets-sansio" is what its
# "auto" picks when the websockets package is installed, as it is with Croupier.
WS_PROTOCOLS = ("websockets-sansio", "websockets", "wsproto")


def uvicorn_settings(
    host: str,
    port: int,
    forwarded_allow_ips: str = "127.0.0.1,::1",
    ws: str = WS_PROTOCOLS[0],
) -> dict[str, Any]:
    """uvicorn's settings for ``croupier serve`` (benchmarks/ws_cost.py serves with them too).

    A request's client address (the login backoff's key) is the X-Forwarded-For of a
    proxy listed in ``forwarded_allow_ips``, else the connection's own address: behind a
    TLS proxy that does not set the header, or is not listed, every client shares the
    proxy's address and its backoff."""
    # Messages are a few kilobytes on loopback or a LAN: compressing every one of them for every
    # viewer costs the event loop more than it saves.
    return {
        "host": host,
        "port": port,
        "log_level": "warning",
        "ws": ws,
        "ws_max_size": WS_FRAME_LIMIT,
        "ws_per_message_deflate": False,
        "proxy_headers": True,
        "forwarded_allow_ips": forwarded_allow_ips,
    }


def run(
    config: ServerConfig,
    host: str,
    port: int,
    forwarded_allow_ips: str = "127.0.0.1,::1",
    ws: str = WS_PROTOCOLS[0],
) -> None:
    """Serve ``config`` on ``host:port`` until interrupted (``croupier serve``)."""
    import uvicorn

    logs.configure(config.json_logs)
    # The event loop, the command thread and the snapshot thread share one GIL: hand it over
    # every millisecond instead of every five, so a message waiting to be sent is not held
    # up behind a decision being computed.
    sys.setswitchinterval(0.001)
    settings = uvicorn_settings(host, port, forwarded_allow_ips, ws)
    uvicorn.run(create_app(config, tune_gc=True), **settings)
