"""An optional e-mail at registration is a second login: one card per address, compared
case-insensitively, failing and locking exactly as a card-number login does."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.casino import Casino, Registration
from croupier.casino.auth import LOGIN_FAILED
from croupier.casino.emails import normalise_email
from croupier.casino.errors import AccountLocked, AuthError, BadInput, Refused
from croupier.casino.players import REGISTRATION_REFUSED
from croupier.store.testing import SettableClock

PASSWORD = "correct horse"


def register(casino: Casino, number: str, email: str | None, name: str = "Anna Petrova") -> str:
    reg = Registration(name, date(1990, 5, 17), "passport", number, PASSWORD, email=email)
    return casino.players.register(reg).card_number


def test_login_by_email_opens_the_same_card_as_its_number(casino: Casino) -> None:
    card = register(casino, "4509 000001", "Anna.Petrova@Mail.RU")
    by_email = casino.auth.login("anna.petrova@mail.ru", PASSWORD)
    assert by_email.profile.card_number == card
    assert by_email.profile.email == "anna.petrova@mail.ru"  # stored lower-cased
    assert casino.auth.login(" ANNA.PETROVA@MAIL.RU ", PASSWORD).profile.card_number == card
    assert casino.auth.login(card, PASSWORD).profile.email == "anna.petrova@mail.ru"


def test_email_is_optional(casino: Casino) -> None:
    card = register(casino, "4509 000002", None)
    assert casino.players.get(card).email is None
    assert register(casino, "4509 000003", "  ") != card  # blank is no address, not a clash


def test_email_unique_case_insensitively_with_the_neutral_refusal(casino: Casino) -> None:
    register(casino, "4509 000004", "boris@example.ru")
    with pytest.raises(Refused) as taken:
        register(casino, "4509 000005", "Boris@Example.RU", name="Another Person")
    assert str(taken.value) == REGISTRATION_REFUSED  # says nothing about the address


def test_email_login_failures_share_the_one_message(casino: Casino) -> None:
    register(casino, "4509 000006", "vera@example.ru")
    with pytest.raises(AuthError) as unknown:
        casino.auth.login("nobody@example.ru", PASSWORD)
    with pytest.raises(AuthError) as wrong:
        casino.auth.login("vera@example.ru", "wrong password")
    assert str(unknown.value) == str(wrong.value) == LOGIN_FAILED


def test_email_logins_lock_the_card_like_card_logins(casino: Casino, clock: SettableClock) -> None:
    card = register(casino, "4509 000007", "gleb@example.ru")
    for _ in range(2):
        with pytest.raises(AuthError):
            casino.auth.login("gleb@example.ru", "wrong password")
    with pytest.raises(AuthError):
        casino.auth.login(card, "wrong password")  # the third, by number: one count per card
    with pytest.raises(AccountLocked) as locked:
        casino.auth.login("gleb@example.ru", PASSWORD)
    assert str(locked.value) == LOGIN_FAILED
    clock.advance(minutes=31)
    assert casino.auth.login("gleb@example.ru", PASSWORD).profile.card_number == card


@pytest.mark.parametrize(
    "typed",
    [
        "anna",
        "anna@",
        "@mail.ru",
        "anna@mail",
        "an na@mail.ru",
        "anna@mail..ru",
        ".a@mail.ru",
        "a..b@mail.ru",
        "anna@-mail.ru",
        "anna\u0000@mail.ru",
        "anna\u202e@mail.ru",
        "a" * 65 + "@mail.ru",
        "a@" + "b" * 250 + ".ru",
    ],
)
def test_registration_refuses_malformed_email(casino: Casino, typed: str) -> None:
    with pytest.raises(BadInput, match="e-mail"):
        register(casino, "4509 000008", typed)


EMAILS = st.from_regex(
    r"[a-z0-9]{1,20}(\.[a-z0-9_+-]{1,10})?@[a-z0-9]{1,15}\.[a-z]{2,6}", fullmatch=True
)


@given(EMAILS)
def test_normalised_email_is_idempotent_and_case_blind(address: str) -> None:
    assert normalise_email(address.upper()) == normalise_email(address) == address
    assert normalise_email(normalise_email(address)) == address
