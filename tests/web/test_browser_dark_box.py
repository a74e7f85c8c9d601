"""A dark box's cost before staking, line by line (issue 13: Hold'em Bonus showed "Your stake
RUB 25.00" beside "Place the stake RUB 100.00" with nothing between): ANTE + the blind FLOP bet +
the TURN pre-set = the total; a stud dark box offers its profile's pre-buys (6th card, insurance,
buy a game) at their prices and explains what a dark box is; a line kept off dark boxes is said
so; and what is shown is what the box stakes. Desktop and phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import acted, newcomer, no_english, no_horizontal_scroll, open_personal, place, shot

pytestmark = pytest.mark.browser


def rows(page: Page) -> list[tuple[str, str, str]]:
    found: list[list[str]] = page.locator("#dark-cost tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [r.dataset.cost, r.dataset.name,"
        " r.cells[1].textContent.replace(/\\s+/g, ' ').trim()])"
    )
    return [(a, b, c) for a, b, c in found]


def staked(page: Page) -> dict[str, int]:
    """What box 1 staked per line, from its settlement."""
    page.wait_for_selector("[data-box='1'] .settlement")
    found: dict[str, int] = page.locator("[data-box='1'] .settlement tr[data-line]").evaluate_all(
        "(rows) => Object.fromEntries(rows.map((r) => [r.dataset.line, Number(r.dataset.staked)]))"
    )
    return found


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_dark_box_shows_its_cost_line_by_line_before_staking(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    page = newcomer(browser, server, f"Tyomny Boks {size}", size, chips=1_000_000)

    open_personal(page, server, "texas-holdem-bonus")
    place(page, "ante")
    page.check("#dark")
    page.check("[data-prebuy='turn']")
    assert rows(page) == [
        ("line", "ante", "RUB 25.00"),
        ("dark_bet", "bet", "RUB 50.00"),
        ("prebuy", "turn", "RUB 25.00"),
    ]
    expect(page.locator("#dark-cost tbody")).to_contain_text("FLOP bet, blind (2 × ANTE)")
    expect(page.locator("#dark-cost tbody")).to_contain_text("TURN bet, pre-set")
    expect(page.locator("#dark-total")).to_have_text("RUB 100.00")
    expect(page.locator("#stake-summary")).to_contain_text("RUB 100.00")  # not the ANTE alone
    expect(page.locator("[data-stake='1']")).to_contain_text("RUB 100.00")
    expect(page.locator("#dark-what")).to_contain_text("staked blind, before any card is dealt")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-holdem-bonus-dark")
    acted(page, lambda: page.click("[data-stake='1']"))
    # a dark box plays blind at once: what the breakdown showed is what the box staked
    assert staked(page) == {"ante": 2500, "bet": 5000, "turn": 2500}

    # Russian poker: the pre-buys the profile sells for a dark box, at their prices.
    open_personal(page, server, "russian")
    place(page, "ante")
    offered = page.locator("[data-prebuy]").evaluate_all("(b) => b.map((x) => x.dataset.prebuy)")
    assert offered == ["sixth", "insurance", "buy_game"]
    prebuys = page.locator("#dark-box .prebuys")
    expect(prebuys).to_contain_text("6th card (1 × ANTE = RUB 25.00)")
    expect(prebuys).to_contain_text("Buy a game (1 × ANTE = RUB 25.00)")
    page.check("#dark")
    page.check("[data-prebuy='buy_game']")
    assert rows(page) == [
        ("line", "ante", "RUB 25.00"),
        ("dark_bet", "option", "RUB 50.00"),
        ("prebuy", "buy_game", "RUB 25.00"),
    ]
    expect(page.locator("#dark-cost tbody")).to_contain_text("BET, blind (2 × ANTE)")
    expect(page.locator("#dark-total")).to_have_text("RUB 100.00")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-russian-dark")
    page.context.close()


def test_a_line_kept_off_dark_boxes_is_said_so_and_not_staked(
    server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, server, "Bez Bonusa", "phone", "ru-RU", chips=1_000_000)
    open_personal(page, server, "texas-holdem")  # its BONUS is not for dark boxes
    place(page, "ante", "bonus")
    page.check("#dark")
    assert [r[:2] for r in rows(page)] == [
        ("line", "ante"),
        ("off_dark", "bonus"),
        ("dark_bet", "bet"),
    ]
    expect(page.locator("#dark-cost tr[data-cost='off_dark']")).to_contain_text(
        "БОНУС на тёмный бокс не ставится"
    )
    expect(page.locator("#dark-total")).to_have_text("75,00 ₽")
    no_english(page, "#table")  # the dark box's costs in Russian (issue 13)
    shot(page, shots, "phone-holdem-bonus-off-dark")
    acted(page, lambda: page.click("[data-stake='1']"))  # not refused: the BONUS is left out
    assert staked(page) == {"ante": 2500, "bet": 5000}
    page.context.close()
