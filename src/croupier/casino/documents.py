"""Identity documents a person registers with, and how a document number is compared.

A person is registered once per document (RULES.md §3): the card of a
self-excluded player must not be replaced by a new card on the same papers.
So the document's *type* is one of a fixed list, never free text (free text
let "passport", "passport." and "pasport" count as three documents), and its
*number* is compared in one normal form: no spaces, dashes or other
separators, upper case, NFKC (full-width digits are digits), and the Cyrillic
letters that look like Latin ones written as the Latin ones (a driving
licence "77 АВ 123456" typed on either keyboard is the same licence).

The types are the documents a Russian casino accepts as proof of identity and
age at the door: the internal passport, the foreign (travel) passport, a
foreign citizen's national identity card, a driving licence, a residence
permit and a military identity card.

>>> parse_document_type(" Passport ").value
'passport'
>>> normalise_document_number("45 10-123 456")
'4510123456'
>>> normalise_document_number("77 ав 123456") == normalise_document_number("77AB123456")
True
"""

from __future__ import annotations

import unicodedata

from croupier.casino.errors import BadInput
from croupier.store.models import DocumentType

__all__ = ["DocumentType", "normalise_document_number", "parse_document_type"]

MAX_NUMBER = 64
NUMBER_INVALID = "document_number_invalid"

# Separators people type inside a number: spaces, hyphens and dashes of every
# kind, dots, slashes and the number sign.
_SEPARATORS = frozenset(" \t\u00a0-\u2010\u2011\u2012\u2013\u2014\u2015\u2212./\\№#")
# Cyrillic capitals that look like Latin ones: one licence, two keyboards.
_LOOKALIKE = str.maketrans("АВЕКМНОРСТУХ", "ABEKMHOPCTYX")


def parse_document_type(text: object) -> DocumentType:
    """The type named by ``text`` (its value, any case, spaces around); else
    :class:`BadInput` listing the accepted ones."""
    if isinstance(text, DocumentType):
        return text
    if isinstance(text, str):
        try:
            return DocumentType(text.strip().lower())
        except ValueError:
            pass
    accepted = ", ".join(t.value for t in DocumentType)
    raise BadInput(
        f"identity document type {text!r} is not one of: {accepted}", "document_type_unknown"
    )


def normalise_document_number(text: object) -> str:
    """The number in the form it is compared and stored in; :class:`BadInput` if there is
    none, it is too long, or it holds anything but letters and digits between separators."""
    if not isinstance(text, str):
        raise BadInput(f"identity document number must be text, got {text!r}", NUMBER_INVALID)
    folded = unicodedata.normalize("NFKC", text).upper().translate(_LOOKALIKE)
    number = "".join(ch for ch in folded if ch not in _SEPARATORS)
    if not number:
        raise BadInput("identity document number is empty", NUMBER_INVALID)
    if len(number) > MAX_NUMBER:
        raise BadInput(
            f"identity document number is longer than {MAX_NUMBER} characters", NUMBER_INVALID
        )
    if not all((ch.isascii() and ch.isalnum()) or "А" <= ch <= "Я" or ch == "Ё" for ch in number):
        raise BadInput(
            f"identity document number {text!r} may hold only letters, digits, spaces and dashes",
            NUMBER_INVALID,
        )
    return number
