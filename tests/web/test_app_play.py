"""The old client's main flow, in the new one: a player at the public Russian-poker table
plays a round with an exchange (drawn cards highlighted) and one with a 6th card, reloading
mid-round; each settlement's net and the balance agree; the history recalls the round (named
by table, round and time, its poker hands named) and checks its deck. A spectator's browser
never gets a card of the box before the show (page and every WebSocket frame)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import acted, context, newcomer, open_public, settle, shot, stake

pytestmark = pytest.mark.browser

CARD_TEXT = re.compile(r"^[2-9TJQKA][shdc]$")
HAND_NAMES = {
    "High card", "Ace-king", "Pair", "Two pair", "Three of a kind", "Straight", "Flush",
    "Full house", "Four of a kind", "Straight flush", "Royal flush",
}  # fmt: skip


def my_cards(page: Page) -> list[str]:
    return [
        c.get_attribute("data-card") or ""
        for c in page.query_selector_all("[data-box='1'] .cards [data-card]")
    ]


def balance(page: Page) -> int:
    return int(page.get_attribute("#balance", "data-kopecks") or "0")


def play_to_the_end(page: Page, before: int) -> None:
    settle(page)
    net = int(page.get_attribute("[data-box='1'] .settlement", "data-net") or "0")
    page.wait_for_function(
        "(want) => document.getElementById('balance')?.dataset.kopecks === String(want)",
        arg=before + net,
    )


def test_a_player_and_a_spectator_at_the_public_russian_poker_table(
    server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, server, "Pavel Publichny", "desktop", chips=100_000)
    watcher_ctx = context(browser, "phone")
    watcher = watcher_ctx.new_page()
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    table_id = open_public(page, server, "russian")
    watcher.goto(f"{server}/app/#/table/{table_id}")
    expect(watcher.locator("[data-box='1'] .owner")).not_to_be_empty()

    # Round 1: exchange two cards; the new ones are marked as drawn.
    before = balance(page)
    stake(page, "ante")
    page.wait_for_selector("#actions button[data-act='exchange']")
    dealt = my_cards(page)
    assert len(dealt) == 5 and all(CARD_TEXT.match(c) for c in dealt)
    expect(page.locator("[data-box='1'] [data-hand-name]")).not_to_be_empty()
    watcher.wait_for_selector("[data-box='1'] .cards [data-card]")
    seen = {
        c.get_attribute("data-card")
        for c in watcher.query_selector_all("[data-box='1'] .cards [data-card]")
    }
    assert seen == {"hidden"}
    shot(page, shots, "01-dealt")
    shot(watcher, shots, "01-spectator-phone")
    for code in dealt[:2]:
        page.click(f"[data-box='1'] [data-card='{code}']")
    acted(page, lambda: page.click("#actions button[data-act='exchange']"))
    expect(page.locator("[data-box='1'] .card-face.drawn")).to_have_count(2)
    shot(page, shots, "02-exchanged")
    play_to_the_end(page, before)
    shot(page, shots, "03-round-1-settled")
    deciding = [f for f in frames if '"phase":"deciding"' in f]
    assert deciding, "the spectator saw the round while the box decided"
    leaked = [c for c in dealt if any(f'"{c}"' in f for f in deciding)]
    assert not leaked, f"hidden cards reached the spectator: {leaked}"

    # Round 2: reload mid-round, the same hand comes back; buy a 6th card.
    before = balance(page)
    stake(page, "ante")
    page.wait_for_selector("#actions button[data-act='buy_sixth']")
    cards = my_cards(page)
    page.reload()
    page.wait_for_selector("#actions button[data-act='buy_sixth']")
    assert my_cards(page) == cards
    acted(page, lambda: page.click("#actions button[data-act='buy_sixth']"))
    expect(page.locator("[data-box='1'] .cards [data-card]")).to_have_count(6)
    play_to_the_end(page, before)
    shot(page, shots, "04-round-2-settled")
    for frame in frames:
        if '"phase":"deciding"' in frame:
            assert not any(f'"{c}"' in frame for c in cards), "a hidden card reached a spectator"

    # History: both rounds, named by table, round and time (never the server's id "t3-r2"); the
    # last one recalled with its poker hands named, and its deck checked.
    internal = re.compile(r"t\d+-r\d+")
    named = re.compile(r", table \d+, round \d+ · ")
    page.goto(f"{server}/app/#/history")
    expect(page.locator("#history li")).to_have_count(2)
    expect(page.locator("#history li").first).to_contain_text(named)
    page.locator("#history a").first.click()
    expect(page.locator("#round-ref")).to_contain_text(named)
    assert not internal.search(page.text_content("#round-ref") or "")
    names = page.locator("[data-poker-hand]")
    expect(names.first).to_be_visible()
    assert all(n in HAND_NAMES for n in names.all_text_contents()), names.all_text_contents()
    page.click("#verify")
    expect(page.locator("#fair-result")).to_contain_text("matches the commitment")
    shot(page, shots, "05-recall-and-fair-check")
    page.click("#fair-full")
    expect(page.locator("#fair-round")).to_contain_text(named)
    assert not internal.search(page.text_content("#fair-round") or "")
    page.context.close()
    watcher_ctx.close()
