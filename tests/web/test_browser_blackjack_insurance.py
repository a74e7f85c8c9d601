"""Blackjack insurance at a typed amount (issue 13): against the dealer's ace the player types
how much to insure, within the range the rules allow (from the casino's minimum to half the
stake), and the box shows exactly that; a blackjack against the dealer's ace is offered even money
instead, in the player's words, and taking it pays the stake 1:1 at once. The deals are known:
9-9 against an ace, and Qh Ac against an ace (found seeds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from croupier.server.testing import known_deals

from .appkit import acted, newcomer, no_english, open_personal, server_dealing, shot, stake

pytestmark = pytest.mark.browser

# Round 1 of a table dealt from this seed: box 9c 9h, the dealer's up card Ac.
ACE_SEED = bytes.fromhex("37d1908cee2cc5fc8b977fafe6f9826b067028c4b506b8b7ce6fd1e6f65d87")
# Round 1 of a table dealt from this seed: box Qh Ac (a blackjack), the dealer's up card Ah.
BLACKJACK_SEED = bytes.fromhex("407b3d466a772a94e5448146bf8fa3ff6581455da18624d0409387503aafe6")


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


def test_even_money_is_offered_on_a_blackjack_against_an_ace_and_pays_one_to_one(
    ace_server: str, browser: Browser, shots: Path
) -> None:
    # The same server, its next tables dealt from the blackjack's seed (the server runs in this
    # process: the seed is swapped for as long as the block lasts; a fresh table, a fresh shoe).
    with known_deals(BLACKJACK_SEED):
        page = newcomer(browser, ace_server, "Pavel Ravnodenezhny", "desktop", "ru-RU", 100_000)
        open_personal(page, ace_server, "blackjack")
        stake(page, "stake")  # 25,00
        expect(page.locator("#dealer [data-card='Ah']")).to_have_count(1)
        offer = page.locator("#actions [data-act='even_money']")
        expect(offer).to_have_text("Один к одному")  # the offer, in the player's words
        expect(page.locator("#actions [data-act='insurance']")).to_have_count(0)
        shot(page, shots, "desktop-even-money-offered")
        acted(page, lambda: offer.click())
        settlement = page.locator("[data-box='1'] .settlement")
        line = settlement.locator("tr[data-line='even_money']")
        expect(line).to_contain_text("Один к одному")
        expect(line).to_have_attribute("data-staked", "2500")
        # 1:1: the stake back and as much again, not the 3:2 of a blackjack
        expect(line).to_contain_text("25,00\u00a0₽ → 50,00\u00a0₽")
        expect(settlement).to_have_attribute("data-net", "2500")
        shot(page, shots, "desktop-even-money-paid")
        page.context.close()
