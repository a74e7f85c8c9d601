"""A bought game on the dealer's cards (issue 13): when the dealer shows no game and the box buys
it one, the dealer's row shows the dropped card struck out and the new card dealt in (it used to
show only as text). The deal is known: the dealer's 2c 8s Jc 5s 3d is no game (a found seed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import acted, newcomer, open_personal, server_dealing, shot, stake

pytestmark = pytest.mark.browser

# Round 1 of a table dealt from this seed: box Qd Th 4d As 4c, dealer 2c 8s Jc 5s 3d.
NO_GAME_SEED = bytes.fromhex("a2926b8caa344baef3288513bba83017c23fb43730d82cd535639a6db0f9ed")


no_game_server = server_dealing(NO_GAME_SEED)


def test_a_bought_game_shows_on_the_dealers_cards(
    no_game_server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, no_game_server, "Kirill Pokupatel", "desktop", chips=100_000)
    open_personal(page, no_game_server, "russian")
    stake(page, "ante")
    acted(page, lambda: page.click("[data-act='play']"))  # a pair of fours plays
    acted(page, lambda: page.click("[data-act='buy_game']"))  # the dealer showed no game
    dealer = page.locator("#dealer")
    struck = dealer.locator(".card-face.struck")
    expect(struck).to_have_count(1)
    assert struck.get_attribute("data-card") == "Jc"  # the highest card is dropped
    drawn = dealer.locator(".card-face.drawn")
    expect(drawn).to_have_count(1)
    assert drawn.get_attribute("data-card") == "9d"  # dealt in, beside the dropped card
    expect(dealer.locator(".card-face:not(.struck)")).to_have_count(5)
    expect(page.locator("[data-box='1'] .settlement")).to_be_visible()
    shot(page, shots, "desktop-bought-game")
    page.context.close()
