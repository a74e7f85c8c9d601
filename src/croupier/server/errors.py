"""Refusals as HTTP answers: one shape for every error, naming what and where.

Every error body is ``{"error": {"code": ..., "kind": ..., "message": ...,
"where": ..., "params": ...}}``: a stable code per refusal and its figures
(:mod:`croupier.server.refusals`), the broad class, the English sentence.
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
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException

from croupier.casino.errors import CasinoError
from croupier.games.base import RuleError
from croupier.games.codes import Params
from croupier.profiles import ProfileError
from croupier.server.logs import log
from croupier.server.refusals import CODES, refusal


class ApiError(Exception):
    """A refusal raised by the server itself (not by the casino core)."""

    def __init__(self, status: int, code: str, message: str, where: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.where = where


class ErrorDetail(BaseModel):
    """A refusal: clients word it by ``code`` (with ``params``), never by the message."""

    code: str = Field(json_schema_extra={"enum": list(CODES)})
    kind: str = Field(description="the broad class: unauthorized, bad_input, refused...")
    message: str = Field(description="the English sentence, for staff and logs")
    where: str | None = Field(None, description="the field or place refused")
    params: dict[str, int | str] | None = Field(
        None, description="the refusal's figures: amounts in minor units, limits, dates"
    )


class ErrorOut(BaseModel):
    error: ErrorDetail


def error_body(
    code: str, message: str, where: str = "", kind: str = "", params: Params | None = None
) -> dict[str, Any]:
    """The one error shape; ``kind`` is the broad class (the code itself when it is one)."""
    error: dict[str, Any] = {"code": code, "kind": kind or code, "message": message}
    if where:
        error["where"] = where
    if params:
        error["params"] = dict(params)
    return {"error": error}


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
    """The handlers, and the error shape on every route of the schema (routes added later too)."""
    app.router.responses = {
        **app.router.responses,
        "default": {"model": ErrorOut, "description": "a refusal"},
    }

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
            found = refusal(error)
            log.info("refused", extra={"path": request.url.path, "code": found.code})
            body = error_body(found.code, found.message, "", found.kind, found.params)
            return JSONResponse(body, found.status)

    @app.exception_handler(Exception)
    async def _crash(request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error", extra={"path": request.url.path})
        return JSONResponse(error_body("internal", "internal error; it has been logged"), 500)
