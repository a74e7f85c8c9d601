"""Registration of players and staff, and their player cards.

A person is registered once, with a full name, a date of birth, an identity
document and a password; only adults may register (18 or older on the day of
registration, RULES.md §3, seed 004). Each person gets a *player card*: a
16-digit number whose last digit is a Luhn check digit, so a mistyped number
is caught at the cash desk before any lookup.

>>> luhn_check_digit("7992739871")  # the textbook example
'3'
>>> is_valid_card_number("4111111111111111"), is_valid_card_number("4111111111111112")
(True, False)
>>> eighteenth_birthday(date(2008, 11, 30))
datetime.date(2026, 11, 30)
>>> eighteenth_birthday(date(2008, 2, 29))  # no 29 February in 2026: adult on 1 March
datetime.date(2026, 3, 1)
"""

from __future__ import annotations

import logging
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import NamedTuple

from argon2 import PasswordHasher
from sqlalchemy import and_, bindparam, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.casino.documents import (
    DocumentType,
    normalise_document_number,
    parse_document_type,
)
from croupier.casino.emails import looks_like_email, normalise_email
from croupier.casino.errors import BadInput, NotFound, Refused
from croupier.casino.text import check_text
from croupier.store.db import Store
from croupier.store.hot import Hot, loaded
from croupier.store.models import Person, Role, table_of

ADULT_AGE = 18
CARD_DIGITS = 16
CARD_PREFIX = "7"
MIN_PASSWORD = 10
# NIST SP 800-63B: a length, no composition rules, and no password from a list of
# those known to be common (a small data file shipped with the package).
COMMON_PASSWORDS = Path(__file__).with_name("common-passwords.txt")
OLDEST_BIRTH_YEAR = 1900  # nobody living was born earlier: an earlier year is a typing slip
# The one answer to a registration the casino will not take online (a document already on a
# card, a self-excluded person): the details go to the staff's log, not to the asker.
REGISTRATION_REFUSED = (
    "registration refused: these details cannot be registered online; please ask at the cash desk"
)

CARD_INVALID = "card_number_invalid"

log = logging.getLogger("croupier.casino")


def luhn_check_digit(payload: str) -> str:
    """The digit that makes ``payload`` + digit pass the Luhn check."""
    total = 0
    for i, ch in enumerate(reversed(payload)):
        d = int(ch)
        if i % 2 == 0:  # these get doubled once the check digit is appended
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return str((10 - total % 10) % 10)


def is_valid_card_number(number: str) -> bool:
    return (
        len(number) == CARD_DIGITS
        and number.isascii()
        and number.isdigit()
        and luhn_check_digit(number[:-1]) == number[-1]
    )


def parse_card_number(text: object) -> str:
    """A card number as typed (spaces allowed), checked; :class:`BadInput` says what is wrong."""
    if not isinstance(text, str):
        raise BadInput(f"player card number must be text, got {text!r}", CARD_INVALID)
    number = text.replace(" ", "").replace("-", "")
    if len(number) != CARD_DIGITS or not (number.isascii() and number.isdigit()):
        raise BadInput(f"player card number {text!r} must be {CARD_DIGITS} digits", CARD_INVALID)
    if luhn_check_digit(number[:-1]) != number[-1]:
        raise BadInput(
            f"player card number {text!r} has a wrong check digit (mistyped?)", CARD_INVALID
        )
    return number


def new_card_number() -> str:
    payload = CARD_PREFIX + "".join(
        str(secrets.randbelow(10)) for _ in range(CARD_DIGITS - 1 - len(CARD_PREFIX))
    )
    return payload + luhn_check_digit(payload)


def eighteenth_birthday(birth: date) -> date:
    """The day a person born on ``birth`` becomes an adult.

    Someone born on 29 February becomes an adult on 1 March in a common year:
    the later of the two candidate days, so nobody is ever let in a day early.
    """
    year = birth.year + ADULT_AGE
    try:
        return birth.replace(year=year)
    except ValueError:
        return date(year, 3, 1)


def is_adult_on(birth: date, day: date) -> bool:
    return day >= eighteenth_birthday(birth)


@dataclass(frozen=True, slots=True)
class Registration:
    """What the questionnaire at registration asks. ``document_type`` is a
    :class:`DocumentType` or its value as text (``"passport"``)."""

    full_name: str
    birth_date: date
    document_type: DocumentType | str
    document_number: str
    password: str
    role: Role = Role.PLAYER
    email: str | None = None  # optional: a second way to log in


