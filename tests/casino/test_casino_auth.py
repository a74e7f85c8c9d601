"""Logins, sessions and the lock after three failed logins."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import select

from croupier.casino import AccountLocked, AuthError, Casino, Profile, Refused, Role
from croupier.casino.auth import LOGIN_FAILED, token_hash
from croupier.store.models import LoginSession, Person
from croupier.store.testing import SettableClock

PASSWORD = "correct horse"


def test_login_returns_the_previous_login_time(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    ann = new_player()
    first = casino.auth.login(ann.card_number, PASSWORD)
    assert first.previous_login_at is None
    first_time = clock()
    clock.advance(hours=3)
    second = casino.auth.login(ann.card_number, PASSWORD)
    assert second.previous_login_at == first_time
    assert second.profile == ann


def test_session_token_is_stored_only_hashed_and_expires(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    ann = new_player()
    login = casino.auth.login(ann.card_number, PASSWORD)
    assert casino.auth.authenticate(login.token) == ann
    with casino.store.read() as session:
        stored = list(session.scalars(select(LoginSession.token_hash)))
    assert stored == [token_hash(login.token)]
    assert login.token not in stored
    clock.set(login.expires_at)
    with pytest.raises(AuthError, match="expired"):
        casino.auth.authenticate(login.token)


def test_logout_ends_the_session(casino: Casino, new_player: Callable[..., Profile]) -> None:
    ann = new_player()
    login = casino.auth.login(ann.card_number, PASSWORD)
    casino.auth.logout(login.token)
    with pytest.raises(AuthError):
        casino.auth.authenticate(login.token)
    with pytest.raises(AuthError, match="unknown session"):
        casino.auth.authenticate("not-a-token")


def test_wrong_password_and_unknown_card_are_refused_alike(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    with pytest.raises(AuthError, match="wrong card number, e-mail or password"):
        casino.auth.login(ann.card_number, "wrong password")
    with pytest.raises(AuthError, match="wrong card number, e-mail or password"):
        casino.auth.login("4111111111111111", PASSWORD)


def _fail_three_times(casino: Casino, card: str) -> None:
    for _ in range(2):
        with pytest.raises(AuthError, match="wrong card number, e-mail or password"):
            casino.auth.login(card, "wrong password")
    with pytest.raises(AuthError, match="wrong card number, e-mail or password") as third:
        casino.auth.login(card, "wrong password")
    assert str(third.value) == LOGIN_FAILED  # nothing tells that this one locked the card
    assert casino.auth.locked_until(card) is not None


def test_lockout_after_three_failed_logins(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    _fail_three_times(casino, ann.card_number)
    # Even the right password is refused while locked.
    with pytest.raises(AccountLocked) as locked:
        casino.auth.login(ann.card_number, PASSWORD)
    assert str(locked.value) == LOGIN_FAILED  # the same answer as an unknown card


def test_lockout_ends_after_the_lock_period(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    ann = new_player()
    _fail_three_times(casino, ann.card_number)
    clock.advance(minutes=29)
    with pytest.raises(AccountLocked):
        casino.auth.login(ann.card_number, PASSWORD)
    clock.advance(minutes=1)
    assert casino.auth.login(ann.card_number, PASSWORD).profile == ann


def test_lockout_success_resets_the_failure_count(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    for _ in range(2):
        with pytest.raises(AuthError):
            casino.auth.login(ann.card_number, "wrong password")
    casino.auth.login(ann.card_number, PASSWORD)
    for _ in range(2):
        with pytest.raises(AuthError):
            casino.auth.login(ann.card_number, "wrong password")
    assert casino.auth.login(ann.card_number, PASSWORD).profile == ann


def test_lockout_a_manager_unlocks_at_once(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    boss = new_player("Olga Manager", role=Role.MANAGER)
    _fail_three_times(casino, ann.card_number)
    casino.auth.unlock(boss, ann.card_number)
    assert casino.auth.login(ann.card_number, PASSWORD).profile == ann


def test_lockout_only_a_manager_may_unlock(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    cashier = new_player("Pavel Cashier", role=Role.CASHIER)
    _fail_three_times(casino, ann.card_number)
    with pytest.raises(Refused, match="only a manager unlocks"):
        casino.auth.unlock(cashier, ann.card_number)
    with casino.store.read() as session:
        person = session.scalars(select(Person).where(Person.card_number == ann.card_number)).one()
        assert person.locked_until is not None


def test_lockout_does_not_end_sessions_already_open(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    # Issue 12, finding 3: anyone who knew a card number could lock it and so end its
    # holder's game (the timer then folded the box). The lock now stops new logins only.
    ann = new_player()
    playing = casino.auth.login(ann.card_number, PASSWORD).token
    _fail_three_times(casino, ann.card_number)
    assert casino.auth.authenticate(playing) == ann
    with pytest.raises(AccountLocked):
        casino.auth.login(ann.card_number, PASSWORD)


def test_every_login_failure_gets_the_same_answer(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player()
    answers = set()
    for card, password in [
        ("4111111111111111", PASSWORD),  # no such card
        (ann.card_number, "wrong password"),
        (ann.card_number, "wrong password"),
        (ann.card_number, "wrong password"),  # this one locks
        (ann.card_number, "wrong password"),  # locked
        (ann.card_number, PASSWORD),  # locked, right password
    ]:
        with pytest.raises(AuthError) as refused:
            casino.auth.login(card, password)
        answers.add(str(refused.value))
    assert answers == {LOGIN_FAILED}
