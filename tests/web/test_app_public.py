"""Two players at the public baccarat table (a phone and a desktop): no player can call the
deal; the round is dealt by the house once every staked box's owner has bet, and both see it
settled, each with their own line."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import acted, context, need_build, registered, shot

pytestmark = pytest.mark.browser


def test_only_the_house_deals_at_a_public_table(server: str, browser: Browser, shots: Path) -> None:
    need_build()
    first_ctx, second_ctx = context(browser, "desktop"), context(browser, "phone", "ru-RU")
    first, second = first_ctx.new_page(), second_ctx.new_page()
    registered(first_ctx, server, "Olga Pervaya", chips=100_000)
    registered(second_ctx, server, "Ivan Vtoroy", chips=100_000)
    first.goto(f"{server}/app/#/lobby")
    first.click(".tile.public[data-profile='baccarat'] a")
    first.wait_for_url("**/app/#/table/*")
    table = first.url.rsplit("/", 1)[1]
    acted(first, lambda: first.click("[data-sit='1']"))
    second.goto(f"{server}/app/#/table/{table}")
    acted(second, lambda: second.click("[data-sit='2']"))

    first.click("[data-chip='2500']")
    first.click("[data-spot='player']")
    acted(first, lambda: first.click("[data-stake='1']"))
    expect(first.locator("#deal")).to_have_count(0)  # nobody but the house deals here
    expect(first.locator("[data-box='1'] .stakes")).to_contain_text("PLAYER")
    expect(second.locator("[data-box='1'] .stakes")).to_contain_text("ИГРОК")
    shot(first, shots, "first-staked-waiting")

    second.click("[data-chip='2500']")
    second.click("[data-spot='tie']")
    acted(second, lambda: second.click("[data-stake='2']"))
    for page in (first, second):
        page.wait_for_selector("[data-box='1'] .settlement")
        page.wait_for_selector("[data-box='2'] .settlement")
        expect(page.locator("#bac-result")).to_be_visible()
    assert first.get_attribute("[data-box='2'] .settlement tr[data-line]", "data-line") == "tie"
    shot(first, shots, "settled-desktop")
    shot(second, shots, "settled-phone")
    first_ctx.close()
    second_ctx.close()
