"""Registration, login and the player's own cash desk and limits.

Money moves only through the casino core (:class:`~croupier.casino.cashier.Cashier`);
each money request carries the client's idempotency key, so a request repeated
after a lost answer moves nothing twice.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request, Response

from croupier.casino import AuthError, Profile, Receipt, Registration
from croupier.casino.auth import token_hash
from croupier.casino.players import find_person
from croupier.server.schemas import (
    BalanceOut,
    ExcludeIn,
    LimitIn,
    LimitOut,
    LimitsOut,
    LoginIn,
    LoginOut,
    MoneyIn,
    PlayerOut,
    RealityCheckIn,
    ReceiptOut,
    RegisterIn,
)
from croupier.server.security import COOKIE, Player, State, token_of
from croupier.server.sessions import Ending
from croupier.server.throttle import too_many

router = APIRouter(prefix="/api", tags=["account"])


def player_out(profile: Profile) -> PlayerOut:
    return PlayerOut(
        card_number=profile.card_number,
        email=profile.email,
        full_name=profile.full_name,
        role=profile.role.value,
        birth_date=profile.birth_date,
        registered_at=profile.registered_at,
    )


def receipt_out(receipt: Receipt, card: str) -> ReceiptOut:
    return ReceiptOut(
        operation=receipt.operation,
        transaction_id=receipt.transaction_id,
        amount=receipt.amount,
        balance=receipt.balances.get(card, 0),
        replayed=receipt.replayed,
    )


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.post("/register", status_code=201)
async def register(body: RegisterIn, state: State) -> PlayerOut:
    """Register a player (18 or older today) and issue their player card; an e-mail
    address, if given, is a second way to log in."""
    registration = Registration(
        body.full_name,
        body.birth_date,
        body.document_type,
        body.document_number,
        body.password,
        email=body.email,
    )
    # Hashing the password is argon2 work: in line with every other password check.
    profile = await state.passwords.run(state.casino.players.register, registration)
    return player_out(profile)


@router.post("/login")
async def login(body: LoginIn, state: State, request: Request, response: Response) -> LoginOut:
    """Open a session by card number or e-mail: the token comes back once, and as an
    HttpOnly cookie.

    Every failure gets one answer; an address that keeps failing waits longer and longer
    (429), and password checks run one at a time so they cannot starve the game."""
    address = client_address(request)
    wait = state.logins.wait(address)
    if wait > 0:
        raise too_many("too many failed logins from this address", wait)
    try:
        done = await state.passwords.run(state.casino.auth.login, body.login, body.password)
    except AuthError:
        state.logins.failed(address)
        raise
    state.logins.succeeded(address)
    response.set_cookie(
        COOKIE,
        done.token,
        expires=done.expires_at,
        httponly=True,
        samesite="strict",
        secure=state.config.cookie_secure,
        path="/",
    )
    return LoginOut(
        token=done.token,
        expires_at=done.expires_at,
        previous_login_at=done.previous_login_at,
        player=player_out(done.profile),
    )


@router.post("/logout", status_code=204)
async def logout(request: Request, state: State, response: Response) -> None:
    """End the session and close its table sockets at once, on every server process (a
    missing or dead token is fine: the result is the same)."""
    token = token_of(request)
    if token:
        await asyncio.to_thread(state.casino.auth.logout, token)
        await state.sessions.end_everywhere(token_hash(token), Ending("logged out"))
    response.delete_cookie(COOKIE, path="/")


@router.get("/me")
def me(player: Player) -> PlayerOut:
    return player_out(player)


@router.get("/balance")
def balance(player: Player, state: State) -> BalanceOut:
    """Chips the player holds (stakes in open rounds not counted)."""
    ledger = state.casino.ledger
    return BalanceOut(
        card_number=player.card_number,
        balance=ledger.balance(player.card_number),
        currency=ledger.currency,
    )


@router.post("/cashier/buy")
def buy_chips(body: MoneyIn, player: Player, state: State) -> ReceiptOut:
    """Buy chips (a deposit: refused over a deposit limit or while self-excluded)."""
    key = f"web:{player.card_number}:{body.key}"
    receipt = state.casino.cashier.buy_chips(key, player.card_number, body.amount)
    return receipt_out(receipt, player.card_number)


@router.post("/cashier/cash-out")
def cash_out(body: MoneyIn, player: Player, state: State) -> ReceiptOut:
    """Cash chips out, up to the balance (always open, self-exclusion or not)."""
    key = f"web:{player.card_number}:{body.key}"
    receipt = state.casino.cashier.cash_out(key, player.card_number, body.amount)
    return receipt_out(receipt, player.card_number)


def limits_out(player: Profile, state: State) -> LimitsOut:
    casino = state.casino
    with casino.store.read() as session:
        minutes = find_person(session, player.card_number).reality_check_minutes
    return LimitsOut(
        deposit_limits=[
            LimitOut(
                period_days=limit.own.period_days,
                period=limit.own.period,
                amount=limit.own.amount,
                pending_amount=limit.own.pending_amount,
                pending_from=limit.own.pending_from,
                applies=limit.applies,
                deposited=limit.deposited,
                left=limit.left,
            )
            for limit in casino.responsible.person_limits(player.card_number)
        ],
        excluded_until=casino.responsible.excluded_until(player.card_number),
        reality_check_minutes=minutes,
    )


@router.get("/limits")
def get_limits(player: Player, state: State, request: Request) -> LimitsOut:
    """The player's protections, and when this session's first reality check is due."""
    found = limits_out(player, state)
    token = token_of(request)
    if token is not None and found.reality_check_minutes is not None:
        started = state.casino.auth.session_started(token)
        found.next_reality_check = state.casino.responsible.next_reality_check(
            player.card_number, started
        )
    return found


@router.put("/limits/deposit")
def set_deposit_limit(body: LimitIn, player: Player, state: State) -> LimitsOut:
    """Set (or with no amount remove) a deposit limit: lower at once, higher after 24 h."""
    state.casino.responsible.set_deposit_limit(player.card_number, body.period_days, body.amount)
    return limits_out(player, state)


@router.post("/limits/self-exclusion")
async def self_exclude(body: ExcludeIn, player: Player, state: State) -> LimitsOut:
    """Exclude yourself for at least six months, from now; it cannot be shortened. Play
    stops at once: the table sockets of every session of the person (every card of
    theirs) close on every server process. The sessions themselves stay open, because
    cashing out stays open to an excluded person."""
    casino = state.casino
    until = await asyncio.to_thread(
        casino.responsible.self_exclude, player.card_number, body.months
    )
    why = f"self-excluded until {until:%Y-%m-%d}: play is closed (cashing out stays open)"
    ending = Ending(why, "self_excluded", {"until": f"{until:%Y-%m-%d}"})
    for hashed in await asyncio.to_thread(casino.auth.live_sessions_of_person, player.card_number):
        await state.sessions.end_everywhere(hashed, ending)
    return await asyncio.to_thread(limits_out, player, state)


@router.put("/limits/reality-check")
def reality_check(body: RealityCheckIn, player: Player, state: State) -> LimitsOut:
    state.casino.responsible.set_reality_check(player.card_number, body.minutes)
    return limits_out(player, state)
