"""Blackjack insurance at a typed amount (issue 13): against the dealer's ace the player types
how much to insure, within the range the rules allow (from the casino's minimum to half the
stake), and the box shows exactly that. The deal is known: 9-9 against an ace (a found seed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import acted, context, need_build, open_personal, registered, seeded_server, shot

pytestmark = pytest.mark.browser

# Round 1 of a table dealt from this seed: box 9c 9h, the dealer's up card Ac.
ACE_SEED = bytes.fromhex("37d1908cee2cc5fc8b977fafe6f9826b067028c4b506b8b7ce6fd1e6f65d87")


@pytest.fixture(scope="module")
def ace_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory.mktemp("insure"), ACE_SEED) as (url, _app):
        yield url


def test_insurance_takes_the_amount_the_player_typed(
    ace_server: str, browser: Browser, shots: Path
) -> None:
    need_build()
    ctx = context(browser, "phone", "ru-RU")
    page = ctx.new_page()
    registered(ctx, ace_server, "Irina Strakhova", chips=100_000)
    open_personal(page, ace_server, "blackjack")
    page.click("[data-chip='25000']")
    page.click("[data-spot='stake']")
    acted(page, lambda: page.click("[data-stake='1']"))
    expect(page.locator("#actions label.amount")).to_contain_text("50,00")  # the range shown
    expect(page.locator("#actions label.amount")).to_contain_text("125,00")
    page.fill("#amount", "75")
    acted(page, lambda: page.click("[data-act='insurance']"))
    expect(page.locator("[data-box='1'] [data-insurance]")).to_contain_text("75,00")
    shot(page, shots, "phone-insured-75")
    ctx.close()