@dataclass(frozen=True, slots=True)
class Profile:
    """A person as the casino shows them (never the password hash)."""

    id: int
    card_number: str
    role: Role
    full_name: str
    birth_date: date
    document_type: DocumentType
    document_number: str
    registered_at: datetime
    email: str | None = None

    @classmethod
    def of(cls, person: Person) -> Profile:
        return cls(
            person.id,
            person.card_number,
            Role(person.role),
            person.full_name,
            person.birth_date,
            DocumentType(person.document_type),
            person.document_number,
            person.registered_at,
            person.email,
        )


def default_hasher() -> PasswordHasher:
    """argon2id with the library's recommended (RFC 9106 low-memory) parameters."""
    return PasswordHasher()


_BY_CARD = select(Person).where(Person.card_number == bindparam("card"))
_BY_CARD_LOCKED = _BY_CARD.with_for_update()
# session.info's entry: the people this transaction read, by card (a round command asks for
# the same player several times: its own check, the hold, the settlement).
_READ = "croupier.people"


def find_person(session: Session, card_number: object, *, lock: bool = False) -> Person:
    """The person holding ``card_number``, or :class:`NotFound` / :class:`BadInput`.

    Read once per session: a second call gives the object the first one read (the ORM
    would give that very object again anyway: it keeps the values it loaded), unless it
    asks for the row's lock.
    """
    number = parse_card_number(card_number)
    read: dict[str, Person] = session.info.setdefault(_READ, {})
    if not lock and number in read:
        return read[number]
    locking = lock and session.get_bind().dialect.name != "sqlite"
    person = session.scalars(_BY_CARD_LOCKED if locking else _BY_CARD, {"card": number}).first()
    if person is None:
        raise NotFound(f"no player with card {number}", "player_not_found")
    read[number] = person
    return person


class Exclusion(NamedTuple):
    """A card with a self-exclusion set (running or not): its id, holder's name and end."""

    id: int
    full_name: str
    excluded_until: datetime


_PEOPLE = table_of(Person)
_EXCLUDED = _PEOPLE.alias("excluded")
# The exclusion's columns in a player's read, labelled apart from the player's own.
_EXCLUSION = {"excluded_id": "id", "excluded_name": "full_name", "excluded_to": "excluded_until"}
# A player comes with every card born the same day that has an exclusion set (nearly
# always none: one row), which a stake of the command checks
# (:func:`~croupier.casino.responsible.person_excluded_until`): one read, not two. They are
# as of the command's start: an exclusion committed while the command waits for its table
# is as if committed just after the stake (it was never serialised with stakes: a stake
# locks no card of the person).
_PLAYER = Hot(
    select(_PEOPLE, *(_EXCLUDED.c[column].label(label) for label, column in _EXCLUSION.items()))
    .outerjoin(
        _EXCLUDED,
        and_(
            _EXCLUDED.c.birth_date == _PEOPLE.c.birth_date,
            _EXCLUDED.c.excluded_until.is_not(None),
        ),
    )
    .where(_PEOPLE.c.card_number == bindparam("card"))
)
# session.info's entries: the people a round command read with find_player, by card, and
# the exclusions read with each, by the person's id.
_PLAYERS = "croupier.players"
_EXCLUSIONS = "croupier.exclusions"


def find_player(session: Session, card_number: object) -> Person:
    """The person holding ``card_number`` as :func:`find_person` finds it, read on the
    driver's cursor for the round runner's commands, which only read it: the object is
    not the session's (a change to it is not written). Read once per session."""
    return ask_player(session, card_number)()


def ask_player(session: Session, card_number: object) -> Callable[[], Person]:
    """:func:`find_player` in two steps: the read is sent now and its answer taken by the
    call returned, so the reads a command sends in between share its round trip on
    PostgreSQL (:meth:`~croupier.store.hot.Hot.send`)."""
    number = parse_card_number(card_number)
    read: dict[str, Person] = session.info.setdefault(_PLAYERS, {})
    found = read.get(number)
    if found is not None:
        return lambda: found
    sent = _PLAYER.send(session, {"card": number})

    def answer() -> Person:
        known = read.get(number)
        if known is not None:
            return known
        rows = sent.rows()
        if not rows:
            raise NotFound(f"no player with card {number}", "player_not_found")
        values = rows[0]._asdict()
        for label in _EXCLUSION:
            del values[label]
        person = read[number] = loaded(Person, values)
        exclusions = tuple(
            Exclusion(row.excluded_id, row.excluded_name, row.excluded_to)
            for row in rows
            if row.excluded_id is not None
        )
        session.info.setdefault(_EXCLUSIONS, {})[person.id] = exclusions
        return person

    return answer


