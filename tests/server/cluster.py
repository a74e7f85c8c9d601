"""Real server processes on one PostgreSQL and one Redis, for the many-process tests.

Each test gets its own PostgreSQL schema and its own ``redis-server`` on a free port
(so it can be killed and restarted without touching the machine's shared Redis), and
starts ``croupier serve`` processes on them. Clients talk to the processes over real
sockets; every wait has a deadline and polls for a condition, never a fixed sleep.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx
import redis
from websockets.sync.client import ClientConnection, connect

import croupier
from croupier.server.testing import free_port

from .wskit import TableClient

SRC = Path(croupier.__file__).resolve().parents[1]
PASSWORD = "cluster test password"
RECEIVE_TIMEOUT_S = 30.0


def wait_for(condition: Callable[[], Any], seconds: float, what: str) -> Any:
    """Poll ``condition`` until it gives something true; its value (or fail after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.02)


class RedisServer:
    """A private redis-server without persistence: a restart comes back empty."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        wait_for(lambda: _pings(client), 10, "redis-server to start")
        client.close()

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None


def _pings(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False


class Server:
    """One ``croupier serve`` process."""

    def __init__(
        self, database_url: str, redis_url: str, secret: str, log: Path, demo: bool = False
    ) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {
            **os.environ,
            "PYTHONPATH": str(SRC),
            "CROUPIER_REDIS_URL": redis_url,
            "CROUPIER_SECRET": secret,  # one for every process: one alias per player
        }
        self.log = log.open("wb")
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "croupier.cli", "serve", "--port", str(self.port)),
                *("--url", database_url, *(() if demo else ("--no-demo",))),
            ],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.http = httpx.Client(base_url=self.base, timeout=30)
        self.sockets = ExitStack()  # the clients' sockets to this process, closed with it

    def ready(self) -> dict[str, Any]:
        """The /readyz answer, or {} while the process does not answer."""
        try:
            answer = self.http.get("/readyz")
        except httpx.TransportError:
            return {}
        found: dict[str, Any] = answer.json()
        return found

    def wait_ready(self) -> None:
        wait_for(lambda: self.ready().get("status") == "ready", 60, f"{self.base} to be ready")

    def kill(self) -> None:
        """kill -9: no shutdown of any kind."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        with suppress(Exception):  # a killed process's sockets are closed already
            self.sockets.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.http.close()
        self.log.close()

    def login(self, card: str) -> str:
        """A new session of ``card`` (logged in here): its token."""
        answer = self.http.post("/api/login", json={"card_number": card, "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        token: str = answer.json()["token"]
        return token

    def player(self, name: str, chips: int) -> tuple[str, str]:
        """Register, log in and buy chips here: (card, token)."""
        document = f"{abs(hash((name, time.monotonic_ns()))) % 10**6:06d}"
        answer = self.http.post(
            "/api/register",
            json={
                "full_name": name,
                "birth_date": "1990-05-17",
                "document_type": "passport",
                "document_number": f"4509 {document}",
                "password": PASSWORD,
            },
        )
        assert answer.status_code == 201, answer.text
        card: str = answer.json()["card_number"]
        token = self.login(card)
        bought = self.http.post(
            "/api/cashier/buy",
            json={"key": f"chips-{card}", "amount": chips},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert bought.status_code == 200, bought.text
        return card, token


class SocketSession:
    """A websockets connection with the few calls :class:`TableClient` makes."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    def receive_json(self) -> Any:
        return json.loads(self.connection.recv(timeout=RECEIVE_TIMEOUT_S))

    def send_json(self, data: Any) -> None:
        self.connection.send(json.dumps(data))

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def close(self) -> None:
        self.connection.close()


def table_client(server: Server, table_id: int, name: str, token: str | None) -> TableClient:
    """A player's socket (with ``token``) or a spectator's, joined: its snapshot read."""
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}"
    headers = {"Authorization": f"Bearer {token}"} if token else None
    connection = server.sockets.enter_context(
        connect(url if token else url + "?as=spectator", additional_headers=headers)
    )
    return TableClient(SocketSession(connection), name)  # type: ignore[arg-type]


@contextmanager
def cluster(
    database_url: str, directory: Path, processes: int, *, demo: bool = False
) -> Iterator[tuple[RedisServer, list[Server]]]:
    """A private Redis and ``processes`` servers on ``database_url``, the first one started
    first (so it holds the clock), all ready. With ``demo`` they open the demo tables and
    start all at once (racing for the clock and the start-up)."""
    directory.mkdir(parents=True, exist_ok=True)
    bus = RedisServer()
    bus.start()
    servers: list[Server] = []
    secret = secrets.token_hex(32)
    try:
        for number in range(processes):
            log = directory / f"server-{number}.log"
            servers.append(Server(database_url, bus.url, secret, log, demo))
            if not demo:
                servers[-1].wait_ready()
        for server in servers:
            server.wait_ready()
        yield bus, servers
    finally:
        for server in servers:
            server.stop()
        bus.kill()
