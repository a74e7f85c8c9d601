"""Stable refusal codes: what a client reads instead of the English message.

Every error the API and the table socket send carries ``code`` (what was
refused, e.g. ``stake_below_minimum``), ``kind`` (the broad class:
``bad_input``, ``refused``, ``insufficient_funds``...) and, where the refusal
has figures a player needs, ``params`` (amounts in minor units, limits,
dates: never a card number, a round id or a name). The message stays the
English sentence staff read in the logs.

The casino core words its refusals for people; the codes are given here, at
the server's edge, from the class of the error and the sentence it carries.
The sentences are pinned by the core's own tests, and every code below is
produced by a real refusal in tests/server/test_server_refusal_codes.py, so
a reworded sentence fails a test instead of losing its code silently. A
refusal no entry matches keeps its class's code (a rule of a game:
``rule_refused``): clients word those generically.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from croupier.casino.errors import (
    AuthError,
    BadInput,
    CasinoError,
    Conflict,
    InsufficientFunds,
    NotFound,
    Refused,
)
from croupier.casino.rounds import IllegalIntent
from croupier.games.base import RuleError
from croupier.profiles import ProfileError

Params = dict[str, int | str]

# The broad classes, most specific first: the first matching class decides.
KINDS: tuple[tuple[type[Exception], int, str], ...] = (
    (AuthError, 401, "unauthorized"),
    (InsufficientFunds, 409, "insufficient_funds"),
    (Refused, 403, "refused"),
    (Conflict, 409, "conflict"),
    (NotFound, 404, "not_found"),
    (BadInput, 422, "bad_input"),
    (RuleError, 409, "rule_refused"),
    (ProfileError, 404, "not_found"),
    (CasinoError, 400, "refused"),
)


def _limits(params: Params) -> str:
    """Below the minimum or above the maximum, from the figures of "outside the limits"."""
    amount, low = params.get("amount"), params.get("min")
    if isinstance(amount, int) and isinstance(low, int) and amount < low:
        return "stake_below_minimum"
    return "stake_above_maximum"


@dataclass(frozen=True)
class Reason:
    """One refusal: its code, the class that raises it and the words that tell it apart.

    The pattern's named groups are its parameters (digits become integers).
    ``decide`` picks the code from them where one sentence covers two refusals.
    """

    code: str
    kind: type[Exception]
    pattern: str
    decide: Callable[[Params], str] | None = None

    def match(self, error: Exception) -> tuple[str, Params] | None:
        if not isinstance(error, self.kind):
            return None
        found = re.search(self.pattern, str(error))
        if found is None:
            return None
        params: Params = {
            name: int(value) if value.isdigit() else value
            for name, value in found.groupdict().items()
            if value is not None
        }
        return (self.decide(params) if self.decide else self.code), params


_AMOUNT = r"(?P<amount>\d+)"
REASONS: tuple[Reason, ...] = (
    # Logging in and sessions. Every login failure is one code, as it is one message:
    # a locked card must not be told apart from a wrong password.
    Reason("login_failed", AuthError, r"^wrong card number or password"),
    Reason("session_ended", AuthError, r"session|not logged in"),
    # Registration and the player's own protections.
    Reason("under_age", Refused, r"is under (?P<age>\d+) today.*adult from (?P<adult_from>[\d-]+)"),
    Reason("registration_refused", Refused, r"^registration refused: these details"),
    Reason("password_too_short", BadInput, r"at least (?P<min>\d+) characters"),
    Reason("password_common", BadInput, r"most common ones"),
    Reason("birth_date_too_early", BadInput, r"date of birth .* is before (?P<year>\d+)"),
    Reason("document_type_unknown", BadInput, r"identity document type"),
    Reason("document_number_invalid", BadInput, r"identity document number"),
    Reason("card_number_invalid", BadInput, r"player card number"),
    Reason("forbidden_character", BadInput, r"control or bidirectional formatting"),
    Reason("self_excluded", Refused, r"self-excluded until (?P<until>[\d-]+)"),
    Reason(
        "deposit_limit",
        Refused,
        r"the (?P<period>24-hour|7-day|30-day) deposit limit of card \S+ is (?P<limit>\d+)"
        r".*?, (?P<used>\d+) already deposited, at most (?P<left>\d+) more",
    ),
    Reason("exclusion_too_short", BadInput, r"self-exclusion is for at least (?P<months>\d+)"),
    # Money.
    Reason(
        "colour_chips_short",
        InsufficientFunds,
        r"takes (?P<needed>\d+) chip\(s\) of (?P<value>\d+), you have (?P<have>\d+)",
    ),
    Reason("insufficient_chips", InsufficientFunds, r"has (?P<have>-?\d+), (?P<needed>\d+) needed"),
    Reason("staff_do_not_play", Refused, r"belongs to staff"),
    Reason("idempotency_key_reused", Conflict, r"idempotency key .* already used"),
    # Colour chips at roulette.
    Reason("colour_not_roulette", Refused, r"colour chips are for roulette"),
    Reason(
        "colour_chip_value",
        BadInput,
        r"a colour chip must be worth (?P<min>\d+) to (?P<max>\d+)",
    ),
    Reason("colour_not_seated", Refused, r"does not sit here"),
    Reason("colour_value_fixed", Refused, r"you hold colour \d+ chips worth (?P<value>\d+)"),
    Reason(
        "colour_revalued", Refused, r"worth (?P<value>\d+) each \(revalued at the table minimum"
    ),
    Reason("colour_stake_value", Refused, r"your colour chips are worth (?P<value>\d+) each"),
    Reason("colour_none", NotFound, r"holds no colour chips"),
    Reason("colour_count", BadInput, r"colour chips: buy 1 to (?P<max>\d+) chips"),
    # Tables and seats.
    Reason("personal_tables_limit", Refused, r"at most (?P<most>\d+) at a time"),
    Reason("table_full", Refused, r"every box is taken|has its \d+ player"),
    Reason("box_taken", Refused, r"taken by another player"),
    Reason("box_already_yours", Refused, r"is already yours"),
    Reason("boxes_per_player_limit", Refused, r"may hold at most (?P<most>\d+) box"),
    Reason(
        "box_not_yours", Refused, r"does not hold (this box|it)|is not held by|has no box in this"
    ),
    Reason("table_in_play", Refused, r"has a round in play"),
    Reason("table_not_found", NotFound, r"^no table"),
    # Rounds: stakes, the deal, decisions.
    Reason("round_in_play", Refused, r"is in play; stakes wait for the next"),
    Reason("already_staked", Refused, r"already staked"),
    Reason("not_taking_stakes", Refused, r"is not taking stakes|takes no more stakes"),
    Reason("deal_needs_stake", Refused, r"only a player with a staked box"),
    Reason("nothing_to_deal", Refused, r"no box is staked"),
    Reason("round_closed", Refused, r"it takes no decisions"),
    Reason("too_many_decisions", Refused, r"at most (?P<most>\d+) decisions a round"),
    Reason("unknown_field", BadInput, r"unknown field for this action"),
    Reason(
        "stake_outside_limits",
        CasinoError,
        rf"{_AMOUNT} is outside the table limits (?P<min>\d+)\.\.(?P<max>\d+)",
        _limits,
    ),
    Reason("stake_above_maximum", CasinoError, rf"{_AMOUNT} is above the table maximum"),
    Reason("stake_below_minimum", CasinoError, r"below the table minimum (?P<min>\d+)"),
    Reason("recall_too_old", Refused, r"is not among the last (?P<depth>\d+) rounds"),
    Reason("round_not_found", NotFound, r"^no round"),
    Reason("player_not_found", NotFound, r"^no player"),
)

# Every code a client may receive: the broad kinds, the reasons above and the server's own.
SERVER_CODES = (
    "forbidden",
    "too_large",
    "rate_limited",
    "method_not_allowed",
    "http",
    "internal",
)
CODES: tuple[str, ...] = tuple(
    dict.fromkeys(
        [kind for _, _, kind in KINDS]
        + [r.code for r in REASONS if r.decide is None]
        + ["stake_below_minimum", "stake_above_maximum"]
        + list(SERVER_CODES)
    )
)


def kind_of(error: Exception) -> tuple[int, str]:
    """The status and broad class of a core refusal.

    >>> kind_of(InsufficientFunds("card 7...: balance 0"))
    (409, 'insufficient_funds')
    >>> kind_of(RuleError("box 1: exchange refused"))
    (409, 'rule_refused')
    """
    for cls, status, kind in KINDS:
        if isinstance(error, cls):
            return status, kind
    return 500, "internal"


@dataclass(frozen=True)
class Refusal:
    """A refusal as the wire carries it."""

    status: int
    code: str
    kind: str
    message: str
    params: Params

    def fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "kind": self.kind, "message": self.message}
        if self.params:
            out["params"] = dict(self.params)
        return out


def refusal(error: Exception) -> Refusal:
    """The code, class and figures of a core refusal.

    >>> low = Refused("round t1-r2: box 1: ANTE 50 is outside the table limits 100..1000")
    >>> refusal(low).fields()  # doctest: +NORMALIZE_WHITESPACE
    {'code': 'stake_below_minimum', 'kind': 'refused',
     'message': 'round t1-r2: box 1: ANTE 50 is outside the table limits 100..1000',
     'params': {'amount': 50, 'min': 100, 'max': 1000}}
    >>> refusal(RuleError("box 1: exchange refused")).code
    'rule_refused'
    >>> refusal(IllegalIntent("round t1-r2: box 1: insure refused: needs three of a kind")).code
    'rule_refused'
    """
    status, kind = kind_of(error)
    for reason in REASONS:
        found = reason.match(error)
        if found is not None:
            code, params = found
            return Refusal(status, code, kind, str(error), params)
    # The round service passes the game's refusals on as its own (with the game's as cause).
    if isinstance(error, IllegalIntent) or isinstance(error.__context__, RuleError):
        return Refusal(status, "rule_refused", kind, str(error), {})
    return Refusal(status, kind, kind, str(error), {})