def exclusions_read(session: Session, person: Person) -> tuple[Exclusion, ...] | None:
    """The cards born on ``person``'s birthday with an exclusion set, as :func:`find_player`
    read them with ``person`` in ``session``; None if it did not read ``person``."""
    known: dict[int, tuple[Exclusion, ...]] = session.info.get(_EXCLUSIONS, {})
    return known.get(person.id)


def find_login(session: Session, login: object) -> Person:
    """The person a login names: an e-mail address (with an ``@``) or a card number;
    :class:`NotFound` / :class:`BadInput` as :func:`find_person`."""
    if not (isinstance(login, str) and looks_like_email(login)):
        return find_person(session, login)
    address = normalise_email(login)
    person = session.scalars(select(Person).where(Person.email == address)).one_or_none()
    if person is None:
        raise NotFound("no player with that e-mail", "player_not_found")
    return person


def identity_name(full_name: str) -> str:
    """A name in the form compared to tell whether two cards belong to one person: NFKC,
    case folded, ё as е, single spaces. (Typed in another alphabet it is another name: the
    documents and the staff's look at the person are the checks for that.)

    >>> identity_name("  Анна  Пётровна ") == identity_name("АННА ПЕТРОВНА")
    True
    """
    folded = unicodedata.normalize("NFKC", full_name).casefold().replace("ё", "е")
    return " ".join(folded.split())


def cards_of_person(session: Session, person: Person, *, lock: bool = False) -> list[Person]:
    """Every card of the person who holds ``person``'s card, that card included, by id.

    A person is one name and one date of birth: a self-excluded player who registers
    again on another document (a driving licence after the passport) is still the
    same person, and exclusion and deposit limits bind the person, not the card.
    With ``lock`` the rows are locked in id order (PostgreSQL), so two cards of one
    person cannot both squeeze under the same limit and two such locks never deadlock.
    """
    found = people_named(session, person.full_name, person.birth_date, lock=lock)
    return found if any(p.id == person.id for p in found) else [person, *found]


def people_named(
    session: Session, full_name: str, birth_date: date, *, lock: bool = False
) -> list[Person]:
    """The cards registered to ``full_name`` (as :func:`identity_name` compares it) born
    on ``birth_date``, by id."""
    statement = (
        select(Person)
        .where(Person.birth_date == birth_date)
        .order_by(Person.id)
        .execution_options(populate_existing=True)
    )
    if lock and session.get_bind().dialect.name != "sqlite":
        statement = statement.with_for_update()
    key = identity_name(full_name)
    return [row for row in session.scalars(statement) if identity_name(row.full_name) == key]


@cache
def common_passwords() -> frozenset[str]:
    lines = COMMON_PASSWORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().casefold() for line in lines if line.strip() and line[0] != "#")


def check_password(password: object, doing: str) -> str:
    """A new password, or :class:`BadInput`: at least ten characters and not a common one.

    >>> check_password("Qwertyuiop", "registration")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.casino.errors.BadInput: registration: that password is on the list of ...
    """
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        raise BadInput(
            f"{doing}: the password must have at least {MIN_PASSWORD} characters",
            code="password_too_short",
            min=MIN_PASSWORD,
        )
    if " ".join(password.split()).casefold() in common_passwords():
        raise BadInput(
            f"{doing}: that password is on the list of the most common ones; choose another",
            code="password_common",
        )
    return password


def _clean_email(email: object) -> str | None:
    """The registration's address in its stored form, or None when none was given."""
    if email is None or (isinstance(email, str) and not email.strip()):
        return None
    try:
        return normalise_email(email)
    except BadInput as error:
        raise BadInput(f"registration: {error}", error.code, **error.params) from None


