"""Blackjack split hands (issue 13): after a split each hand stands on its own with its own
total, a soft total read as "8/18"; the box plays each hand in turn; a hand over 21 says "Bust"
beside its total, and so does the dealer's. The deal is known: the server deals from a seed found
for it (7-7 against a 6; the first hand's new card an ace, the second's a jack and then another
jack; the dealer draws 8 and 9)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import acted, newcomer, open_personal, server_dealing, shot, stake

pytestmark = pytest.mark.browser

# Round 1 of a table dealt from this seed: box 7h 7d, dealer 6h; a split gives 7h Ah and 7d Js,
# a hit on the second hand Jd (27), and the dealer 6h 8c 9h (23).
SPLIT_SEED = bytes.fromhex("f64ac979364a18ba616bf102982872e0f7528396b9b36418a88fd946c69394")


ACTIVE = re.compile(r"\bactive\b")


split_server = server_dealing(SPLIT_SEED)


def test_split_hands_are_shown_each_with_its_soft_total_and_a_bust_said(
    split_server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, split_server, "Semyon Razdelov", "desktop", chips=100_000)
    open_personal(page, split_server, "blackjack")
    stake(page, "stake")
    box = page.locator("[data-box='1']")
    expect(box.locator(".hand [data-total]")).to_have_text("14")
    acted(page, lambda: page.click("[data-act='split']"))
    hands = box.locator(".hand")
    expect(hands).to_have_count(2)
    expect(hands.nth(0)).to_contain_text("Hand 1")
    expect(hands.nth(0).locator("[data-total]")).to_have_text("8/18")  # 7 and an ace: soft
    expect(hands.nth(1)).to_contain_text("Hand 2")
    expect(hands.nth(1).locator("[data-total]")).to_have_text("7")
    expect(hands.nth(0)).to_have_class(ACTIVE)
    shot(page, shots, "desktop-split-soft-total")
    acted(page, lambda: page.click("[data-act='stand']"))  # the first hand stands on 18
    expect(hands.nth(1)).to_have_class(ACTIVE)  # the second hand's turn, its own card
    expect(hands.nth(1).locator(".cards > *")).to_have_count(2)
    shot(page, shots, "desktop-split-second-hand")
    acted(page, lambda: page.click("[data-act='hit']"))  # 7d Js Jd: 27
    expect(hands.nth(1).locator("[data-bust]")).to_have_text("Bust")
    expect(hands.nth(1).locator("[data-total]")).to_have_text("27")
    expect(hands.nth(0).locator("[data-bust]")).to_have_count(0)
    expect(page.locator("#dealer-total [data-bust]")).to_have_text("Bust")  # 6h 8c 9h: 23
    expect(box.locator(".settlement")).to_be_visible()
    lines = box.locator(".settlement tr[data-line='stake']")  # each hand's stake named by its hand
    expect(lines.nth(0)).to_contain_text("Hand 1")
    expect(lines.nth(1)).to_contain_text("Hand 2")
    shot(page, shots, "desktop-split-busts")
    page.context.close()
