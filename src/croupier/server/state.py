"""What the request handlers share: the casino services, the hub, the config.

One :class:`ServerState` lives on ``app.state.croupier`` from start-up to
shut-down; handlers reach it through :func:`server_state`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fastapi import Request
from starlette.requests import HTTPConnection

from croupier.casino import Casino
from croupier.server.config import ServerConfig
from croupier.server.floor import Floor
from croupier.server.hub import Hub
from croupier.server.sessions import SessionSockets
from croupier.server.throttle import Backoff, PasswordGate, RateLimit

if TYPE_CHECKING:
    from croupier.server.ops import Metrics


@dataclass
class ServerState:
    config: ServerConfig
    casino: Casino
    hub: Hub
    floor: Floor
    recalls: RateLimit
    metrics: Metrics
    logins: Backoff = field(default_factory=Backoff)  # per client address
    passwords: PasswordGate = field(default_factory=PasswordGate)
    sessions: SessionSockets = field(default_factory=SessionSockets)  # open sockets by session
    extras: dict[str, Any] = field(default_factory=dict)


def server_state(request: Request) -> ServerState:
    return connection_state(request)


def connection_state(connection: HTTPConnection) -> ServerState:
    found: ServerState = connection.app.state.croupier
    return found
