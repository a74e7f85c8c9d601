"""Text a person types, checked before it is stored, logged or shown to anyone.

Refused anywhere in a text field: control characters (a NUL gave a 500 on PostgreSQL,
whose text cannot hold one, and the traceback logged the row), lone surrogates (not
text at all: no database can store them) and the bidirectional controls (U+202E
turns "Anna.exe" into what looks like another name in someone else's recall).

>>> check_text("Anna Petrova", "full name")
'Anna Petrova'
>>> check_text("Anna\\u202eavortep", "full name")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
croupier.casino.errors.BadInput: full name: character U+202E at position 5 is not allowed ...
"""

from __future__ import annotations

import unicodedata

from croupier.casino.errors import BadInput

# Embeddings, overrides, isolates and marks that reorder text when displayed.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def bad_character(text: str) -> tuple[int, str] | None:
    """The first character a text field may not hold, with its position (from 1)."""
    for i, ch in enumerate(text, 1):
        if ch in BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs"):
            return i, ch
    return None


def check_text(text: str, what: str) -> str:
    """``text`` unchanged, or :class:`BadInput` naming ``what`` and the character."""
    found = bad_character(text)
    if found is not None:
        i, ch = found
        raise BadInput(
            f"{what}: character U+{ord(ch):04X} at position {i} is not allowed "
            "(control or bidirectional formatting)",
            "forbidden_character",
        )
    return text
