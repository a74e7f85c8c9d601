"""Blackjack insurance at a typed amount (issue 13): against the dealer's ace the player types
how much to insure, within the range the rules allow (from the casino's minimum to half the
stake), and the box shows exactly that. The deal is known: 9-9 against an ace (a found seed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import acted, newcomer, no_english, open_personal, server_dealing, shot, stake

pytestmark = pytest.mark.browser

# Round 1 of a table dealt from this seed: box 9c 9h, the dealer's up card Ac.
ACE_SEED = bytes.fromhex("37d1908cee2cc5fc8b977fafe6f9826b067028c4b506b8b7ce6fd1e6f65d87")


ace_server = server_dealing(ACE_SEED)


def test_insurance_takes_the_amount_the_player_typed(
    ace_server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, ace_server, "Irina Strakhova", "phone", "ru-RU", chips=100_000)
    open_personal(page, ace_server, "blackjack")
    stake(page, "stake", chip=25000)
    expect(page.locator("#actions label.amount")).to_contain_text("50,00")  # the range shown
    expect(page.locator("#actions label.amount")).to_contain_text("125,00")
    no_english(page, "#table")  # the insurance prompt in Russian (issue 13)
    page.fill("#amount", "75")
    acted(page, lambda: page.click("[data-act='insurance']"))
    expect(page.locator("[data-box='1'] [data-insurance]")).to_contain_text("75,00")
    shot(page, shots, "phone-insured-75")
    page.context.close()
