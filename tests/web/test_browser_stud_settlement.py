"""A stud box's settlement, line by line, fits its box (issue 13: at 1280x800 the staked →
returned column ran out of the box) on a desktop and a phone, with no sideways scroll; a
profile that pays a second combination names it with the hand ([004] Russian poker: a flush
with a second pair) while the box decides and at the settlement; and the provably-fair page
checks the 6th card where it was dealt.

The deal is known: round 1 of a table dealt from SECOND_SEED gives the box 3s Qs 7s 8s 7c and the
6th card 9s (a flush; the seven of clubs left out makes a second pair of sevens), the dealer
Qh 6c Ah 5d 6d (a pair of sixes: a game) - a found seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import (
    acted,
    newcomer,
    no_horizontal_scroll,
    open_personal,
    server_dealing,
    settle,
    shot,
    stake,
)

pytestmark = pytest.mark.browser

SECOND_SEED = bytes.fromhex("390a3c69ab2907c58e8e28de7c29f635f39839558f63990e2de776bcbf6a92")

# Every element of the box's settlement that sticks out of the box (left or right).
OUTSIDE = """(box) => {
  const edge = box.getBoundingClientRect();
  return [...box.querySelectorAll('.settlement, .settlement *')]
    .filter((e) => { const r = e.getBoundingClientRect();
      return r.width > 0 && (r.right > edge.right + 0.5 || r.left < edge.left - 0.5); })
    .map((e) => e.outerHTML.slice(0, 90));
}"""


second_server = server_dealing(SECOND_SEED)


def fits(page: Page, box: str) -> None:
    found = page.locator(box)
    outside = found.evaluate(OUTSIDE)
    assert not outside, f"the settlement runs out of its box: {outside}"
    width = found.evaluate("(b) => [b.scrollWidth, b.clientWidth]")
    assert width[0] <= width[1], f"the box scrolls: {width}"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_stud_settlement_fits_its_box_and_names_the_second_combination(
    second_server: str, browser: Browser, shots: Path, size: str
) -> None:
    page = newcomer(browser, second_server, f"Vtoraya Kombinatsiya {size}", size, chips=1_000_000)
    open_personal(page, second_server, "russian")
    stake(page, "ante", "bonus")
    acted(page, lambda: page.click("#actions button[data-act='buy_sixth']"))
    box = "[data-box='1']"
    # deciding with six cards: the second combination is named before the box plays
    expect(page.locator(f"{box} [data-second-combination]")).to_have_text(
        "Second combination: Pair"
    )
    expect(page.locator("#actions button[data-act='play']")).to_be_enabled()
    shot(page, shots, f"{size}-deciding-second")
    settle(page)
    settlement = page.locator(f"{box} .settlement")
    expect(settlement).to_be_visible()
    assert settlement.locator("tr[data-line]").count() >= 4  # ANTE, BET, BONUS, the 6th card
    expect(page.locator(f"{box} [data-second-combination]")).to_have_text(
        "Second combination: Pair"
    )
    fits(page, box)
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-settled")
    page.select_option("#lang", "ru")
    expect(page.locator(f"{box} [data-second-combination]")).to_have_text("Вторая комбинация: Пара")
    fits(page, box)
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-settled-ru")
    fair_checks_the_sixth_card(page, second_server, shots, size)
    page.context.close()


def fair_checks_the_sixth_card(page: Page, server: str, shots: Path, size: str) -> None:
    """The round from the fair page's list of recent rounds: the 6th card (9s), the last of the
    eleven dealt, checked in its place (card 11 of the deck), on a page that fits the screen."""
    page.goto(f"{server}/app/#/fair")
    page.click("#fair-rounds a")
    expect(page.locator("#fair-deal-check")).to_have_attribute("data-ok", "yes")
    sixth = page.locator("#fair-dealt tbody tr").nth(10)
    expect(sixth).to_have_attribute("data-dealt", "box:1")
    expect(sixth.locator("[data-card='9s']")).to_be_visible()
    expect(sixth).to_contain_text("карта 11 из 52")  # the page is in Russian by now
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-fair-sixth")
