"""One WebSocket per table: join, get a snapshot, send intents, receive events.

``/ws/tables/{id}`` joins as the logged-in player (the session cookie, or
``Authorization: Bearer``), or as a spectator when there is no session or
``?as=spectator`` is given. The first message is a ``snapshot``; then every
change of the table arrives as an ``event`` with the next sequence number,
each projected for this viewer. An intent is answered by ``ack`` (with the
seq of the event it caused) or ``error`` (code, message, where); a bad message
never closes the connection and never changes the table.

A socket opened with a session is closed (4401, after an ``unauthorized`` message) the
moment that session is logged out or expires (:mod:`croupier.server.sessions`), and the
session is checked again before every intent too, so an open tab cannot outlive its
login by a single event. A self-exclusion closes the person's sockets the same way, after
a ``self_excluded`` message with the date it ends (the session itself stays, for cashing
out; a socket opened again is refused every stake).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from fastapi import WebSocket, WebSocketDisconnect

from croupier.casino import AuthError, CasinoError, Profile
from croupier.casino.auth import SESSION_ENDED, token_hash
from croupier.casino.errors import Conflict, Refused
from croupier.casino.round_view import RoundView
from croupier.casino.tables import TableInfo
from croupier.games.base import JSON, RuleError, Viewer
from croupier.server.floor import Floor
from croupier.server.hub import Subscriber, frame_text
from croupier.server.intents import Intent, MessageError, parse_message
from croupier.server.logs import log
from croupier.server.projection import alias
from croupier.server.refusals import Refusal, refusal
from croupier.server.security import token_of, viewer_profile
from croupier.server.sessions import Ending
from croupier.server.state import ServerState, connection_state
from croupier.store.round_models import TableMode

PATH = "/ws/tables/{table_id}"

CLOSE_NOT_FOUND = 4404
CLOSE_UNAUTHORIZED = 4401
CLOSE_FORBIDDEN = 4403


def same_origin(socket: WebSocket) -> bool:
    """A browser says which page opened the socket; it must be one of ours. Clients that
    are not browsers send no Origin and authenticate with a bearer token instead."""
    origin = socket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == socket.headers.get("host", "")


class SessionGone(Exception):
    """The player's session ended while the socket was open; the socket closes."""

    def __init__(self, message: JSON) -> None:
        super().__init__(str(message.get("message", "")))
        self.message = message


def error_message(
    code: str, message: str, key: str | None = None, where: str = "", refused: Refusal | None = None
) -> JSON:
    """An error on the socket: the REST error's fields (code, kind, message, params), typed."""
    data: JSON = {"type": "error", "code": code, "kind": code, "message": message}
    if refused is not None:
        data.update(refused.fields())
    if key is not None:
        data["key"] = key
    if where:
        data["where"] = where
    return data


async def run_intent(floor: Floor, table_id: int, player: Profile, intent: Intent) -> JSON:
    """Carry out one intent through the table service; the event it caused is published.

    The intent's service calls (a decision's look-up of the table's round and the decision)
    are one hand-over to the command thread."""
    done = await floor.command(_carry_out, floor, table_id, player.card_number, intent)
    stored = time.perf_counter()
    replayed = False
    if isinstance(done, TableInfo):
        floor.note_table(done)
        public = done.mode is TableMode.PUBLIC
        if intent.intent == "stand" and public and done.open_round is not None:
            await floor.deal_if_ready(table_id)  # the seats left may all be staked now
    else:
        floor.remember(done)
        replayed = done.replayed
    seq = await floor.publish(table_id, intent.intent, by=alias(player.card_number))
    floor.phase("publish", time.perf_counter() - stored)
    return {"type": "ack", "key": intent.key, "seq": seq, "replayed": replayed}


def _carry_out(floor: Floor, table_id: int, card: str, intent: Intent) -> TableInfo | RoundView:
    """An intent's service calls (blocking: on the command thread)."""
    key = f"ws:{card}:{intent.key}"
    rounds, tables = floor.rounds, floor.tables
    if intent.intent == "sit":
        return tables.sit(table_id, card, intent.box)
    if intent.intent == "stand":
        if intent.box is None:
            raise MessageError("box: needed to stand up", "box")
        return tables.stand(table_id, card, intent.box)
    if intent.intent == "stake":
        if intent.box is None or intent.stake is None:
            raise MessageError("box and stake: both needed to stake", "stake")
        return rounds.stake(key, table_id, card, intent.box, intent.stake)
    if intent.intent == "deal":
        return _on_round(
            floor, table_id, key, "round_deal", "deal: no round is taking stakes at this table",
            lambda round_id: rounds.deal(key, round_id, card),
        )  # fmt: skip
    action = intent.action
    if action is None:
        raise MessageError("action: needed to act", "action")
    return _on_round(
        floor, table_id, key, "round_act", "act: no round is in play at this table",
        lambda round_id: rounds.act(key, round_id, card, action),
    )  # fmt: skip


