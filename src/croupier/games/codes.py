"""Refusal codes: a stable name for what was refused, given where it is refused.

A refusal's sentence is for people reading logs; a client words the refusal in its
player's language from its ``code`` and ``params`` (figures a player needs: amounts in
minor units, limits, dates; never a card number, a round id or a name). The code is
set where the refusal is raised, so rewording a sentence can never lose it:

* an exception: ``Refused("... at most 2 at a time", code="personal_tables_limit", most=2)``
  (:class:`CodedError`, the base of the casino's errors and of the engines' ``RuleError``);
* an engine's reason, a plain ``str`` elsewhere: ``Reason("it is box 2's turn",
  "not_your_turn", box=2)``, which an ``IllegalAction`` carries on as its code.

>>> reason = Reason("it is box 2's turn", "not_your_turn", box=2)
>>> reason == "it is box 2's turn", code_of(reason), code_of("a plain reason")
(True, ('not_your_turn', {'box': 2}), (None, {}))
>>> error = CodedError("3 tables open, at most 2 at a time", code="limit", most=2)
>>> error.code, error.params, str(error)
('limit', {'most': 2}, '3 tables open, at most 2 at a time')
"""

from __future__ import annotations

Params = dict[str, int | str]
# A verb the game does not have (every engine words its own list of verbs).
UNKNOWN_ACTION = "unknown_action"


class Reason(str):
    """The words of a refusal with its code and figures (still a ``str`` everywhere)."""

    code: str
    params: Params

    def __new__(cls, text: str, code: str, **params: int | str) -> Reason:
        made = super().__new__(cls, text)
        made.code = code
        made.params = params
        return made


def code_of(reason: object) -> tuple[str | None, Params]:
    """The code and figures a reason or an error carries (None: none given)."""
    code = getattr(reason, "code", None)
    params = getattr(reason, "params", None)
    return (code if isinstance(code, str) else None), dict(params or {})


def reason_of(error: Exception) -> str:
    """An error's words as an engine's reason, its code kept (a plain ``str`` if none)."""
    code, params = code_of(error)
    return str(error) if code is None else Reason(str(error), code, **params)


class CodedError(ValueError):
    """An error whose code (and figures) the raiser may give; ``code`` None: the
    class's own broad code applies."""

    code: str | None = None

    def __init__(self, message: str = "", code: str | None = None, **params: int | str) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: Params = params
