"""The lobby is pushed (issue 13): a box taken at a public table shows in another player's
lobby at once, with no polling of /api/tables (the page asks for it not once). On a phone the
long lobby has a category bar that stays at the top and jumps to a category."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Request, expect

from .appkit import acted, context, need_build, no_horizontal_scroll, registered, shot

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
    shot(player, shots, "phone-lobby-category-bar")

    player.goto(f"{server}/app/#/table/{table}")
    acted(player, lambda: player.click("[data-sit='1']"))
    # The lobby page waits for the server's message; nothing asks it for the tables.
    expect(seats).to_have_text(f"{free - 1} of {boxes} boxes free")
    assert int(watcher.get_attribute("h2[data-updates]", "data-updates") or 0) > updates
    assert polled == [], f"the lobby polled {polled}"
    shot(watcher, shots, "desktop-lobby-after-push")
    watcher_ctx.close()
    player_ctx.close()
