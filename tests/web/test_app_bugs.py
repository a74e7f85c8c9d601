"""The money bugs issue 13 found in the old client, each replayed in the new one (desktop and
phone): baccarat's spot never changes by itself; a side stake belongs to its table; PAIR PLUS
alone, and rebet; a table's refusal in words, cleared by the next success; any stake from the
chip rack (an ANTE of 75), undo, double, clear; a dark box explained, its pre-buys offered and
its whole cost shown before staking, the tick kept through a table update."""

from __future__ import annotations

import re
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

    # PAIR PLUS alone is a stake at three-card.
    open_personal(page, server, "three-card")
    stake(page, "pair_plus")
    page.wait_for_selector("[data-box='1'] .settlement")
    lines = page.locator("[data-box='1'] .settlement tr[data-line]")
    assert "pair_plus" in lines.evaluate_all("(rows) => rows.map((r) => r.dataset.line)")
    shot(page, shots, f"{size}-pair-plus-alone")
    page.click("#rebet")  # the last stake again, PAIR PLUS alone
    expect(page.locator("#stake-summary")).to_contain_text("25.00")
    stand(page)

    # A side stake typed at one table is not staked at the next: a BONUS placed at hold'em, then
    # leave; Russian poker has a BONUS line too, and it starts empty (a BONUS carried over would
    # show on its spot and in the summary).
    open_personal(page, server, "texas-holdem")
    place(page, "bonus")
    expect(page.locator("[data-spot='bonus'] b")).to_contain_text("25.00")
    expect(page.locator("#stake-summary")).to_contain_text("25.00")
    stand(page)
    open_personal(page, server, "russian")
    expect(page.locator("[data-spot='bonus'] b")).to_have_text("—")
    expect(page.locator("#stake-summary b")).to_have_text(re.compile(r"(^|[^\d.,])0\.00$"))

    # A refusal at the table is worded with money, no round ids, no kopecks.
    place(page, "ante", chip=500)
    page.click("[data-stake='1']")
    notice = page.locator("#notice.error")
    expect(notice).to_contain_text("below the table minimum")
    expect(notice).to_contain_text("RUB 5.00")
    assert not re.search(r"\bt\d+-r\d+|kopeck|\b500\b", notice.inner_text()), notice.inner_text()
    # The chip rack builds any stake: an ANTE of 75 is three 25s; undo, double, clear.
    page.click("#clear")
    place(page, "ante", "ante", "ante")
    expect(page.locator("#stake-summary")).to_contain_text("75.00")
    page.click("#undo")
    expect(page.locator("#stake-summary")).to_contain_text("50.00")
    page.click("#double")
    expect(page.locator("#stake-summary")).to_contain_text("100.00")
    page.click("#clear")
    expect(page.locator("#stake-summary")).to_contain_text("0.00")

    # Dark box: explained, pre-buys offered, the whole cost shown before staking; the tick and
    # the pre-buy stay through a table update (they used to clear).
    place(page, "ante")
    page.check("#dark")
    expect(page.locator("#dark-box")).to_contain_text("staked blind, before any card is dealt")
    expect(page.locator("#dark-cost")).to_contain_text("75.00")  # ANTE 25 and the blind BET 50
    page.check("[data-prebuy='sixth']")
    expect(page.locator("#dark-cost")).to_contain_text("100.00")
    acted(page, lambda: page.click("[data-sit='2']"))
    expect(notice).to_have_count(0)  # the next success clears the error
    stand(page, 2)
    expect(page.locator("#dark")).to_be_checked()
    expect(page.locator("[data-prebuy='sixth']")).to_be_checked()
    expect(page.locator("#dark-total")).to_contain_text("100.00")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-dark-box-explained")
    assert not errors, errors
    page.context.close()