def _clean_registration(reg: Registration) -> tuple[str, DocumentType, str]:
    for what, text in (("full name", reg.full_name), ("password", reg.password)):
        if isinstance(text, str):
            check_text(text, f"registration: {what}")
    name = " ".join(reg.full_name.split()) if isinstance(reg.full_name, str) else ""
    if not name:
        raise BadInput("registration: full name is empty")
    if len(name) > 200:
        raise BadInput("registration: full name is longer than 200 characters")
    if not isinstance(reg.birth_date, date) or isinstance(reg.birth_date, datetime):
        raise BadInput(f"registration: date of birth must be a date, got {reg.birth_date!r}")
    if reg.birth_date.year < OLDEST_BIRTH_YEAR:
        raise BadInput(
            f"registration: date of birth {reg.birth_date} is before {OLDEST_BIRTH_YEAR}: "
            "a typing mistake?",
            code="birth_date_too_early",
            year=OLDEST_BIRTH_YEAR,
        )
    # One document, one registration: the type from a fixed list and the number
    # in one normal form, so a retyped document is not a new one.
    try:
        doc_type = parse_document_type(reg.document_type)
        doc_number = normalise_document_number(reg.document_number)
    except BadInput as error:
        raise BadInput(f"registration: {error}", error.code, **error.params) from None
    check_password(reg.password, "registration")
    if not isinstance(reg.role, Role):
        raise BadInput(f"registration: unknown role {reg.role!r}")
    return name, doc_type, doc_number


class Players:
    """Registration and look-up of players and staff."""

    def __init__(self, store: Store, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.hasher = hasher or default_hasher()

    def register(self, reg: Registration) -> Profile:
        """Register a person and issue a player card; refuse minors and known documents."""
        name, doc_type, doc_number = _clean_registration(reg)
        email = _clean_email(reg.email)
        now = self.store.now()
        if not is_adult_on(reg.birth_date, now.date()):
            raise Refused(
                f"registration refused: {name} is under {ADULT_AGE} today ({now.date()}); "
                f"adult from {eighteenth_birthday(reg.birth_date)}",
                code="under_age",
                age=ADULT_AGE,
                adult_from=eighteenth_birthday(reg.birth_date).isoformat(),
            )
        password_hash = self.hasher.hash(reg.password)
        for _attempt in range(5):
            try:
                with self.store.write() as session:
                    taken = session.scalars(
                        select(Person.card_number).where(
                            Person.document_type == doc_type.value,
                            Person.document_number == doc_number,
                        )
                    ).first()
                    if taken is not None:
                        # Said to staff, not to whoever typed the number: it may be someone
                        # else's document, and the answer must not confirm that it is known.
                        log.warning(
                            "registration refused: document on another card",
                            extra={"card": taken, "reason": "document"},
                        )
                        raise Refused(REGISTRATION_REFUSED, "registration_refused")
                    if (
                        email is not None
                        and session.scalars(
                            select(Person.card_number).where(Person.email == email)
                        ).first()
                    ):
                        # Neutral like a known document: the answer must not tell anyone
                        # which addresses have cards here.
                        log.warning(
                            "registration refused: e-mail on another card",
                            extra={"reason": "email"},
                        )
                        raise Refused(REGISTRATION_REFUSED, "registration_refused")
                    excluded = [
                        p.card_number
                        for p in people_named(session, name, reg.birth_date)
                        if p.excluded_until is not None and now < p.excluded_until
                    ]
                    if excluded:
                        # A self-excluded person does not come back on another document.
                        log.warning(
                            "registration refused: the person is self-excluded",
                            extra={"card": excluded[0], "reason": "self-exclusion"},
                        )
                        raise Refused(REGISTRATION_REFUSED, "registration_refused")
                    person = Person(
                        card_number=new_card_number(),
                        role=reg.role.value,
                        full_name=name,
                        birth_date=reg.birth_date,
                        document_type=doc_type.value,
                        document_number=doc_number,
                        email=email,
                        password_hash=password_hash,
                        registered_at=now,
                        failed_logins=0,
                    )
                    session.add(person)
                    session.flush()
                    return Profile.of(person)
            except IntegrityError:
                # A card number drawn twice, or the same document or e-mail registered
                # at the same moment elsewhere: the next attempt tells which.
                continue
        raise Refused("registration failed: could not issue a unique player card, try again")

    def get(self, card_number: object) -> Profile:
        with self.store.read() as session:
            return Profile.of(find_person(session, card_number))
