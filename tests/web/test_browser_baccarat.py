"""Baccarat's deal step by step and the shoe's scoreboards (issue 13): the cards come out one
after another (PLAYER, BANKER, PLAYER, BANKER, then any third card) with the rule that drew or
stood each third card; the bead plate and the big road show every round of the current shoe, from
the server (a reload keeps them). Desktop and phone, no sideways scroll."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import newcomer, no_horizontal_scroll, open_personal, shot, stake

pytestmark = pytest.mark.browser

# Every count of cards on the baccarat hands the page showed, in order.
WATCH = """() => {
  window.__cards = [];
  const count = () => document.querySelectorAll('#baccarat .bac-hand .card-face').length;
  new MutationObserver(() => {
    const n = count();
    if (window.__cards[window.__cards.length - 1] !== n) window.__cards.push(n);
  }).observe(document.body, { childList: true, subtree: true });
}"""
RULE = re.compile(r"^(Natural \d|PLAYER has \d|BANKER has \d)")


def deal(page: Page) -> list[int]:
    """Stake a chip on BANKER; the counts of cards shown while it was dealt."""
    page.evaluate("() => { window.__cards = []; }")
    stake(page, "banker")
    expect(page.locator("#bac-result")).to_be_visible()
    counts: list[int] = page.evaluate("() => window.__cards")
    return counts


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_baccarat_deal_goes_step_by_step_and_the_shoe_is_scored(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    page = newcomer(browser, server, f"Bakkara Shuz {size}", size, chips=1_000_000)
    open_personal(page, server, "baccarat")
    expect(page.locator("#baccarat .shoe-count")).to_have_text("No round yet in this shoe")
    page.evaluate(WATCH)
    rounds = 3
    for n in range(rounds):
        counts = [c for c in deal(page) if c > 0]
        # one card at a time, never the whole deal at once
        assert counts[:4] == [1, 2, 3, 4], counts
        rules = page.locator("#bac-steps li").all_inner_texts()
        assert rules and all(RULE.match(r) for r in rules), rules
        if n == 0:
            no_horizontal_scroll(page)
            shot(page, shots, f"{size}-dealt")
    beads = page.locator("#bead-plate span[data-result]")
    expect(beads).to_have_count(rounds)
    results = beads.evaluate_all("(b) => b.map((x) => x.dataset.result)")
    wins = [r for r in results if r != "tie"]
    expect(page.locator("#big-road span[data-result]")).to_have_count(len(wins))
    expect(page.locator("#baccarat .shoe-count")).to_have_text(f"Rounds in this shoe: {rounds}")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-scoreboards")
    # the scoreboards are the shoe's, not the page's: a reload keeps them
    page.reload()
    expect(page.locator("#bead-plate span[data-result]")).to_have_count(rounds)
    assert (
        page.locator("#bead-plate span[data-result]").evaluate_all(
            "(b) => b.map((x) => x.dataset.result)"
        )
        == results
    )
    page.context.close()
