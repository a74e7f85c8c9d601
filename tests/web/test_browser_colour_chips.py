"""Roulette with colour chips in the browser: buy them at the chosen chip value, bet with
them, get paid in them, change them back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


def test_colour_chips_bought_bet_and_changed_back_in_the_browser(
    server: str, browser: Browser, shots: Path
) -> None:
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/#/login")
    form = "#register-form"
    page.fill(f"{form} [name=full_name]", "Vera Colour")
    page.fill(f"{form} [name=birth_date]", "1985-03-03")
    page.fill(f"{form} [name=document_number]", "4511 777888")
    page.fill(f"{form} [name=password]", "correct horse")
    page.click(f"{form} button[type=submit]")
    page.wait_for_url("**#/cashier")
    page.fill("#buy-form [name=amount]", "1000")
    page.click("#buy-form button")
    expect(page.locator("#balance")).to_contain_text("1 000.00")
    page.goto(f"{server}/#/lobby")
    page.click("#lobby tr[data-profile='roulette'][data-mode='personal'] button")
    page.click("[data-sit='1']")
    # Ten colour chips at the table minimum (25 roubles): 250 of the 1000 cash chips.
    page.fill("#colour-count", "10")
    page.click("#colour-buy")
    expect(page.locator("[data-colour-count]")).to_have_attribute("data-colour-count", "10")
    expect(page.locator("#balance")).to_contain_text("750.00")
    page.click("[data-stake='1']")
    page.wait_for_selector("#actions button[data-act='bet']")
    page.fill("#spot", "red")
    page.fill("#amount", "50")
    page.click("#actions button[data-act='bet']")
    expect(page.locator("[data-colour-count]")).to_have_attribute("data-colour-count", "8")
    page.click("#actions button[data-act='no_more_bets']")
    page.wait_for_selector("[data-box='1'] .settlement")
    count = page.locator("[data-colour-count]")
    # Red lost, or paid 1:1 in colour chips.
    expect(count).to_have_attribute("data-colour-count", re.compile(r"^(8|12)$"))
    left = int(count.get_attribute("data-colour-count") or "0")
    page.screenshot(path=shots / "colour-chips.png", full_page=True)
    expect(page.locator("#balance")).to_contain_text("750.00")  # the bet never touched them
    page.click("#colour-back")
    expect(page.locator("[data-colour-count]")).to_have_count(0)
    expect(page.locator("#colour-buy")).to_be_visible()  # still seated: may buy again
    expect(page.locator("#balance")).to_contain_text(f"{750 + 25 * left:,}.00".replace(",", " "))
    assert not errors, errors
