"""Refuse an oversized request body before anything reads it (413, in the API's error shape).

Every request of the API is a few hundred bytes; a body over the limit is an
attack or a bug, and parsing it would cost memory and time for nothing.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier.server.errors import error_body

MAX_BODY_BYTES = 64 * 1024


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        seen = 0
        too_big = False

        async def counted() -> Message:
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    too_big = True
                    raise ValueError("request body over the limit")
            return message

        try:
            await self.app(scope, counted, send)
        except ValueError:
            if not too_big:
                raise
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            error_body("too_large", f"request body over {self.limit} bytes", "body")
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})
