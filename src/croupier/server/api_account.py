"""Registration, login and the player's own cash desk and limits.

Money moves only through the casino core (:class:`~croupier.casino.cashier.Cashier`);
each money request carries the client's idempotency key, so a request repeated
after a lost answer moves nothing twice.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from croupier.casino import Profile, Receipt, Registration
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
from croupier.server.sessions import session_ended

router = APIRouter(prefix="/api", tags=["account"])


def player_out(profile: Profile) -> PlayerOut:
    return PlayerOut(
        card_number=profile.card_number,
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


@router.post("/register", status_code=201)
def register(body: RegisterIn, state: State) -> PlayerOut:
    """Register a player (18 or older today) and issue their player card."""
    profile = state.casino.players.register(
        Registration(
            body.full_name, body.birth_date, body.document_type, body.document_number, body.password
        )
    )
    return player_out(profile)


@router.post("/login")
def login(body: LoginIn, state: State, response: Response) -> LoginOut:
    """Open a session: the token comes back once, and as an HttpOnly cookie."""
    done = state.casino.auth.login(body.card_number, body.password)
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
    """End the session (a missing or dead token is fine: the result is the same); its
    table sockets close on every server process."""
    token = token_of(request)
    if token:
        await run_in_threadpool(state.casino.auth.logout, token)
        await session_ended(state, token_hash(token))
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
                period_days=limit.period_days,
                period=limit.period,
                amount=limit.amount,
                pending_amount=limit.pending_amount,
                pending_from=limit.pending_from,
            )
            for limit in casino.responsible.deposit_limits(player.card_number)
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
def self_exclude(body: ExcludeIn, player: Player, state: State) -> LimitsOut:
    """Exclude yourself for at least six months, from now; it cannot be shortened."""
    state.casino.responsible.self_exclude(player.card_number, body.months)
    return limits_out(player, state)


@router.put("/limits/reality-check")
def reality_check(body: RealityCheckIn, player: Player, state: State) -> LimitsOut:
    state.casino.responsible.set_reality_check(player.card_number, body.minutes)
    return limits_out(player, state)
