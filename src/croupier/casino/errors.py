"""What the casino refuses, and why, in words a cashier or a player understands.

Every refusal raises before anything is written, so a refused command
changes nothing. The HTTP server maps the classes to status codes:
:class:`BadInput` 422, :class:`NotFound` 404, :class:`Refused` 403/409,
:class:`Conflict` 409, :class:`AuthError` 401.
"""

from __future__ import annotations

from croupier.games.codes import CodedError


class CasinoError(CodedError):
    """Base of every refusal by the casino core; where a client words the refusal
    itself, the raiser gives its ``code`` (:mod:`croupier.games.codes`)."""


class BadInput(CasinoError):
    """The request itself is malformed: a negative amount, a bad card number..."""


class NotFound(CasinoError):
    """An unknown player, account or round."""


class Refused(CasinoError):
    """A well-formed request the rules do not allow: a minor, a self-excluded
    player, an amount over the balance or over a deposit limit."""


class InsufficientFunds(Refused):
    """The chips are not there: a balance would go below zero."""


class RoundClosed(Refused):
    """The round is settled or void: no more stakes, no second settlement."""


class Conflict(CasinoError):
    """An idempotency key reused for a different request."""


class AuthError(CasinoError):
    """A wrong password, a locked account, an expired or unknown session."""


class AccountLocked(AuthError):
    """Too many failed logins: locked until a manager unlocks it or time passes."""


def whole_amount(value: object, what: str, *, allow_zero: bool = False) -> int:
    """``value`` as a positive whole number of minor units, or :class:`BadInput`.

    Money is never a float, a string or a bool here: an API layer converts first.

    >>> whole_amount(1500, "buy chips amount")
    1500
    >>> whole_amount(12.5, "buy chips amount")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.BadInput: buy chips amount must be a whole number of kopecks, got 12.5
    >>> whole_amount(-100, "stake")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.BadInput: stake must be positive, got -100
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadInput(f"{what} must be a whole number of kopecks, got {value!r}")
    if allow_zero and value < 0:
        raise BadInput(f"{what} must be zero or more, got {value!r}")
    if not allow_zero and value <= 0:
        raise BadInput(f"{what} must be positive, got {value!r}")
    return value
