"""The money bugs issue 13 found in the old client, each replayed in the new one (desktop and
phone): baccarat's spot never changes by itself; a dark box is explained, its pre-buys offered
and its whole cost shown before staking; a side stake belongs to its table; PAIR PLUS alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import (
    acted,
    newcomer,
    no_horizontal_scroll,
    open_personal,
    page_errors,
    place,
    shot,
    stake,
    stand,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_money_bugs_of_the_old_client_stay_fixed(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    page = newcomer(browser, server, f"Vera Bugova {size}", size, chips=1_000_000)
    errors = page_errors(page)

    # Baccarat: BANKER picked, then a chip clicked and a table update: still BANKER.
    open_personal(page, server, "baccarat")
    page.click("[data-spot='banker']")
    page.click("[data-chip='5000']")
    acted(page, lambda: page.click("[data-sit='2']"))  # the table changes under the player
    expect(page.locator("[data-spot='banker']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-spot='player']")).to_have_attribute("aria-pressed", "false")
    stand(page, 2)
    expect(page.locator("[data-spot='banker']")).to_have_attribute("aria-pressed", "true")
    page.click("[data-spot='banker']")
    acted(page, lambda: page.click("[data-stake='1']"))
    page.wait_for_selector("[data-box='1'] .settlement")
    lines = page.locator("[data-box='1'] .settlement tr[data-line]")
    assert lines.evaluate_all("(rows) => rows.map((r) => r.dataset.line)") == ["banker"]
    shot(page, shots, f"{size}-baccarat-banker-kept")
    stand(page)

    # A side stake typed at one table is not staked at the next: PAIR PLUS placed, then leave.
    open_personal(page, server, "three-card")
    place(page, "pair_plus")
    expect(page.locator("#stake-summary")).to_contain_text("25.00")
    stand(page)
    open_personal(page, server, "texas-holdem")
    expect(page.locator("#stake-summary")).to_contain_text("0.00")
    stand(page)

    # PAIR PLUS alone is a stake at three-card.
    open_personal(page, server, "three-card")
    stake(page, "pair_plus")
    page.wait_for_selector("[data-box='1'] .settlement")
    lines = page.locator("[data-box='1'] .settlement tr[data-line]")
    assert "pair_plus" in lines.evaluate_all("(rows) => rows.map((r) => r.dataset.line)")
    shot(page, shots, f"{size}-pair-plus-alone")
    stand(page)

    # Dark box: explained, pre-buys offered, the whole cost shown before staking.
    open_personal(page, server, "russian")
    place(page, "ante")
    page.check("#dark")
    expect(page.locator("#dark-box")).to_contain_text("staked blind, before any card is dealt")
    expect(page.locator("#dark-cost")).to_contain_text("75.00")  # ANTE 25 and the blind BET 50
    page.check("[data-prebuy='sixth']")
    expect(page.locator("#dark-cost")).to_contain_text("100.00")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-dark-box-explained")
    assert not errors, errors
    page.context.close()
