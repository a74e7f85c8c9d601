"""Who is asking: a session token as a bearer token or in an HttpOnly cookie.

Browsers get the cookie at login (script on the page cannot read it, so an
injected script cannot steal it); API clients and the load benchmark send
``Authorization: Bearer TOKEN``. Tokens are the casino core's: 256 random bits
from the OS CSPRNG, stored only as a hash, expiring.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import HTTPConnection

from croupier.casino import AuthError, Profile
from croupier.casino.auth import SESSION_ENDED
from croupier.server.state import ServerState, connection_state, server_state

COOKIE = "croupier_session"

bearer = HTTPBearer(auto_error=False, description="the token from POST /api/login")


def token_of(connection: HTTPConnection) -> str | None:
    """The session token a request or a WebSocket carries, if any (header first)."""
    header = connection.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return connection.cookies.get(COOKIE) or None


def viewer_profile(connection: HTTPConnection) -> Profile | None:
    """The logged-in person, None for an anonymous visitor (a spectator);
    :class:`AuthError` for a token that is unknown or expired."""
    token = token_of(connection)
    if token is None:
        return None
    state: ServerState = connection_state(connection)
    return state.casino.auth.authenticate(token)


def current_player(
    request: Request,
    _credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Profile:
    """The logged-in person, or a 401 telling them to log in."""
    profile = viewer_profile(request)
    if profile is None:
        raise AuthError("not logged in: POST /api/login first", SESSION_ENDED)
    return profile


Player = Annotated[Profile, Depends(current_player)]
State = Annotated[ServerState, Depends(server_state)]
