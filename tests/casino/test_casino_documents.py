"""One document, one registration: the document type is one of a fixed list and
the number is compared in one normal form, so a self-excluded player cannot
come back (nor escape a deposit limit) by retyping the papers they registered
with (the security review registered "passport.", "pasport" and "internal
passport" as three new documents)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.casino import Casino
from croupier.casino.documents import (
    DocumentType,
    normalise_document_number,
    parse_document_type,
)
from croupier.casino.errors import BadInput, Refused
from croupier.casino.players import Registration

BORN = date(1990, 5, 17)


def _register(casino: Casino, kind: str, number: str, name: str = "Anna Petrova") -> str:
    reg = Registration(name, BORN, kind, number, "correct horse")
    return casino.players.register(reg).card_number


@pytest.mark.parametrize(
    "kind", ["passport.", "pasport", "internal passport", "паспорт", "Passport RF", "", "other"]
)
def test_self_exclusion_not_bypassed_by_a_document_type_outside_the_list(
    casino: Casino, kind: str
) -> None:
    card = _register(casino, "passport", "4509 123456")
    casino.responsible.self_exclude(card)
    with pytest.raises(BadInput, match=r"identity document type .* is not one of: passport, "):
        _register(casino, kind, "4509 123456", "Anna Petrova-Second")


@pytest.mark.parametrize(
    ("kind", "number"),
    [
        ("passport", "4509123456"),
        ("PASSPORT", "4509-123456"),
        (" passport ", "45 09 12 34 56"),
        ("passport", "4509\u2013123456"),  # an en dash from a word processor
        ("passport", "\uff14\uff15\uff10\uff19 123456"),  # full-width digits
        ("passport", "4509 123456."),
    ],
)
def test_self_exclusion_not_bypassed_by_a_retyped_document_number(
    casino: Casino, kind: str, number: str
) -> None:
    card = _register(casino, "passport", "4509 123456")
    casino.responsible.self_exclude(card)
    with pytest.raises(Refused, match="cannot be registered online"):
        _register(casino, kind, number, "Anna Petrova-Second")


def test_driving_licence_letters_on_either_keyboard_are_one_licence(casino: Casino) -> None:
    _register(casino, "driving_licence", "77 АВ 123456")  # Cyrillic А and В
    with pytest.raises(Refused, match="cannot be registered online"):
        _register(casino, "driving_licence", "77ab123456", "Someone Else")


def test_same_number_on_another_document_type_is_another_document(casino: Casino) -> None:
    first = _register(casino, "passport", "4509 123456")
    second = _register(casino, "military_id", "4509 123456", "Ivan Ivanov")
    assert first != second
    assert casino.players.get(second).document_type is DocumentType.MILITARY_ID


def test_every_listed_document_type_registers_and_is_stored_as_listed(casino: Casino) -> None:
    for i, kind in enumerate(DocumentType):
        card = _register(casino, kind.value.upper(), f"N{i} 0001", f"Person {i}")
        profile = casino.players.get(card)
        assert profile.document_type is kind and profile.document_number == f"N{i}0001"


@pytest.mark.parametrize(
    ("number", "message"),
    [
        ("", "is empty"),
        (" - - ", "is empty"),
        ("4509 12345*", "only letters, digits"),
        ("4509\x00123456", "only letters, digits"),
        ("1" * 65, "longer than 64"),
    ],
)
def test_document_number_bad_input_is_refused_and_registers_nobody(
    casino: Casino, number: str, message: str
) -> None:
    with pytest.raises(BadInput, match=f"registration: identity document number.*{message}"):
        _register(casino, "passport", number)
    assert _register(casino, "passport", "4509 123456")  # nothing was left behind


@given(st.text(alphabet="0123456789ABCDEFabcdef -–—./№", max_size=40))
def test_normalised_document_number_is_a_fixed_point(text: str) -> None:
    """Normalising twice changes nothing: what is stored compares equal to itself retyped."""
    try:
        once = normalise_document_number(text)
    except BadInput:
        return
    assert normalise_document_number(once) == once
    assert once == once.upper() and " " not in once and "-" not in once


def test_document_type_parse_takes_the_enum_or_its_value() -> None:
    assert parse_document_type(DocumentType.ID_CARD) is DocumentType.ID_CARD
    assert parse_document_type(" Residence_Permit") is DocumentType.RESIDENCE_PERMIT
    with pytest.raises(BadInput, match="identity document type 7 is not one of"):
        parse_document_type(7)
