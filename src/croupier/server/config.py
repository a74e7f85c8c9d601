"""How a server is set up: one small frozen value, read once at start-up.

There is deliberately no setting for the deck: a server always deals every round
from a fresh OS CSPRNG seed. Tests that must know the cards use
:func:`croupier.server.testing.known_deals`, which only Python code can reach.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from argon2 import PasswordHasher

from croupier.casino.colour import DEFAULT_ABANDON_MINUTES, DEFAULT_ABSENCE_MINUTES, ColourSettings
from croupier.casino.presence import DEFAULT_SEAT_GRACE_SECONDS
from croupier.casino.rounds import MAX_ACTIONS_PER_BOX
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
    # Roulette colour chips ([004]): away this long, a player's chips are worth the table
    # minimum when they come back; away this long, they are changed back for them.
    colour_absence_minutes: int = DEFAULT_ABSENCE_MINUTES
    colour_abandon_minutes: int = DEFAULT_ABANDON_MINUTES
    # A public table gives back, between rounds, the seat of a player with no socket open
    # there this long (or with no live session): issue 13, public tables kept players who left.
    seat_grace_seconds: int = DEFAULT_SEAT_GRACE_SECONDS
    # Decisions one box may take in one round (every one is stored and recalled for good).
    max_actions_per_box: int = MAX_ACTIONS_PER_BOX
    # Recalls one player may ask for a minute (one at a time in any case).
    recalls_per_minute: int = 20
    # Failed logins one client address may make before it waits: 1 s, then twice as long
    # after each further failure, up to login_backoff_max_s.
    login_free_failures: int = 5
    login_backoff_s: float = 1.0
    login_backoff_max_s: float = 900.0
    # The server's secret (at least 16 bytes), which keys the players' public aliases. Every
    # process of one casino needs the same one ($CROUPIER_SECRET, hex); None with no
    # $CROUPIER_SECRET: a random one for this process (aliases change at a restart).
    secret: bytes | None = None
    # Logins and registrations waiting for the one password-checking thread, at most.
    password_checks_waiting: int = 8

    def __post_init__(self) -> None:
        if self.max_message_bytes < 256:
            raise ValueError("max_message_bytes: at least 256 bytes")
        if self.secret is not None and len(self.secret) < 16:
            raise ValueError("secret: at least 16 bytes")
        if self.max_queued_messages < 2:  # room for a last message and the end of the stream
            raise ValueError("max_queued_messages: at least 2")
        if self.max_actions_per_box < 1:
            raise ValueError("max_actions_per_box: at least 1")
        if self.recalls_per_minute < 1:
            raise ValueError("recalls_per_minute: at least 1")
        if self.personal_tables_per_player < 1:
            raise ValueError("personal_tables_per_player: at least 1")
        if self.seat_grace_seconds < 1:
            raise ValueError("seat_grace_seconds: at least 1")
        ColourSettings(self.colour_absence_minutes, self.colour_abandon_minutes)  # checks them

    @property
    def colours(self) -> ColourSettings:
        return ColourSettings(self.colour_absence_minutes, self.colour_abandon_minutes)


SECRET_ENV = "CROUPIER_SECRET"


def server_secret(config: ServerConfig) -> bytes | None:
    """The configured secret, else ``$CROUPIER_SECRET`` (hex), else None."""
    if config.secret is not None:
        return config.secret
    text = os.environ.get(SECRET_ENV, "").strip()
    if not text:
        return None
    try:
        secret = bytes.fromhex(text)
    except ValueError:
        raise ValueError(f"${SECRET_ENV} must be hex (e.g. from `openssl rand -hex 32`)") from None
    if len(secret) < 16:
        raise ValueError(f"${SECRET_ENV} must hold at least 16 bytes (32 hex digits)")
    return secret
