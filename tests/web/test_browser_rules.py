"""The rules panel (issue 13): the rules in words made from each profile, the pay tables by hand
names, the math lab's house edge (RTP panel); no raw settings, no internal references, in
English and in Russian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import context, need_build, no_horizontal_scroll, shot

pytestmark = pytest.mark.browser

# One profile of each family of settings on the desktop (English), fewer on the phone (Russian):
# each page is a second or two on a busy machine.
DESKTOP = ("russian", "six-card-shambala", "five-card-exchange", "texas-holdem-bonus",
           "three-card-standard", "blackjack", "baccarat", "roulette")  # fmt: skip
PHONE = ("russian", "texas-holdem-aa-bonus", "baccarat")
LEAKS = re.compile(r"RULES\.md|§|\{|\}|\[00\d\]|undefined|NaN|null|\bh\d+\b|_|\((s|ы)\)")
# Counted words in each language's plural forms (Intl.PluralRules), never "card(s)".
PLURALS = {
    "texas-holdem-bonus": ("after 3 more community cards,", "after 1 more community card,"),
}


@pytest.mark.parametrize(("size", "locale"), [("desktop", "en-US"), ("phone", "ru-RU")])
def test_every_public_table_explains_its_rules_in_words(
    server: str, browser: Browser, shots: Path, size: str, locale: str
) -> None:
    need_build()
    ctx = context(browser, size, locale)
    page = ctx.new_page()
    page.goto(f"{server}/app/#/lobby")
    page.wait_for_selector(".tile.public")
    tables = {
        tile.get_attribute("data-profile"): tile.get_attribute("data-table")
        for tile in page.query_selector_all(".tile.public")
    }
    assert {"baccarat", "roulette", "blackjack"} <= set(tables), tables
    shown = {p: tables[p] for p in (DESKTOP if size == "desktop" else PHONE)}
    for profile, table in shown.items():
        page.goto(f"{server}/app/#/table/{table}")
        page.click("#rules summary")
        words = page.locator("#rules .rules-words li")
        expect(words.first).to_be_visible()
        assert words.count() >= 3, profile
        text = page.text_content("#rules") or ""
        assert not LEAKS.search(text), f"{profile}: {LEAKS.search(text)} in {text!r}"
        for said in PLURALS.get(profile or "", ()):
            assert said in text, f"{profile}: {said!r} not in {text!r}"
        if profile in ("baccarat", "roulette", "blackjack"):
            expect(page.locator("#rtp tr").first).to_be_visible()
        no_horizontal_scroll(page)
        shot(page, shots, f"{size}-{profile}-rules")
    page.goto(f"{server}/app/#/table/{tables['baccarat']}")
    page.click("#rules summary")
    banker = page.locator("#rtp tr[data-wager='banker']")
    expect(banker).to_contain_text("1.06" if locale == "en-US" else "1,06")
    ctx.close()
