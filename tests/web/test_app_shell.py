"""The new client's shell, as a newcomer meets it, on a desktop and on a phone: Russian by
default for a Russian browser, registration (a minor refused in Russian, no internal words),
the card number on "my card", buying chips by a double click buys once (issue 13), errors
worded in the player's language with no kopecks and cleared on the next page, the warning
before a lock, self-exclusion asks first, the history recalls a round and checks its deck."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import (
    PASSWORD,
    context,
    log_in_after_a_wrong_password,
    need_build,
    no_horizontal_scroll,
    shot,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_russian_newcomer_registers_buys_chips_once_and_reads_errors_in_russian(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    need_build()
    ctx = context(browser, size, locale="ru-RU")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/app/#/login")
    expect(page.locator("#nav-lobby")).to_have_text("Лобби")  # Russian by default
    form = "#register-form"
    minor = date.today().replace(year=date.today().year - 17)
    page.fill(f"{form} [name=full_name]", f"Юный Игрок {size}")
    page.fill(f"{form} [name=birth_date]", minor.isoformat())
    page.fill(f"{form} [name=document_number]", f"4601 {size == 'phone':d}00017")
    page.fill(f"{form} [name=password]", PASSWORD)
    page.click(f"{form} button[type=submit]")
    expect(page.locator("#notice")).to_contain_text("18 лет")
    assert "registration" not in (page.text_content("#notice") or "")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-minor-refused")

    page.fill(f"{form} [name=full_name]", f"Анна Петрова {size}")
    page.fill(f"{form} [name=birth_date]", "1990-05-17")
    page.fill(f"{form} [name=document_number]", f"4601 {size == 'phone':d}23456")
    page.click(f"{form} button[type=submit]")
    page.wait_for_url("**/app/#/card")
    card = ctx.request.get(f"{server}/api/me").json()["card_number"]
    expect(page.locator("#card-number")).to_have_text(re.sub(r"(\d{4})(?=\d)", r"\1 ", card))
    shot(page, shots, f"{size}-my-card")

    # A double click on "Buy chips" buys once.
    page.goto(f"{server}/app/#/cashier")
    page.fill("#buy-form [name=amount]", "1000")
    page.dblclick("#buy-form button[type=submit]")
    expect(page.locator("#cashier-balance")).to_have_text("1\u00a0000,00\u00a0₽")
    assert ctx.request.get(f"{server}/api/balance").json()["balance"] == 100_000
    # A refusal worded in Russian, never in kopecks or with the card's number.
    page.fill("#cash-out-form [name=amount]", "5000")
    page.click("#cash-out-form button[type=submit]")
    expect(page.locator("#notice.error")).to_contain_text("Недостаточно фишек")
    notice = page.text_content("#notice") or ""
    assert "500000" not in notice and card not in notice
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-cashier-refused")
    page.click("#nav-lobby")  # the error does not follow the player to other pages
    expect(page.locator("#notice")).to_have_count(0)

    # Self-exclusion asks first (the dialog states how long); declining changes nothing.
    asked: list[str] = []
    page.goto(f"{server}/app/#/cashier")
    page.evaluate("() => { window.confirm = (m) => { window.__asked = m; return false; }; }")
    page.click("#self-exclusion button")
    asked.append(page.evaluate("() => window.__asked"))
    assert "6" in asked[0]
    assert ctx.request.get(f"{server}/api/limits").json()["excluded_until"] is None

    # English at a click; the warning before the card locks is shown at the login.
    page.select_option("#lang", "en")
    expect(page.locator("#nav-lobby")).to_have_text("Lobby")
    page.click("#logout")
    page.wait_for_selector("#nav-login")
    page.goto(f"{server}/app/#/login")
    expect(page.locator("#lock-warning")).to_contain_text("three wrong passwords")
    log_in_after_a_wrong_password(page, card, wrong=2)  # the last try said before the lock
    expect(page.locator("#balance")).to_have_text("RUB\u00a01,000.00")
    assert not errors, errors
    ctx.close()
