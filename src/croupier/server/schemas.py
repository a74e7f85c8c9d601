"""The API's request and answer shapes (pydantic), which the OpenAPI spec is built from.

Requests are strict: an unknown field, a float or a string where a whole number of
kopecks belongs is refused with a 422 naming the field, never coerced.

>>> MoneyIn.model_validate({"key": "buy-1", "amount": 5000}).amount
5000
>>> MoneyIn.model_validate({"key": "buy-1", "amount": 50.5})
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for MoneyIn
amount
  Input should be a valid integer [type=int_type, input_value=50.5, input_type=float]
    ...
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    model_validator,
)

from croupier.casino.documents import DocumentType
from croupier.casino.errors import BadInput
from croupier.casino.tables import limit_tier
from croupier.casino.text import check_text
from croupier.games.common.stakes import StakeSpec
from croupier.games.common.tiers import DEFAULT_TIER, LIMIT_TIERS


def _plain(value: str) -> str:
    """Refuse control characters, lone surrogates and bidi controls (ValueError, so the
    422 names the field)."""
    try:
        return check_text(value, "text")
    except BadInput as error:
        raise ValueError(str(error).removeprefix("text: ")) from None


# Every text field of every request: no NUL, no control character, no U+202E.
Text = Annotated[StrictStr, AfterValidator(_plain)]

# An idempotency key: the client picks it (a UUID is fine); a repeat replays the first answer.
Key = Annotated[StrictStr, Field(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.:\-]+$")]
Money = Annotated[StrictInt, Field(gt=0, le=10**12, description="kopecks")]
Card = Annotated[Text, Field(min_length=1, max_length=32, description="player card number")]
Password = Annotated[Text, Field(min_length=1, max_length=200)]
Email = Annotated[Text, Field(min_length=3, max_length=254, description="e-mail address")]


class In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


def _date_text(value: object) -> object:
    """A date arrives as ISO text only: lax pydantic would take ``0`` as 1970-01-01."""
    if not isinstance(value, str):
        raise ValueError("a date must be text like 1990-05-17")
    return value


def _period(value: int) -> int:
    if value not in (1, 7, 30):
        raise ValueError("must be 1, 7 or 30 (days)")
    return value


class RegisterIn(In):
    full_name: Annotated[Text, Field(min_length=1, max_length=200)]
    # A date arrives as text in JSON; strict mode would refuse every string, so this one is lax.
    birth_date: Annotated[date, Field(strict=False), BeforeValidator(_date_text)]
    # One of a fixed list (free text let a retyped type register a document again);
    # its value arrives as JSON text, so like the date this one is lax.
    document_type: Annotated[DocumentType, Field(strict=False)]
    document_number: Annotated[Text, Field(min_length=1, max_length=64)]
    password: Password
    email: Email | None = Field(
        default=None, description="optional, a second way to log in; one card per address"
    )


class LoginIn(In):
    """A login names the card by its number or by its e-mail address: exactly one."""

    card_number: Card | None = None
    email: Email | None = None
    password: Password

    @model_validator(mode="after")
    def _one_login(self) -> LoginIn:
        if (self.card_number is None) == (self.email is None):
            raise ValueError("give card_number or email (one of them)")
        return self

    @property
    def login(self) -> str:
        return self.card_number if self.card_number is not None else str(self.email)


class MoneyIn(In):
    key: Key
    amount: Money


class LimitIn(In):
    # Not Literal[1, 7, 30]: True == 1 in Python, and `"period_days": true` got through.
    period_days: Annotated[
        StrictInt, Field(json_schema_extra={"enum": [1, 7, 30]}), AfterValidator(_period)
    ]
    amount: Annotated[StrictInt, Field(ge=0, le=10**12)] | None = None


class ExcludeIn(In):
    months: Annotated[StrictInt, Field(ge=6, le=1200)] = 6


class RealityCheckIn(In):
    minutes: Annotated[StrictInt, Field(ge=1, le=1440)] | None = None


def _known_tier(name: str) -> str:
    """A tier name the casino has (ValueError, so the 422 names the ``tier`` field)."""
    try:
        return limit_tier(name).name
    except BadInput as error:
        raise ValueError(str(error)) from None


class CreateTableIn(In):
    profile: Annotated[Text, Field(min_length=1, max_length=64)]
    # One of the casino's limit tiers (named by its minimum stake in roubles), never free numbers.
    tier: Annotated[
        StrictStr,
        Field(max_length=8, json_schema_extra={"enum": [t.name for t in LIMIT_TIERS]}),
        AfterValidator(_known_tier),
    ] = DEFAULT_TIER


class ColourBuyIn(In):
    """Colour chips for cash chips at a roulette table where the player sits."""

    key: Key
    value: Annotated[
        StrictInt,
        Field(gt=0, le=10**12, description="kopecks one colour chip is worth (within the limits)"),
    ]
    count: Annotated[StrictInt, Field(ge=1, le=100_000, description="chips to buy")]


class KeyIn(In):
    key: Key


class RoundSeedIn(In):
    """The player's part of the next round's deck (none: just show the commitment)."""

    client_seed: Annotated[Text, Field(max_length=64)] | None = None


class FairRoundOut(BaseModel):
    """The round taking stakes at a table: what the provably-fair check needs before it."""

    round_id: str
    table_id: int
    number: int
    game: str
    profile: str
    phase: str
    commitment: str = Field(description="SHA-256 of the secret server seed, hex")
    client_seed: str
    nonce: int
    shoe_offset: int = Field(description="cards of the seed's shoe dealt before this round")


class VerifyIn(In):
    server_seed: Annotated[StrictStr, Field(min_length=32, max_length=128, pattern=r"^[0-9a-f]+$")]
    client_seed: Annotated[Text, Field(max_length=200)] = ""
    nonce: Annotated[StrictInt, Field(ge=0, le=2**63)] = 0
    commitment: Annotated[StrictStr, Field(min_length=64, max_length=64, pattern=r"^[0-9a-f]+$")]


class PlayerOut(BaseModel):
    card_number: str
    email: str | None = Field(description="the card's e-mail login, lower-cased (None: none)")
    full_name: str
    role: str
    birth_date: date
    registered_at: datetime


class LoginOut(BaseModel):
    token: str
    expires_at: datetime
    previous_login_at: datetime | None
    player: PlayerOut


class ReceiptOut(BaseModel):
    operation: str
    transaction_id: int
    amount: int
    balance: int
    replayed: bool


class BalanceOut(BaseModel):
    card_number: str
    balance: int
    currency: str


class LimitOut(BaseModel):
    period_days: int
    period: str
    amount: int | None = Field(description="this card's own limit in force (None: none)")
    pending_amount: int | None
    pending_from: datetime | None
    applies: int | None = Field(
        description="the limit buying is checked against: the strictest in force on any card "
        "of the same person (None: none)"
    )
    deposited: int = Field(description="chips bought within the period on all the person's cards")
    left: int | None = Field(description="what may still be bought within the period")


class LimitsOut(BaseModel):
    deposit_limits: list[LimitOut]
    excluded_until: datetime | None
    reality_check_minutes: int | None
    next_reality_check: datetime | None = None  # this session's first reminder, if one is set


class ProfileSummary(BaseModel):
    id: str
    name: str
    game: str
    source: str
    playable: bool
    error: str | None = None


class ProfileRules(BaseModel):
    id: str
    name: str
    game: str
    source: str
    settings: dict[str, Any]
    stakes: StakeSpec | None = Field(
        description="the lines a box may stake before the deal, their prices and what a "
        "dark box puts up; none for roulette (a seat's chip value, then bets)"
    )


class VerifyOut(BaseModel):
    ok: bool
    commitment_matches: bool
    deck: list[str]


class ColourChipsOut(BaseModel):
    """A player's colour chips at a roulette table."""

    table_id: int
    colour: int = Field(description="the player's box, whose colour the chips are")
    value: int = Field(description="kopecks one chip is worth")
    count: int
    worth: int = Field(description="count x value, kopecks")
    last_seen_at: datetime = Field(description="the last buy, stake or bet with them")
    away: bool = Field(
        description="away longer than the casino's absence time: the next buy, stake, bet "
        "or change back first values every chip at the table minimum"
    )
    worth_if_back_now: int = Field(description="what the chips are worth if used now, kopecks")


class ColourReceiptOut(BaseModel):
    """The answer to a colour-chip command (a repeated key replays it)."""

    operation: Literal["colour_in", "colour_out"]
    transaction_id: int | None
    amount: int = Field(description="cash chips moved, kopecks (out on a buy, in on a change)")
    revalued: int = Field(
        description="kopecks the house took first: the player came back after a long absence "
        "and each chip was valued at the table minimum"
    )
    colour: int
    value: int
    count: int = Field(description="colour chips held after a buy; changed back on a change")
    cash_chips: int = Field(description="the player's cash chips afterwards, kopecks")
    replayed: bool
