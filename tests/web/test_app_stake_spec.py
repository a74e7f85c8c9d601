"""The betting controls come from the stake spec the server publishes (GET /api/profiles/{id}):
a stud table shows its profile's lines (the [000] BONUS at its fixed price), a baccarat table
PLAYER / BANKER / TIE, a Texas Hold'em Bonus table its dark box with the TURN and RIVER pre-sets."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import acted, newcomer, open_personal, page_errors, place, settle, shot, stand

pytestmark = pytest.mark.browser


def spots(page: Page) -> list[str]:
    found: list[str] = page.locator("[data-spot]").evaluate_all(
        "(spots) => spots.map((s) => s.dataset.spot)"
    )
    return found


def published(page: Page, server: str, profile: str) -> list[str]:
    answer = page.request.get(f"{server}/api/profiles/{profile}")
    assert answer.ok, answer.text()
    return [line["name"] for line in answer.json()["stakes"]["lines"]]


def test_the_betting_controls_are_the_published_stake_spec(
    server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, server, "Vera Stavkina", "desktop", chips=1_000_000)
    errors = page_errors(page)

    for profile, lines in (
        ("six-card-shambala", ["ante", "bonus", "dealer_bonus"]),
        ("russian-online", ["ante"]),
        ("baccarat", ["player", "banker", "tie"]),
    ):
        open_personal(page, server, profile)
        page.wait_for_selector("[data-spot]")
        assert published(page, server, profile) == lines
        assert spots(page) == lines, profile
        shot(page, shots, f"{profile}-spots")
        stand(page)

    # [000]'s BONUS is a tenth of the ANTE exactly: a chip on it stakes its price, not the chip.
    open_personal(page, server, "six-card-all-in-one")
    place(page, "ante", "bonus")
    expect(page.locator("[data-spot='bonus'] b")).to_contain_text("2.50")
    expect(page.locator("#stake-summary")).to_contain_text("27.50")
    acted(page, lambda: page.click("[data-stake='1']"))
    page.wait_for_selector("[data-box='1'] .stakes, [data-box='1'] .settlement")
    settle(page)
    stand(page)

    # Texas Hold'em Bonus has dark boxes: offered, with the spec's pre-sets and their cost.
    open_personal(page, server, "texas-holdem-bonus")
    place(page, "ante")
    page.check("#dark")
    assert page.locator("[data-prebuy]").evaluate_all(
        "(boxes) => boxes.map((b) => b.dataset.prebuy)"
    ) == ["turn", "river"]
    expect(page.locator("#dark-cost")).to_contain_text("75.00")  # ANTE 25 and the flop BET 50
    page.check("[data-prebuy='turn']")
    expect(page.locator("#dark-cost")).to_contain_text("100.00")
    shot(page, shots, "texas-holdem-bonus-dark")
    assert not errors, errors
    page.context.close()
