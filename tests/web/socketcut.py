"""Playwright's WebSocket routing between a page and its table socket's server: a socket cut
at the moment an intent waits for its answer."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, WebSocketRoute


class Cutter:
    """Routes the page's table sockets through the test: everything passes, save that when
    ``lose`` is set to ``"answer"`` or ``"intent"``, the next intent the page sends is cut off
    with its socket: after the server carried it out (nothing the server sends after it gets
    through: its event, its ack), or before the server gets it. ``"hold"`` keeps the next
    intent from the server and leaves the socket open: the test kills the server's process.
    The closing of either side closes the other (Playwright's default)."""

    def __init__(self, page: Page) -> None:
        self.lose = ""
        self.cut: dict[str, Any] | None = None  # the intent cut off with its socket
        self.after: list[dict[str, Any]] = []  # what the server sent the page after the cut
        page.route_web_socket("**/ws/tables/*", self.route)

    def route(self, page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()
        held = {"answer": False}

        def from_page(text: str | bytes) -> None:
            message = json.loads(text)
            if message.get("type") == "intent" and self.lose:
                self.after = []
                self.cut, lose, self.lose = message, self.lose, ""
                if lose == "intent":  # never reaches the server: the socket dies with it
                    page_side.close()
                    server.close()
                    return
                if lose == "hold":  # never reaches the server, whose death cuts the socket
                    return
                held["answer"] = True  # the server runs it; its answer dies with the socket
            server.send(text)

        def from_server(text: str | bytes) -> None:
            message = json.loads(text)
            if held["answer"]:
                if message.get("type") == "ack" and message.get("key") == self.key:
                    page_side.close()
                    server.close()
                return
            if self.cut is not None:
                self.after.append(message)
            page_side.send(text)

        page_side.on_message(from_page)
        server.on_message(from_server)

    @property
    def key(self) -> str:
        assert self.cut is not None
        key: str = self.cut["key"]
        return key

    def answers(self) -> list[dict[str, Any]]:
        """The answers the server gave the cut intent's key on the sockets after the cut."""
        return [
            m for m in self.after if m.get("type") in ("ack", "error") and m.get("key") == self.key
        ]
