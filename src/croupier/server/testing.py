"""For tests only: deal from a known seed, and run a real server on a free port.

Nothing in the server imports this module, and ``croupier serve`` has no
option that reaches it: a production server always deals from a fresh OS
CSPRNG seed. A test that must know the cards in advance (the browser tests)
wraps its server in :func:`known_deals`: every round is then dealt from
``seed`` with the round's number as nonce, which is still a provably fair deck
(the commitment, reveal and verification work exactly as in production).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

import croupier.casino.stakes as stakes_module
from croupier.server.config import WS_FRAME_LIMIT


@contextmanager
def known_deals(seed: bytes) -> Iterator[None]:
    """Within the block, every new round's server seed is ``seed``."""
    if len(seed) < 16:
        raise ValueError("a server seed needs at least 16 bytes")
    # The runner draws each round's seed through this module-level name.
    namespace = vars(stakes_module)
    original = namespace["new_server_seed"]
    namespace["new_server_seed"] = lambda: seed
    try:
        yield
    finally:
        namespace["new_server_seed"] = original


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running_server(app: FastAPI, port: int | None = None) -> Iterator[str]:
    """Serve ``app`` on loopback in a background thread; yields its base URL."""
    port = port or free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            ws_max_size=WS_FRAME_LIMIT,
            ws_per_message_deflate=False,
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
