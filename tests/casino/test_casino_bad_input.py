"""Bad input is refused with a clear error naming what and where, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from croupier.casino import BadInput, Casino, CasinoError, NotFound, Profile, RoundClosed
from croupier.games.base import BoxSettlement, Settlement, StakeLine

from .conftest import hold, open_round

UNKNOWN_CARD = "4111111111111111"  # a valid Luhn number nobody holds


@pytest.fixture
def ready(casino: Casino, new_player: Callable[..., Profile]) -> str:
    """A player with chips, an open round r1 with a stake, and a settled round r0."""
    ann = new_player()
    casino.cashier.buy_chips("buy", ann.card_number, 10_000)
    open_round(casino, "r0")
    casino.ledger.void("void-r0", "r0")
    open_round(casino, "r1")
    hold(casino, "r1", ann.card_number, 1_000)
    return ann.card_number


BAD_AMOUNTS = [
    (-100, BadInput, "must be positive, got -100"),
    (0, BadInput, "must be positive, got 0"),
    (10.0, BadInput, "whole number of kopecks, got 10.0"),
    ("100", BadInput, "whole number of kopecks, got '100'"),
    (True, BadInput, "whole number of kopecks, got True"),
    (None, BadInput, "whole number of kopecks, got None"),
]


@pytest.mark.parametrize(("amount", "error", "message"), BAD_AMOUNTS)
@pytest.mark.parametrize("operation", ["buy", "cash_out"])
def test_bad_amount_is_refused_and_changes_nothing(
    casino: Casino,
    ready: str,
    snapshot: Callable[[], object],
    operation: str,
    amount: object,
    error: type[CasinoError],
    message: str,
) -> None:
    commands: dict[str, Callable[[], object]] = {
        "buy": lambda: casino.cashier.buy_chips("k", ready, amount),  # type: ignore[arg-type]
        "cash_out": lambda: casino.cashier.cash_out("k", ready, amount),  # type: ignore[arg-type]
    }
    before = snapshot()
    with pytest.raises(error, match=message):
        commands[operation]()
    assert snapshot() == before


COMMANDS: list[tuple[str, Callable[[Casino, str], object], type[CasinoError], str]] = [
    (
        "unknown player buys",
        lambda c, card: c.cashier.buy_chips("k", UNKNOWN_CARD, 100),
        NotFound,
        f"no player with card {UNKNOWN_CARD}",
    ),
    (
        "unknown player cashes out",
        lambda c, card: c.cashier.cash_out("k", UNKNOWN_CARD, 100),
        NotFound,
        "no player with card",
    ),
    (
        "mistyped card",
        lambda c, card: c.cashier.buy_chips("k", card[:-1] + str((int(card[-1]) + 1) % 10), 100),
        BadInput,
        "wrong check digit",
    ),
    (
        "unknown round",
        lambda c, card: hold(c, "nope", card, 100),
        NotFound,
        "no round 'nope'",
    ),
    (
        "stake on a closed round",
        lambda c, card: hold(c, "r0", card, 100),
        RoundClosed,
        "round r0 is void: it takes no more stakes",
    ),
    (
        "settle a closed round",
        lambda c, card: c.ledger.settle("k", "r0", Settlement(())),
        RoundClosed,
        "round r0 is void",
    ),
    (
        "void a closed round",
        lambda c, card: c.ledger.void("k", "r0"),
        RoundClosed,
        "round r0 is void",
    ),
    (
        "settle with something not a settlement",
        lambda c, card: c.ledger.settle("k", "r1", {"boxes": []}),  # type: ignore[arg-type]
        BadInput,
        "a Settlement is needed",
    ),
    (
        "settle a box whose player is not a card number",
        lambda c, card: c.ledger.settle(
            "k",
            "r1",
            Settlement((BoxSettlement(2, "p1", (StakeLine("ante", 1_000, 0),)),)),
        ),
        BadInput,
        "settle round r1 box 2: player card number 'p1' must be 16 digits",
    ),
    (
        "settle a negative return",
        lambda c, card: c.ledger.settle(
            "k",
            "r1",
            Settlement((BoxSettlement(1, card, (StakeLine("ante", 1_000, -1),)),)),
        ),
        BadInput,
        "round r1 box 1 ante returned must be zero or more, got -1",
    ),
    (
        "bad currency",
        lambda c, card: c.cashier.buy_chips("k", card, 100, "rubles"),
        BadInput,
        "three-letter code",
    ),
    (
        "empty idempotency key",
        lambda c, card: c.cashier.buy_chips("", card, 100),
        BadInput,
        "idempotency key must be non-empty",
    ),
    (
        "bad round id",
        lambda c, card: open_round(c, "a:b"),
        BadInput,
        "may not contain ':'",
    ),
    (
        "round in a currency that is no code",
        lambda c, card: open_round(c, "r2", "rubles"),
        BadInput,
        "three-letter code",
    ),
]


@pytest.mark.parametrize(
    ("command", "error", "message"),
    [pytest.param(cmd, err, msg, id=name) for name, cmd, err, msg in COMMANDS],
)
def test_bad_request_is_refused_and_changes_nothing(
    casino: Casino,
    ready: str,
    snapshot: Callable[[], object],
    command: Callable[[Casino, str], object],
    error: type[CasinoError],
    message: str,
) -> None:
    before = snapshot()
    with pytest.raises(error, match=message):
        command(casino, ready)
    assert snapshot() == before
    # The key of a refused command is not burnt: the right request may use it.
    assert casino.cashier.buy_chips("k", ready, 100).amount == 100
