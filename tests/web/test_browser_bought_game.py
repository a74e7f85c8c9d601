"""A bought game on the dealer's cards (issue 13): when a box buys the dealer a game, the dealer's
row shows the dropped card struck out and the new card dealt in (it used to show only as text),
and when the new card gives the dealer a game the banner says so and the box is settled against
the bought hand (the banner used to say "no game" while the box lost). At Russian poker [004] the
game is bought after the dealer shows none; at six-card All-In-One [000] before the show, on the
box's turn (it used to leave no trace). The round's recall names the dealer's bought hand.

The deal is known (a found seed): round 1 deals the box 9d 9s Ks 7d 2c (a pair of nines) and the
dealer Ah Jd Tc 6d 4s (no game at either profile); the dealer drops its ace and draws Th: a pair of
tens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import (
    acted,
    newcomer,
    no_horizontal_scroll,
    open_personal,
    server_dealing,
    shot,
    stake,
)

pytestmark = pytest.mark.browser

PAIRING_SEED = bytes.fromhex("c0bd9e30c435c8f85806a8b70ef8971bd2ded1a87fd4a5704e438d7a259acf")


pairing_server = server_dealing(PAIRING_SEED)


def the_dealer_bought_a_pair(page: Page) -> None:
    """The dealer's row: the ace struck out, the ten dealt in, five cards that count; a game."""
    dealer = page.locator("#dealer")
    struck = dealer.locator(".card-face.struck")
    expect(struck).to_have_count(1)
    assert struck.get_attribute("data-card") == "Ah"  # the highest card is dropped
    drawn = dealer.locator(".card-face.drawn")
    expect(drawn).to_have_count(1)
    assert drawn.get_attribute("data-card") == "Th"
    expect(dealer.locator(".card-face:not(.struck)")).to_have_count(5)
    expect(page.locator("#dealer-bought")).to_have_text("Game bought: A♥ replaced by 10♥")
    expect(page.locator("#dealer-hand")).to_have_text("Pair")  # Tc Th: the bought hand's name
    qualifies = page.locator("#dealer-qualifies")
    expect(qualifies).to_have_text("Dealer qualifies")
    expect(qualifies).not_to_have_class(re.compile(r"\bno\b"))


def dealt(browser: Browser, server: str, name: str, size: str, profile: str) -> Page:
    """A new player at a personal table of ``profile``, an ANTE staked and the cards dealt."""
    page = newcomer(browser, server, name, size, chips=100_000)
    open_personal(page, server, profile)
    stake(page, "ante")
    return page


def test_a_game_bought_after_the_show_pairs_the_dealer_and_beats_the_box(
    pairing_server: str, browser: Browser, shots: Path
) -> None:
    page = dealt(browser, pairing_server, "Kirill Pokupatel", "desktop", "russian")
    acted(page, lambda: page.click("[data-act='play']"))  # a pair of nines plays
    expect(page.locator("#dealer-qualifies")).to_have_count(0)  # not settled yet: no banner
    acted(page, lambda: page.click("[data-act='buy_game']"))  # the dealer showed no game
    the_dealer_bought_a_pair(page)
    # tens beat nines: ANTE, BET and the game's price lost, as the bought hand says
    settlement = page.locator("[data-box='1'] .settlement")
    expect(settlement).to_have_attribute("data-net", "-10000")
    expect(settlement.locator("tr[data-line='buy_game']")).to_have_count(1)
    shot(page, shots, "desktop-bought-game-pairs-the-dealer")
    # the round recalled: both dealer hands named in words (the bought one was the server's English)
    page.goto(f"{pairing_server}/app/#/history")
    page.locator("#history a").first.click()
    bought = page.locator("[data-hand='dealer after the bought game']")
    expect(bought).to_contain_text("Dealer after the bought game")
    expect(bought.locator(".card-face")).to_have_count(5)
    page.context.close()


def test_a_game_bought_before_the_show_is_seen_on_the_box_and_the_dealers_cards(
    pairing_server: str, browser: Browser, shots: Path
) -> None:
    page = dealt(browser, pairing_server, "Polina Zaranee", "phone", "six-card-all-in-one")
    acted(page, lambda: page.click("[data-act='buy_game']"))  # [000]: on the box's turn
    box = page.locator("section[data-box='1']")
    expect(box).to_contain_text("Buy a game ✓")  # the trace before the show
    expect(page.locator("#dealer .card-face.struck")).to_have_count(0)
    acted(page, lambda: page.click("[data-act='play']"))
    the_dealer_bought_a_pair(page)
    # [000]: a game that comes pays the box's pair by the table, hands not compared
    settlement = box.locator(".settlement")
    expect(settlement).to_have_attribute("data-net", "5000")
    no_horizontal_scroll(page)
    shot(page, shots, "phone-bought-game-before-the-show")
    page.context.close()
