"""Logins, sessions and the lock after failed attempts.

A login checks the password (argon2) and opens a session: a random token
(``secrets.token_urlsafe``) handed to the client once, of which the database
keeps only the SHA-256, so a stolen database backup opens no session. A token
expires after ``session_ttl``. Three wrong passwords in a row lock the card for new
logins until a manager unlocks it or ``lock_period`` passes; sessions already open
go on (anyone who knows a card number could otherwise end its holder's game at will,
and the timer would fold their box). Every failure, a locked card's included, gets
the same answer after the same argon2 work, so the answer never tells whether a card
exists or is locked. Every successful login returns the previous login time, so a
player notices a login that was not theirs.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import bindparam, select

from croupier.casino.errors import AccountLocked, AuthError, NotFound, Refused
from croupier.casino.players import (
    Profile,
    cards_of_person,
    default_hasher,
    find_login,
    find_person,
)
from croupier.store.db import Store
from croupier.store.hot import Hot, loaded
from croupier.store.models import LoginSession, Person, Role, table_of

MAX_FAILED_LOGINS = 3
# The one answer to every failed login: unknown card, wrong password, locked card.
LOGIN_FAILED = (
    "wrong card number, e-mail or password (after three wrong passwords a card waits a "
    "while; the cash desk can unlock it)"
)

# One code for every login failure, as it is one message; another for a session that is over.
LOGIN_FAILED_CODE = "login_failed"
SESSION_ENDED = "session_ended"


# A session and its person: read before every table intent, so built once.
_LOGINS = table_of(LoginSession)
_PEOPLE = table_of(Person)
# Checked before every intent a player sends: read on the driver's cursor (one row, the
# login's columns and the person's, told apart by their labels).
_SESSION_PERSON = Hot(
    select(
        *[column.label(f"login_{column.name}") for column in _LOGINS.columns],
        *[column.label(f"person_{column.name}") for column in _PEOPLE.columns],
    )
    .join_from(_LOGINS, _PEOPLE, _PEOPLE.c.id == _LOGINS.c.person_id)
    .where(_LOGINS.c.token_hash == bindparam("hash"))
)

# The same check when only the person's id is asked (a WebSocket intent): three columns.
_SESSION_HOLDER = Hot(
    select(_LOGINS.c.person_id, _LOGINS.c.expires_at, _LOGINS.c.ended_at).where(
        _LOGINS.c.token_hash == bindparam("hash")
    )
)


@dataclass(frozen=True, slots=True)
class AuthPolicy:
    session_ttl: timedelta = timedelta(hours=12)
    lock_period: timedelta = timedelta(minutes=30)
    max_failed_logins: int = MAX_FAILED_LOGINS


@dataclass(frozen=True, slots=True)
class Login:
    """A successful login: the token (shown once), and the previous login time."""

    token: str
    profile: Profile
    expires_at: datetime
    previous_login_at: datetime | None


def token_hash(token: str) -> str:
    """What is stored of a session token. A token has 256 random bits, so a
    fast hash is enough: there is nothing to brute-force."""
    return hashlib.sha256(token.encode()).hexdigest()


class Auth:
    def __init__(
        self, store: Store, hasher: PasswordHasher | None = None, policy: AuthPolicy | None = None
    ) -> None:
        self.store = store
        self.hasher = hasher or default_hasher()
        self.policy = policy or AuthPolicy()
        self._dummy_hash: str | None = None

    def login(self, login: object, password: str) -> Login:
        """Open a session for the card ``login`` names: its number or its e-mail address.
        Either way the same answer on failure and the same lock (the card's)."""
        now = self.store.now()
        with self.store.read() as session:
            try:
                person = find_login(session, login)
            except NotFound:
                # Spend the same time as a real check, so timing does not tell
                # which card numbers exist.
                self._dummy_verify(password)
                raise AuthError(LOGIN_FAILED, LOGIN_FAILED_CODE) from None
            stored_hash = person.password_hash
            card_number = person.card_number
        # The password is checked even for a locked card: the same work, the same answer.
        try:
            ok: bool = self.hasher.verify(stored_hash, password)
        except (VerificationError, InvalidHashError):
            ok = False
        with self.store.write() as session:
            person = find_person(session, card_number, lock=True)
            locked = self._locked(person, now)
            if not ok and not locked:
                person.failed_logins += 1
                if person.failed_logins >= self.policy.max_failed_logins:
                    person.failed_logins = 0
                    person.locked_until = now + self.policy.lock_period
        # The failure count is committed above before we refuse.
        if locked:
            raise AccountLocked(LOGIN_FAILED, LOGIN_FAILED_CODE)
        if not ok:
            raise AuthError(LOGIN_FAILED, LOGIN_FAILED_CODE)
        token = secrets.token_urlsafe(32)
        expires = now + self.policy.session_ttl
        with self.store.write() as session:
            person = find_person(session, card_number, lock=True)
            previous = person.last_login_at
            person.failed_logins = 0
            person.locked_until = None
            person.last_login_at = now
            if self.hasher.check_needs_rehash(person.password_hash):
                person.password_hash = self.hasher.hash(password)
            session.add(
                LoginSession(
                    token_hash=token_hash(token),
                    person_id=person.id,
                    created_at=now,
                    expires_at=expires,
                )
            )
            profile = Profile.of(person)
        return Login(token, profile, expires, previous)

    def _dummy_verify(self, password: str) -> None:
        if self._dummy_hash is None:
            self._dummy_hash = self.hasher.hash("not a real password")
        with contextlib.suppress(VerificationError, InvalidHashError):
            self.hasher.verify(self._dummy_hash, password)

    def _locked(self, person: Person, now: datetime) -> bool:
        return person.locked_until is not None and now < person.locked_until

    def locked_until(self, card_number: object) -> datetime | None:
        """When a card's lock ends (None: not locked): for staff, never for the login form."""
        now = self.store.now()
        with self.store.read() as session:
            person = find_person(session, card_number)
            return person.locked_until if self._locked(person, now) else None

    def authenticate(self, token: str) -> Profile:
        """The person a live session token belongs to, or :class:`AuthError`."""
        return Profile.of(self._session_person(token)[1])

    def session_holder(self, token: str) -> int:
        """The id of the person a live session token belongs to, or :class:`AuthError` (as
        :meth:`authenticate`, reading only the session's row: checked before every intent)."""
        row = self._live_session(_SESSION_HOLDER, token, "")
        person: int = row.person_id
        return person

    def session_started(self, token: str) -> datetime:
        return self._session_person(token)[0].created_at

    def session_expires(self, token: str) -> datetime:
        return self._session_person(token)[0].expires_at

    def _session_person(self, token: str) -> tuple[LoginSession, Person]:
        values = self._live_session(_SESSION_PERSON, token, "login_")._asdict()
        login = loaded(LoginSession, {c.name: values[f"login_{c.name}"] for c in _LOGINS.columns})
        person = loaded(Person, {c.name: values[f"person_{c.name}"] for c in _PEOPLE.columns})
        # A lock after wrong passwords stops new logins only: whoever typed them may
        # not be the player at the table.
        return login, person

    def _live_session(self, statement: Hot, token: str, prefix: str) -> Any:
        """The row ``statement`` reads for a session token (its login's columns named
        ``prefix`` + name), or :class:`AuthError` when there is none or it is over."""
        if not isinstance(token, str) or not token:
            raise AuthError("no session token", SESSION_ENDED)
        now = self.store.now()
        with self.store.glance() as connection:
            row = statement.first(connection, {"hash": token_hash(token)})
        if row is None:
            raise AuthError("unknown session: log in again", SESSION_ENDED)
        values = row._asdict()
        if values[f"{prefix}ended_at"] is not None or now >= values[f"{prefix}expires_at"]:
            raise AuthError("the session has expired: log in again", SESSION_ENDED)
        return row

    def logout(self, token: str) -> None:
        now = self.store.now()
        with self.store.write() as session:
            login = session.scalars(
                select(LoginSession).where(LoginSession.token_hash == token_hash(token))
            ).one_or_none()
            if login is not None and login.ended_at is None:
                login.ended_at = now

    def live_sessions_of_person(self, card_number: object) -> list[str]:
        """The token hashes of the live sessions of every card of the person holding
        ``card_number`` (whose table sockets a self-exclusion closes on every process)."""
        now = self.store.now()
        with self.store.read() as session:
            cards = cards_of_person(session, find_person(session, card_number))
            found = session.scalars(
                select(LoginSession.token_hash).where(
                    LoginSession.person_id.in_([card.id for card in cards]),
                    LoginSession.ended_at.is_(None),
                    LoginSession.expires_at > now,
                )
            )
            return sorted(found)

    def unlock(self, manager: Profile, card_number: object) -> None:
        """A manager lifts a lock (and the failed-attempt count) at once."""
        if manager.role is not Role.MANAGER:
            raise Refused(f"{manager.full_name} is a {manager.role.value}: only a manager unlocks")
        with self.store.write() as session:
            person = find_person(session, card_number, lock=True)
            person.locked_until = None
            person.failed_logins = 0
