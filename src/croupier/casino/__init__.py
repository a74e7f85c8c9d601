"""The casino core: players and staff, sessions, the cash desk and the chip ledger.

:class:`Casino` bundles the services over one :class:`~croupier.store.Store`;
it is what the HTTP server (and the CLI) call. Every method validates its
input and either does all of its work in one database transaction or raises
a :class:`~croupier.casino.errors.CasinoError` having changed nothing.

>>> from datetime import date
>>> from croupier.store import Store, upgrade
>>> store = Store("sqlite://")
>>> _ = upgrade(store)
>>> casino = Casino(store)
>>> ann = casino.players.register(Registration(
...     "Anna Petrova", date(1990, 5, 17), "passport", "4509 123456", "correct horse"))
>>> casino.cashier.buy_chips("desk-1", ann.card_number, 50_000).balances[ann.card_number]
50000
>>> from croupier.casino.rounds import Rounds
>>> from croupier.casino.tables import TableConfig, Tables
>>> from croupier.games.base import Limits
>>> table = Tables(store).create(TableConfig("russian", Limits(2_500, 25_000, 300_000)))
>>> _ = Tables(store).sit(table.id, ann.card_number, 1)
>>> view = Rounds(store).stake("ante-1", table.id, ann.card_number, 1, {"ante": 2_500})
>>> casino.ledger.holds(view.round_id)[ann.card_number]
2500
>>> casino.audit().ok
True
"""

from __future__ import annotations

from argon2 import PasswordHasher

from croupier.casino.accounts import DEFAULT_CURRENCY
from croupier.casino.audit import AuditReport, audit
from croupier.casino.auth import Auth, AuthPolicy, Login
from croupier.casino.cashier import Cashier
from croupier.casino.errors import (
    AccountLocked,
    AuthError,
    BadInput,
    CasinoError,
    Conflict,
    InsufficientFunds,
    NotFound,
    Refused,
    RoundClosed,
)
from croupier.casino.ledger import Ledger, Receipt
from croupier.casino.players import Players, Profile, Registration, default_hasher
from croupier.casino.responsible import LimitState, Responsible
from croupier.store.db import Store
from croupier.store.models import Role, RoundStatus


class Casino:
    """Every casino service over one store."""

    def __init__(
        self,
        store: Store,
        *,
        currency: str = DEFAULT_CURRENCY,
        hasher: PasswordHasher | None = None,
        auth_policy: AuthPolicy | None = None,
    ) -> None:
        self.store = store
        hasher = hasher or default_hasher()
        self.players = Players(store, hasher)
        self.auth = Auth(store, hasher, auth_policy)
        self.ledger = Ledger(store, currency)
        self.cashier = Cashier(store, currency)
        self.responsible = Responsible(store)

    def audit(self) -> AuditReport:
        return audit(self.store)


__all__ = [
    "AccountLocked",
    "AuditReport",
    "Auth",
    "AuthError",
    "AuthPolicy",
    "BadInput",
    "Cashier",
    "Casino",
    "CasinoError",
    "Conflict",
    "InsufficientFunds",
    "Ledger",
    "LimitState",
    "Login",
    "NotFound",
    "Players",
    "Profile",
    "Receipt",
    "Refused",
    "Registration",
    "Responsible",
    "Role",
    "RoundClosed",
    "RoundStatus",
    "audit",
]
