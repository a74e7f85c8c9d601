"""Every game of the casino plays in the new client, on a desktop and on a phone: from the
lobby's Play button to the settlement, broken down by line; a screenshot of each table
(test-artifacts/web/<test>/<size>-<profile>-*.png). No page scrolls sideways."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import (
    acted,
    context,
    need_build,
    no_horizontal_scroll,
    open_personal,
    registered,
    settle,
    shot,
)

pytestmark = pytest.mark.browser

STUD = [
    "russian",
    "russian-online",
    "five-card-exchange",
    "five-card-sixth",
    "six-card",
    "six-card-shambala",
    "six-card-all-in-one",
]
HOUSE = ["texas-holdem", "texas-holdem-bonus", "three-card"]


def stake(page: Page, spot: str = "ante", chip: int = 2500) -> None:
    page.click(f"[data-chip='{chip}']")
    page.click(f"[data-spot='{spot}']")
    acted(page, lambda: page.click("[data-stake='1']"))


def leave(page: Page) -> None:
    """Stand up from box 1 once the round is over (a player keeps at most two personal tables)."""
    acted(page, lambda: page.click("[data-stand='1']"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_game_plays_from_the_lobby_to_the_settlement(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    need_build()
    ctx = context(browser, size, locale="ru-RU" if size == "phone" else "en-US")  # both languages
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    registered(ctx, server, f"Gleb Igrokov {size}", chips=2_000_000)
    page.goto(f"{server}/app/#/lobby")
    page.wait_for_selector("[data-play='russian']")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-lobby")
    for profile in STUD + HOUSE + ["blackjack"]:
        open_personal(page, server, profile)
        stake(page, "stake" if profile == "blackjack" else "ante")
        if profile in STUD:
            # the hand is named while deciding
            page.wait_for_selector("[data-box='1'] [data-hand-name]")
        if profile in HOUSE:
            expect(page.locator("#street")).to_be_visible()
        no_horizontal_scroll(page)
        shot(page, shots, f"{size}-{profile}-deciding")
        settle(page)
        settlement = page.locator("[data-box='1'] .settlement")
        expect(settlement.locator("tr[data-line]").first).to_be_visible()
        if profile in STUD or profile in HOUSE:
            expect(page.locator("#dealer-hand")).not_to_be_empty()
        if profile in STUD:
            expect(page.locator("#dealer-qualifies")).to_be_visible()
        assert "kopeck" not in (settlement.text_content() or "")
        no_horizontal_scroll(page)
        shot(page, shots, f"{size}-{profile}-settled")
        leave(page)

    # Baccarat: chips on BANKER, the deal shows both hands and who won.
    open_personal(page, server, "baccarat")
    page.click("[data-chip='2500']")
    page.click("[data-spot='banker']")
    acted(page, lambda: page.click("[data-stake='1']"))
    page.wait_for_selector("[data-box='1'] .settlement")
    expect(page.locator("#bac-result")).to_be_visible()
    expect(page.locator("#bead-plate span").first).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-baccarat-settled")
    leave(page)

    # Roulette: colour chips, a straight on 17 tapped on the layout, a call bet, spin.
    open_personal(page, server, "roulette")
    page.click("[data-chip='2500']")
    acted(page, lambda: page.click("[data-stake='1']"))
    page.wait_for_selector("#actions button[data-act='no_more_bets']")
    acted(page, lambda: page.click("#layout rect[data-number='17']"))
    acted(page, lambda: page.click("[data-spot='red']"))
    acted(page, lambda: page.click("[data-spot='voisins']"))
    expect(page.locator("#layout [data-bet='straight:17']")).to_have_count(1)
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-roulette-bets")
    acted(page, lambda: page.click("#actions button[data-act='no_more_bets']"))
    page.wait_for_selector("#roulette-result")
    expect(page.locator("#spins span").first).to_be_visible()
    shot(page, shots, f"{size}-roulette-settled")
    assert not errors, errors
    ctx.close()
