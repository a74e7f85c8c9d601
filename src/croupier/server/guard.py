"""Every HTTP answer's security headers, and the Origin check on state-changing requests.

* Headers: a Content-Security-Policy that lets the page run only the casino's own
  scripts and styles (no inline script or style, no other site's), connect only
  back to this server, and be framed by nobody; the older X-Frame-Options and
  X-Content-Type-Options for browsers that predate it; and no Referer sent away.
* Origin: a POST, PUT, PATCH or DELETE that carries the session cookie and says it
  comes from a page of another site is refused (403) before it runs. SameSite=Strict
  on the cookie already keeps other sites' requests from carrying it; this is the
  second lock. Clients that are not browsers send no Origin (and use a bearer token).
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier.server.errors import error_body

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
    "object-src 'none'"
)
HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def foreign_origin(headers: dict[bytes, bytes]) -> str | None:
    """The request's Origin when it names another site than the Host; else None.

    >>> foreign_origin({b"host": b"casino:8000", b"origin": b"https://evil.example"})
    'https://evil.example'
    >>> foreign_origin({b"host": b"casino:8000", b"origin": b"http://casino:8000"}) is None
    True
    """
    origin = headers.get(b"origin")
    if origin is None:
        return None
    text = origin.decode("latin-1")
    if text != "null" and urlsplit(text).netloc == headers.get(b"host", b"").decode("latin-1"):
        return None
    return text


class Guard:
    def __init__(self, app: ASGIApp, cookie: str) -> None:
        self.app = app
        self.cookie = cookie.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", ()))
        with_cookie = self.cookie + b"=" in headers.get(b"cookie", b"")
        if scope["method"] in CHANGING and with_cookie:
            origin = foreign_origin(headers)
            if origin is not None:
                await self._refuse(send, origin)
                return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *HEADERS]
            await send(message)

        await self.app(scope, receive, secured)

    async def _refuse(self, send: Send, origin: str) -> None:
        body = json.dumps(
            error_body("forbidden", f"cross-site request from {origin[:100]} refused", "origin")
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [(b"content-type", b"application/json"), *HEADERS],
            }
        )
        await send({"type": "http.response.body", "body": body})
