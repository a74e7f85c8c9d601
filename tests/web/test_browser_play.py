"""A newcomer plays Russian poker in the browser; a second browser watches.

Register (a minor is refused first), buy chips, sit at the public Russian-poker
table, play a round with an exchange and one with a 6th card, reloading the page
in the middle of the second; after each round the settlement's net and the new
balance agree; the history recalls the round step by step and checks its deck.
A spectator's browser sees the rounds but never a card of the player's box
before the show (checked in its page and in every WebSocket frame).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

CARD_TEXT = re.compile(r"^[2-9TJQKA][shdc]$")


def kopecks(text: str) -> int:
    """'1 000.00 ₽' (any spaces) as kopecks."""
    digits = re.sub(r"[^\d.\-]", "", text)
    whole, _, part = digits.partition(".")
    sign = -1 if whole.startswith("-") else 1
    return sign * (abs(int(whole or "0")) * 100 + int((part or "0").ljust(2, "0")))


def balance(page: Page) -> int:
    return kopecks(page.text_content("#balance") or "")


def register(page: Page, base: str, shots: Path) -> None:
    page.goto(f"{base}/#/login")
    form = "#register-form"
    page.fill(f"{form} [name=full_name]", "Young One")
    minor = date.today().replace(year=date.today().year - 17)
    page.fill(f"{form} [name=birth_date]", minor.isoformat())
    page.fill(f"{form} [name=document_number]", "4509 000017")
    page.fill(f"{form} [name=password]", "correct horse")
    page.click(f"{form} button[type=submit]")
    expect(page.locator("#notice")).to_contain_text("under 18")
    page.fill(f"{form} [name=full_name]", "Anna Petrova")
    page.fill(f"{form} [name=birth_date]", "1990-05-17")
    page.fill(f"{form} [name=document_number]", "4509 123456")
    page.click(f"{form} button[type=submit]")
    page.wait_for_url("**#/cashier")
    page.screenshot(path=shots / "01-registered.png")


def buy_chips(page: Page, roubles: int) -> None:
    page.fill("#buy-form [name=amount]", str(roubles))
    page.click("#buy-form button")
    page.wait_for_function(
        "(want) => document.getElementById('cashier-balance')?.textContent"
        "?.replace(/[^0-9.]/g, '') === want",
        arg=f"{roubles}.00",
    )


def my_box_cards(page: Page) -> list[str]:
    return [
        c.get_attribute("data-card") or ""
        for c in page.query_selector_all("[data-box='1'] .cards [data-card]")
    ]


def finish_round(page: Page) -> None:
    """Play on, taking the ANTE if the dealer has no game, until the settlement shows."""
    for _ in range(6):
        page.wait_for_selector("#actions button[data-act], [data-box='1'] .settlement")
        if page.query_selector("[data-box='1'] .settlement"):
            return
        for act in ("play", "take_ante", "stand"):
            button = page.locator(f"#actions button[data-act='{act}']")
            if button.count():
                button.click()
                page.wait_for_timeout(200)
                break
    page.wait_for_selector("[data-box='1'] .settlement")


def settle_and_check(page: Page, before: int, shots: Path, name: str) -> None:
    finish_round(page)
    net = int(page.get_attribute("[data-box='1'] .settlement", "data-net") or "0")
    expect(page.locator("#balance")).not_to_have_text("—")
    page.wait_for_function(
        "(want) => (document.getElementById('balance')?.textContent ?? '').replace(/[^0-9.-]/g, '')"
        " === want",
        arg=f"{(before + net) // 100}.{(before + net) % 100:02d}",
    )
    assert balance(page) == before + net
    page.screenshot(path=shots / f"{name}.png", full_page=True)


def test_a_newcomer_plays_russian_poker_and_a_spectator_sees_no_hidden_card(
    server: str, browser: Browser, shots: Path
) -> None:
    player = browser.new_context().new_page()
    watcher = browser.new_context().new_page()
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    register(player, server, shots)
    player.select_option("#lang", "ru")  # the interface in Russian, then back
    expect(player.locator("nav a[data-t='lobby']")).to_have_text("Лобби")
    expect(player.locator("#buy-form h3")).to_have_text("Купить фишки")
    player.select_option("#lang", "en")
    expect(player.locator("nav a[data-t='lobby']")).to_have_text("Lobby")
    buy_chips(player, 1000)
    assert balance(player) == 100_000

    player.goto(f"{server}/#/lobby")
    row = "#lobby tr[data-profile='russian'][data-mode='public']"
    table_id = player.get_attribute(row, "data-table")
    player.click(f"{row} button")
    player.click("[data-sit='1']")
    watcher.goto(f"{server}/#/table/{table_id}")
    expect(watcher.locator("[data-box='1']")).to_contain_text("player-")

    # Round 1: exchange two cards, then play.
    before = balance(player)
    player.click("[data-stake='1']")
    player.wait_for_selector("#actions button[data-act='exchange']")
    dealt = my_box_cards(player)
    assert len(dealt) == 5 and all(CARD_TEXT.match(c) for c in dealt)
    watcher.wait_for_selector("[data-box='1'] .cards [data-card]")
    assert {
        c.get_attribute("data-card")
        for c in watcher.query_selector_all("[data-box='1'] .cards [data-card]")
    } == {"hidden"}
    player.screenshot(path=shots / "02-dealt.png", full_page=True)
    watcher.screenshot(path=shots / "02-spectator.png", full_page=True)
    for code in dealt[:2]:
        player.click(f"[data-box='1'] [data-card='{code}']")
    player.click("#actions button[data-act='exchange']")
    player.wait_for_function(
        "(old) => [...document.querySelectorAll(\"[data-box='1'] .cards [data-card]\")]"
        ".some(c => !old.includes(c.dataset.card))",
        arg=dealt[:2],
    )
    settle_and_check(player, before, shots, "03-round-1-settled")
    deciding = [f for f in frames if '"phase":"deciding"' in f]
    assert deciding, "the spectator saw the round while the box decided"
    seen = [c for c in dealt if any(f'"{c}"' in f for f in deciding)]
    assert not seen, f"hidden cards reached the spectator: {seen}"

    # Round 2: reload mid-round, then buy a 6th card and play on.
    before = balance(player)
    player.click("[data-stake='1']")
    player.wait_for_selector("#actions button[data-act='buy_sixth']")
    cards = my_box_cards(player)
    player.reload()
    player.wait_for_selector("#actions button[data-act='buy_sixth']")
    assert my_box_cards(player) == cards  # the same round came back whole
    player.click("#actions button[data-act='buy_sixth']")
    player.wait_for_function(
        "() => document.querySelectorAll(\"[data-box='1'] .cards [data-card]\").length === 6"
    )
    settle_and_check(player, before, shots, "04-round-2-settled")
    watcher.screenshot(path=shots / "05-spectator-after.png", full_page=True)

    # History: both rounds with their nets; the last one step by step, and its fair check.
    player.goto(f"{server}/#/history")
    expect(player.locator("#history tr")).to_have_count(3)  # the header and two rounds
    player.locator("#history a").first.click()
    player.wait_for_selector("#recall.felt")
    player.click("text=Previous")
    player.click("#verify")
    expect(player.locator("#fair-result")).to_contain_text("matches the commitment")
    player.screenshot(path=shots / "06-recall-and-fair-check.png", full_page=True)
    for frame in frames:
        if '"phase":"deciding"' in frame:
            assert not any(f'"{c}"' in frame for c in cards), "a hidden card reached a spectator"