def _on_round(
    floor: Floor, table_id: int, key: str, operation: str, none: str,
    command: Callable[[str], RoundView],
) -> RoundView:  # fmt: skip
    """A deal or a decision on the table's round. An intent sent again after its answer
    was lost with its socket may find its round ended since (the decision ended it, or
    the clock did): it is answered from the round its key names, as a replay, not
    refused, so the player's page learns that it was done (once).

    The round this process last saw at the table is tried first, with no look-up: nearly
    always it is the one in play. A guess gone stale (the round ended, another began on
    another process) is refused, writing nothing and leaving the key unused, and the
    table's round is then looked up as before."""
    rounds = floor.rounds
    guess = floor.last_round.get(table_id)
    if guess is None:
        current = rounds.current(table_id)
    else:
        try:
            return command(guess)
        except (Refused, Conflict) as error:  # Conflict: the key ran on another round
            current = rounds.current(table_id)
            if current == guess and isinstance(error, Refused):
                raise  # refused on the table's round itself: that is the answer
    if current is None:
        earlier = rounds.round_of_key(key, operation)
        if earlier is None:
            raise MessageError(none)
        return command(earlier)
    try:
        return command(current)
    except Conflict:  # the key ran already: on the round before this one?
        earlier = rounds.round_of_key(key, operation)
        if earlier is None or earlier == current:
            raise
        return command(earlier)


async def _writer(socket: WebSocket, subscriber: Subscriber) -> None:
    while True:
        message = await subscriber.queue.get()
        if message is None:  # cut off (too slow), leaving, or the session ended (4401)
            await socket.close(subscriber.close_code)
            return
        await socket.send_text(frame_text(message))


def table_number(text: str) -> int:
    """The table of the socket's path; 0 (no table: refused as not found) unless digits.

    >>> table_number("12"), table_number("-3"), table_number("x1"), table_number("\u0663")
    (12, 0, 0, 0)
    """
    return int(text) if text.isascii() and text.isdigit() else 0


async def table_socket(socket: WebSocket) -> None:
    """The table socket: a plain Starlette route (:data:`PATH`, added first by the app), not
    FastAPI's: its dependency solving and included routers' matching cost each join more
    than the rest of the handshake's Python, and the socket needs none of it."""
    table_id = table_number(socket.path_params["table_id"])
    state: ServerState = connection_state(socket)
    floor: Floor = state.floor
    await socket.accept()
    if not same_origin(socket):
        # Cross-site WebSocket hijacking: another site's page must not act with our cookie.
        await socket.send_text(json.dumps(error_message("forbidden", "cross-site connection")))
        await socket.close(CLOSE_FORBIDDEN)
        return
    try:
        # A visitor without a session is a spectator: nothing to look up on the reading thread.
        player = await floor.read(viewer_profile, socket) if token_of(socket) else None
    except CasinoError as error:
        await socket.send_text(json.dumps(error_message("unauthorized", str(error))))
        await socket.close(CLOSE_UNAUTHORIZED)
        return
    spectate = socket.query_params.get("as") == "spectator" or player is None
    viewer = Viewer.spectator() if spectate or player is None else Viewer.of(player.card_number)
    try:
        subscriber = await floor.join(table_id, viewer)
    except CasinoError as error:
        await socket.send_text(json.dumps(error_message("not_found", str(error))))
        await socket.close(CLOSE_NOT_FOUND)
        return
    channel = state.hub.channel(str(table_id))
    writer = asyncio.create_task(_writer(socket, subscriber))
    log.info("joined", extra={"table": table_id, "role": viewer.role.value})
    acting = None if spectate else player
    token = token_of(socket)
    forget, expiry = await _watch_session(state, token if player else None, subscriber)
    gone: SessionGone | None = None
    try:
        await _read(socket, state, floor, table_id, acting, token, subscriber)
    except WebSocketDisconnect:
        pass
    except SessionGone as error:
        gone = error
    finally:
        forget()
        if expiry is not None:
            expiry.cancel()
        channel.unsubscribe(subscriber)
        if subscriber.close_code != 1000:  # ended by the session's end: let the writer finish
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(writer), 1.0)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
        log.info("left", extra={"table": table_id, "role": viewer.role.value})
    if gone is not None:  # the writer has stopped: nothing else is sending on the socket now
        with contextlib.suppress(Exception):
            await socket.send_text(json.dumps(gone.message))
            await socket.close(CLOSE_UNAUTHORIZED)


