"""Every game with an engine has a working table in the browser: sit, stake, and the round
goes on (the legal actions as buttons) or settles at once (baccarat)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

GAMES = ["blackjack", "baccarat", "roulette", "texas-holdem", "texas-holdem-bonus", "three-card"]


def test_each_game_table_plays_in_the_browser(server: str, browser: Browser, shots: Path) -> None:
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/#/login")
    form = "#register-form"
    page.fill(f"{form} [name=full_name]", "Boris Ivanov")
    page.fill(f"{form} [name=birth_date]", "1980-02-02")
    page.fill(f"{form} [name=document_number]", "4510 654321")
    page.fill(f"{form} [name=password]", "correct horse")
    page.click(f"{form} button[type=submit]")
    page.wait_for_url("**#/cashier")
    page.fill("#buy-form [name=amount]", "5000")
    page.click("#buy-form button")
    expect(page.locator("#balance")).to_contain_text("5")
    for profile in GAMES:
        page.goto(f"{server}/#/lobby")
        row = f"#lobby tr[data-profile='{profile}'][data-mode='personal']"
        page.click(f"{row} button")
        page.click("[data-sit='1']")
        if profile == "three-card":  # a side stake from the profile's own list: PAIR PLUS
            page.fill("[data-side='pair_plus']", "25")
        page.click("[data-stake='1']")
        page.wait_for_selector("#actions button[data-act], [data-box='1'] .settlement")
        page.screenshot(path=shots / f"{profile}.png", full_page=True)
        expect(page.locator("#rules summary")).to_contain_text("Rules and pay table")
        if profile == "three-card":
            expect(page.locator("[data-box='1'] .stakes")).to_contain_text("pair_plus 25.00")
    assert not errors, errors
