"""How a server is set up: one small frozen value, read once at start-up.

There is deliberately no setting for the deck: a server always deals every round
from a fresh OS CSPRNG seed. Tests that must know the cards use
:func:`croupier.server.testing.known_deals`, which only Python code can reach.
"""

from __future__ import annotations

from dataclasses import dataclass

from argon2 import PasswordHasher

from croupier.casino.tables import PERSONAL_TABLES_PER_PLAYER

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# A message larger than this is refused without being parsed (a client sends intents of a
# few hundred bytes; a megabyte of JSON is an attack or a bug).
MAX_MESSAGE_BYTES = 16 * 1024
# Beyond this the WebSocket layer itself closes the connection (code 1009) rather than read on:
# between the two limits a message is answered with an error and the connection stays.
WS_FRAME_LIMIT = 1024 * 1024
# Messages waiting for one slow client before it is cut off (it reconnects and gets a snapshot).
MAX_QUEUED_MESSAGES = 256


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """The server's settings.

    >>> ServerConfig().database_url is None    # $CROUPIER_DATABASE_URL, else var/croupier.sqlite3
    True
    >>> ServerConfig(max_message_bytes=10)
    Traceback (most recent call last):
    ...
    ValueError: max_message_bytes: at least 256 bytes
    """

    database_url: str | None = None
    # Redis shared by every process of the casino ($CROUPIER_REDIS_URL for `croupier serve`):
    # None is one process on its own, which needs no Redis.
    redis_url: str | None = None
    demo_tables: bool = True
    cookie_secure: bool = False  # True behind TLS: the session cookie only travels over https
    max_message_bytes: int = MAX_MESSAGE_BYTES
    max_queued_messages: int = MAX_QUEUED_MESSAGES
    json_logs: bool = True
    # Personal tables one player may sit at, at a time (more are refused until one is left).
    personal_tables_per_player: int = PERSONAL_TABLES_PER_PLAYER
    hasher: PasswordHasher | None = None  # None: argon2id at the library's recommended cost

    def __post_init__(self) -> None:
        if self.max_message_bytes < 256:
            raise ValueError("max_message_bytes: at least 256 bytes")
        if self.personal_tables_per_player < 1:
            raise ValueError("personal_tables_per_player: at least 1")
