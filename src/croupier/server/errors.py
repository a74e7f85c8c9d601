"""Refusals as HTTP answers: one shape for every error, naming what and where.

Every error body is ``{"error": {"code": ..., "message": ..., "where": ...}}``.
The casino core's refusals map to status codes (its module says which), a
request that does not match the schema is a 422 that names the field, and
anything unexpected is a 500 that leaks no internals (the log has the trace).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from croupier.casino.errors import (
    AuthError,
    BadInput,
    CasinoError,
    Conflict,
    InsufficientFunds,
    NotFound,
    Refused,
)
from croupier.games.base import RuleError
from croupier.profiles import ProfileError
from croupier.server.logs import log


class ApiError(Exception):
    """A refusal raised by the server itself (not by the casino core)."""

    def __init__(self, status: int, code: str, message: str, where: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.where = where


def error_body(code: str, message: str, where: str = "") -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if where:
        error["where"] = where
    return {"error": error}


# Most specific first: the first matching class decides.
_CASINO: tuple[tuple[type[Exception], int, str], ...] = (
    (AuthError, 401, "unauthorized"),
    (InsufficientFunds, 409, "insufficient_funds"),
    (Refused, 403, "refused"),
    (Conflict, 409, "conflict"),
    (NotFound, 404, "not_found"),
    (BadInput, 422, "bad_input"),
    (RuleError, 409, "rule"),
    (ProfileError, 404, "not_found"),
    (CasinoError, 400, "refused"),
)


def classify(error: Exception) -> tuple[int, str]:
    """The status and code of a core refusal.

    >>> classify(InsufficientFunds("card 7...: balance 0"))
    (409, 'insufficient_funds')
    >>> classify(RuleError("box 1: exchange refused"))
    (409, 'rule')
    """
    for kind, status, code in _CASINO:
        if isinstance(error, kind):
            return status, code
    return 500, "internal"


def describe_validation(errors: Sequence[Any]) -> tuple[str, str]:
    """A pydantic error list as one sentence and the place it points at.

    >>> describe_validation([{"loc": ("body", "amount"), "msg": "Input should be a valid integer",
    ...                       "type": "int_type"}])
    ('amount: Input should be a valid integer', 'amount')
    """
    parts: list[str] = []
    first = ""
    for item in errors:
        loc = [str(p) for p in item.get("loc", ()) if p not in ("body", "query", "path")]
        where = ".".join(loc) or "request"
        if item.get("type") == "extra_forbidden":
            message = "unknown field"
        else:
            message = str(item.get("msg", "invalid"))
        parts.append(f"{where}: {message}")
        first = first or where
    return "; ".join(parts) or "invalid request", first


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error_body(error.code, error.message, error.where), error.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        message, where = describe_validation(error.errors())
        return JSONResponse(error_body("bad_input", message, where), 422)

    @app.exception_handler(HTTPException)
    async def _http(_request: Request, error: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 401: "unauthorized"}.get(
            error.status_code, "http"
        )
        return JSONResponse(
            error_body(code, str(error.detail)), error.status_code, headers=error.headers
        )

    for kind in (CasinoError, RuleError, ProfileError):

        @app.exception_handler(kind)
        async def _core(request: Request, error: Exception) -> JSONResponse:
            status, code = classify(error)
            log.info("refused", extra={"path": request.url.path, "code": code})
            return JSONResponse(error_body(code, str(error)), status)

    @app.exception_handler(Exception)
    async def _crash(request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error", extra={"path": request.url.path})
        return JSONResponse(error_body("internal", "internal error; it has been logged"), 500)