async def _watch_session(
    state: ServerState, token: str | None, subscriber: Subscriber
) -> tuple[Callable[[], None], asyncio.Task[None] | None]:
    """Note the socket under its session, so that a logout (or the session's expiry)
    closes it at once; (the call that forgets it, the expiry timer)."""
    if token is None:
        return (lambda: None), None
    hashed = token_hash(token)

    def close(ending: Ending) -> None:
        message = error_message(ending.code, ending.why)
        message["kind"] = ending.kind
        if ending.params:
            message["params"] = dict(ending.params)
        subscriber.end(message, CLOSE_UNAUTHORIZED)

    forget = state.sessions.opened(hashed, close)
    try:
        ends = await state.floor.read(state.casino.auth.session_expires, token)
    except AuthError as error:  # ended between the join and now
        state.sessions.end(hashed, Ending(str(error)))
        return forget, None

    async def expire() -> None:
        await asyncio.sleep(max(0.0, (ends - state.casino.store.now()).total_seconds()))
        state.sessions.end(hashed, Ending("the session has expired: log in again"))

    return forget, asyncio.create_task(expire())


def session_check(
    state: ServerState, token: str | None, player: Profile, key: str
) -> Callable[[], None]:
    """What raises :class:`SessionGone` unless ``token`` is still a live session of
    ``player`` (blocking: run on the reading thread just before the intent, not on the
    command thread: on PostgreSQL its round trip would queue every table's commands)."""

    def check() -> None:
        try:
            if token is None:
                raise AuthError("no session: log in again", SESSION_ENDED)
            if state.casino.auth.session_holder(token) != player.id:
                # cannot happen for a token; never act for someone else
                raise AuthError(
                    "the session belongs to another player: log in again", SESSION_ENDED
                )
        except AuthError as error:
            raise SessionGone(error_message("unauthorized", str(error), key)) from None

    return check


async def _read(
    socket: WebSocket,
    state: ServerState,
    floor: Floor,
    table_id: int,
    player: Profile | None,
    token: str | None,
    subscriber: Subscriber,
) -> None:
    limit = state.config.max_message_bytes
    while True:
        received: Any = await socket.receive()
        if received.get("type") == "websocket.disconnect":
            raise WebSocketDisconnect(received.get("code", 1000))
        raw = received.get("text")
        if raw is None:
            raw = received.get("bytes") or b""
        if len(raw) > limit:
            subscriber.offer(
                error_message("too_large", f"message of {len(raw)} bytes; at most {limit}")
            )
            continue
        key: str | None = None
        try:
            message = parse_message(raw)
            if message.type == "ping":
                subscriber.offer({"type": "pong", "seq": state.hub.channel(str(table_id)).seq})
                continue
            assert isinstance(message, Intent)
            key = message.key
            if player is None:
                subscriber.offer(
                    error_message("unauthorized", "spectators cannot act: log in and join", key)
                )
                continue
            arrived = time.perf_counter()
            await floor.read(session_check(state, token, player, key))
            floor.phase("session", time.perf_counter() - arrived)
            with state.metrics.timed(message.intent):
                answer = await run_intent(floor, table_id, player, message)
            subscriber.offer(answer)
            log.info("intent", extra={"table": table_id, "intent": message.intent, "ok": True})
        except MessageError as error:
            subscriber.offer(error_message("bad_input", str(error), key or error.key, error.where))
            log.info("bad message", extra={"table": table_id, "where": error.where})
        except (CasinoError, RuleError) as error:
            found = refusal(error)
            subscriber.offer(error_message(found.code, found.message, key, refused=found))
            log.info(
                "intent refused", extra={"table": table_id, "code": found.code, "why": str(error)}
            )
        except SessionGone:
            log.info("session gone", extra={"table": table_id})
            raise
        except Exception:
            log.exception("intent failed", extra={"table": table_id})
            subscriber.offer(error_message("internal", "internal error; it has been logged", key))
