"""A player at a table who excludes themselves (issue 15's socket close, issue 12's
self-exclusion): the table says until when play is closed, in the player's language, not
"log in again" (the session stays good for cashing out)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import newcomer, open_personal, page_errors, shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("size", "locale", "words"), [
    ("desktop", "en-US", "self-excluded until"),
    ("phone", "ru-RU", "самоисключение до"),
])  # fmt: skip
def test_a_self_exclusion_at_the_table_says_until_when_not_log_in_again(
    server: str, browser: Browser, shots: Path, size: str, locale: str, words: str
) -> None:
    page = newcomer(browser, server, f"Ivan Excluded {size}", size, locale, chips=100_000)
    errors = page_errors(page)
    open_personal(page, server, "russian")
    excluded = page.context.request.post(f"{server}/api/limits/self-exclusion", data={"months": 6})
    assert excluded.ok, excluded.text()
    year, month, day = excluded.json()["excluded_until"][:10].split("-")
    notice = page.locator("#notice")
    expect(notice).to_contain_text(words)
    # The end date, as the player's language writes a date.
    until = f"{year}-{month}-{day}" if locale == "en-US" else f"{day}.{month}.{year}"
    expect(notice).to_contain_text(until)
    expect(notice).not_to_contain_text("log in")
    expect(notice).not_to_contain_text("Войдите")
    # Still logged in: the balance shows and the cashier (cashing out) is a click away.
    expect(page.locator("#balance")).to_be_visible()
    expect(page.locator("#nav-login")).to_have_count(0)
    # The table, its socket back, offers no chip and no stake: it says until when, and it
    # still does after a reload (the page asks the server for the player's limits).
    for reloaded in (False, True):
        if reloaded:
            page.reload()
        excluded_line = page.locator("#excluded")
        expect(excluded_line).to_contain_text(until)
        expect(page.locator("#rack")).to_have_count(0)
        expect(page.locator("#spots")).to_have_count(0)
        expect(page.locator("[data-stake]")).to_have_count(0)
    shot(page, shots, f"{size}-self-excluded-at-the-table")
    assert not errors, errors
    page.context.close()
