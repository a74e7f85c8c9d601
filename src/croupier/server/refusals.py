"""Stable refusal codes: what a client reads instead of the English message.

Every error the API and the table socket send carries ``code`` (what was
refused, e.g. ``stake_below_minimum``), ``kind`` (the broad class:
``bad_input``, ``refused``, ``insufficient_funds``...) and, where the refusal
has figures a player needs, ``params`` (amounts in minor units, limits,
dates: never a card number, a round id or a name). The message stays the
English sentence staff read in the logs.

The code and its figures are given where the refusal is raised
(:mod:`croupier.games.codes`): by the casino core's errors, and by the game
engines' reasons (not your turn, box already acted, exchange not open now...),
which the round service passes on with the rule's code. This module only reads
them; rewording a sentence can never lose a code. A refusal raised without one
keeps its class's code (a rule of a game: ``rule_refused``), which clients word
generically. Every code raised anywhere is listed in :data:`RAISED` (a test
reads every raise site of the source to keep it so) and in docs/api.md.
"""

from __future__ import annotations

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
from croupier.games.codes import Params, code_of
from croupier.profiles import ProfileError

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

# Every code a raise site gives, by area (docs/api.md lists them with their params).
RAISED: tuple[str, ...] = (
    # logging in and sessions: one code for every login failure, as it is one message
    "login_failed",
    "session_ended",
    # registration and the player's own protections
    "under_age",
    "registration_refused",
    "password_too_short",
    "password_common",
    "birth_date_too_early",
    "document_type_unknown",
    "document_number_invalid",
    "card_number_invalid",
    "email_invalid",
    "forbidden_character",
    "self_excluded",
    "deposit_limit",
    "exclusion_too_short",
    # money
    "insufficient_chips",
    "colour_chips_short",
    "staff_do_not_play",
    "idempotency_key_reused",
    # colour chips at roulette
    "colour_not_roulette",
    "colour_chip_value",
    "colour_not_seated",
    "colour_value_fixed",
    "colour_revalued",
    "colour_stake_value",
    "colour_none",
    "colour_count",
    # tables and seats
    "table_not_found",
    "personal_tables_limit",
    "table_full",
    "box_taken",
    "box_already_yours",
    "boxes_per_player_limit",
    "box_not_yours",
    "table_in_play",
    # rounds: stakes, the deal, decisions, recall
    "round_in_play",
    "already_staked",
    "not_taking_stakes",
    "deal_needs_stake",
    "nothing_to_deal",
    "house_deals",
    "round_closed",
    "too_many_decisions",
    "unknown_field",
    "stake_below_minimum",
    "stake_above_maximum",
    "recall_too_old",
    "round_not_found",
    "player_not_found",
    "client_seed_closed",
    # the rules of the games (the engines' reasons)
    "not_your_turn",
    "nothing_to_decide",
    "no_such_box",
    "unknown_action",
    "box_already_acted",
    "box_folded",
    "dark_box_decides_nothing",
    "exchange_not_now",
    "exchange_count",
    "already_insured",
)

# The server's own codes, beside the core's.
SERVER_CODES = (
    "forbidden",
    "too_large",
    "rate_limited",
    "method_not_allowed",
    "http",
    "internal",
)
CODES: tuple[str, ...] = tuple(
    dict.fromkeys([kind for _, _, kind in KINDS] + list(RAISED) + list(SERVER_CODES))
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
    """The code, class and figures of a core refusal, as its raiser gave them.

    >>> low = Refused("box 1: ANTE 50 is outside the table limits 100..1000",
    ...               "stake_below_minimum", amount=50, min=100, max=1000)
    >>> refusal(low).fields()  # doctest: +NORMALIZE_WHITESPACE
    {'code': 'stake_below_minimum', 'kind': 'refused',
     'message': 'box 1: ANTE 50 is outside the table limits 100..1000',
     'params': {'amount': 50, 'min': 100, 'max': 1000}}
    >>> refusal(RuleError("box 1: exchange refused")).code
    'rule_refused'
    >>> refusal(IllegalIntent("round t1-r2: box 1: insure refused: needs three of a kind")).code
    'rule_refused'
    """
    status, kind = kind_of(error)
    code, params = code_of(error)
    if code not in CODES:  # none given (or one the list lost: the class's code is safe)
        rule = isinstance(error, IllegalIntent) or isinstance(error.__context__, RuleError)
        code, params = ("rule_refused" if rule else kind), {}
    return Refusal(status, code, kind, str(error), params)
