"""A player's e-mail address: a second way to log in, checked and compared in one form.

An address is optional at registration. It names one card only (two cards with one
address would make a login by e-mail ambiguous), and it is compared case-insensitively:
``Anna@Mail.RU`` and ``anna@mail.ru`` are one address, so it is stored lower-cased.
The check is deliberately plain (RFC 5321 lengths, an ASCII local part and a dotted
domain name): it catches typing slips, not every exotic address the RFC allows.

>>> normalise_email("  Anna.Petrova@Mail.RU ")
'anna.petrova@mail.ru'
>>> normalise_email("anna@localhost")
Traceback (most recent call last):
...
croupier.casino.errors.BadInput: e-mail 'anna@localhost' is not an address like name@example.ru
>>> looks_like_email("anna@mail.ru"), looks_like_email("7000 0000 0000 0009")
(True, False)
"""

from __future__ import annotations

import re

from croupier.casino.errors import BadInput
from croupier.casino.text import check_text

MAX_EMAIL = 254  # RFC 5321: a path of 256 octets, less the angle brackets
MAX_LOCAL = 64
EMAIL_INVALID = "email_invalid"
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_ADDRESS = re.compile(rf"[a-z0-9.!#$%&'*+/=?^_`{{|}}~-]+@{_LABEL}(?:\.{_LABEL})+")


def looks_like_email(text: str) -> bool:
    """Whether a login names an e-mail address rather than a card number."""
    return "@" in text


def normalise_email(text: object) -> str:
    """``text`` as the stored address (trimmed, lower-cased), or :class:`BadInput`."""
    if not isinstance(text, str):
        raise BadInput(f"e-mail must be text, got {type(text).__name__}", EMAIL_INVALID)
    check_text(text, "e-mail")
    address = text.strip().lower()
    if len(address) > MAX_EMAIL:
        raise BadInput(f"e-mail is longer than {MAX_EMAIL} characters", EMAIL_INVALID)
    local = address.partition("@")[0]
    if (
        not _ADDRESS.fullmatch(address)
        or len(local) > MAX_LOCAL
        or local.startswith(".")
        or local.endswith(".")
        or ".." in local
    ):
        raise BadInput(
            f"e-mail {text.strip()!r} is not an address like name@example.ru", EMAIL_INVALID
        )
    return address
