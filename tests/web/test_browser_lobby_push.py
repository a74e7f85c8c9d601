"""The lobby is pushed (issue 13): a box taken at a public table shows in another player's
lobby at once, with no polling of /api/tables (the page asks for it not once). On a phone the
long lobby has a category bar that stays at the top and jumps to a category. A personal table
another player opens reaches the lobby too, and is offered to nobody else (issue 13: the lobby
offered seats at occupied personal tables, then refused): no tile, no link, and at its address
no box to sit at."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Request, WebSocket, expect

from .appkit import (
    acted,
    context,
    need_build,
    no_english,
    no_horizontal_scroll,
    open_personal,
    registered,
    shot,
)

pytestmark = pytest.mark.browser


def test_a_box_taken_elsewhere_is_pushed_to_the_lobby(
    server: str, browser: Browser, shots: Path
) -> None:
    need_build()
    watcher_ctx, player_ctx = context(browser, "desktop"), context(browser, "phone", "ru-RU")
    watcher, player = watcher_ctx.new_page(), player_ctx.new_page()
    registered(watcher_ctx, server, "Vera Lobbyeva")
    registered(player_ctx, server, "Pavel Igrokov", chips=100_000)
    polled: list[str] = []

    def note(request: Request) -> None:
        if re.search(r"/api/tables(\?|$)", request.url) and request.method == "GET":
            polled.append(request.url)

    watcher.on("request", note)
    sockets: list[WebSocket] = []
    frames: list[str | bytes] = []  # every message of the lobby's socket, in order

    def opened(socket: WebSocket) -> None:
        sockets.append(socket)
        socket.on("framereceived", lambda frame: frames.append(frame))

    watcher.on("websocket", opened)
    watcher.goto(f"{server}/app/#/lobby")
    tile = watcher.locator(".tile.public[data-profile='blackjack']").first
    seats = tile.locator(".seats")
    expect(seats).to_contain_text("boxes free")
    free, boxes = map(int, re.findall(r"\d+", seats.text_content() or "")[:2])
    table = tile.get_attribute("data-table")
    updates = int(watcher.get_attribute("h2[data-updates]", "data-updates") or 0)

    # The phone's lobby: the category bar jumps to roulette and stays at the top of the screen.
    player.goto(f"{server}/app/#/lobby")
    bar = player.locator(".category-bar")
    expect(bar.locator("[data-jump='cat_roulette']")).to_have_text("Рулетка")
    player.click("[data-jump='cat_roulette']")
    heading = player.locator("#category-cat_roulette h3")
    expect(heading).to_be_in_viewport()
    assert player.evaluate("() => window.scrollY") > 844, "the jump did not move down the lobby"
    box = bar.bounding_box()
    assert box is not None and box["y"] == 0, f"the bar left the top: {box}"
    no_horizontal_scroll(player)
    # every game and table named in Russian (issue 13: "AA BONUS" was left), once all are shown
    expect(player.locator(".tile.personal[data-profile='texas-holdem-aa-bonus']")).to_be_visible()
    expect(player.locator(".tile.public").first).to_be_visible()
    no_english(player, "main")
    shot(player, shots, "phone-lobby-category-bar")

    player.goto(f"{server}/app/#/table/{table}")
    acted(player, lambda: player.click("[data-sit='1']"))
    # The lobby page waits for the server's message; nothing asks it for the tables.
    expect(seats).to_have_text(f"{free - 1} of {boxes} boxes free")
    assert int(watcher.get_attribute("h2[data-updates]", "data-updates") or 0) > updates
    assert polled == [], f"the lobby polled {polled}"
    shot(watcher, shots, "desktop-lobby-after-push")

    # The player opens a personal table (Play): the watcher's lobby hears of it, and offers it not.
    (lobby,) = [s for s in sockets if s.url.endswith("/ws/lobby")]
    with lobby.expect_event("framereceived", predicate=personal_russian) as pushed:
        open_personal(player, server, "russian")
    personal = player.url.rsplit("/", 1)[1]
    assert personal in {str(t["id"]) for t in json.loads(pushed.value)["tables"]}
    told = frames.index(pushed.value) + 1  # (the frames are noted before the expect sees them)
    watcher.wait_for_function(  # the page has taken that message in (it counts them)
        "(n) => Number(document.querySelector('h2').dataset.updates) >= n", arg=told
    )
    expect(watcher.locator(f"[data-table='{personal}']")).to_have_count(0)
    expect(watcher.locator(f"a[href='#/table/{personal}']")).to_have_count(0)
    shot(watcher, shots, "desktop-lobby-with-a-personal-table-elsewhere")
    # Nor at its address: the table shows, with no box offered to sit at.
    watcher.goto(f"{server}/app/#/table/{personal}")
    expect(watcher.locator("#felt")).to_be_visible()
    expect(watcher.locator("[data-box]").first).to_be_visible()
    expect(watcher.locator("[data-sit]")).to_have_count(0)
    shot(watcher, shots, "desktop-personal-table-of-another")
    watcher_ctx.close()
    player_ctx.close()


def personal_russian(frame: str | bytes) -> bool:
    """A lobby message that lists a personal table of Russian poker."""
    tables = json.loads(frame).get("tables") or []
    return any(t["mode"] == "personal" and t["profile"] == "russian" for t in tables)
