"""Roulette with colour chips in the new client, on a desktop and on a phone (issue 10, item 6):
buy them at a chip value the player picks, stake the box with them and bet (the bet comes out of
them), get paid in them, change them back with the button and on leaving the box; the cash chips
are right after every step. Screenshots: test-artifacts/web/<test>/<size>-colour-*.jpg."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI
from playwright.sync_api import Browser, Page, expect

from croupier.server.app import create_app
from croupier.server.config import ServerConfig
from croupier.server.testing import running_server
from croupier.store import utc_now

from .appkit import (
    acted,
    context,
    need_build,
    newcomer,
    no_horizontal_scroll,
    open_personal,
    page_errors,
    registered,
    shot,
    stand,
)
from .conftest import FAST_HASHER

pytestmark = pytest.mark.browser

CASH = 100_000  # 1 000 roubles of cash chips, in kopecks
VALUE = 5_000  # one colour chip: 50 roubles, above the table minimum of 25


def balance_is(page: Page, kopecks: int) -> None:
    expect(page.locator("#balance")).to_have_attribute("data-kopecks", str(kopecks))


def count_is(page: Page, count: int | re.Pattern[str]) -> None:
    expect(page.locator("[data-colour-count]")).to_have_attribute(
        "data-colour-count", count if isinstance(count, re.Pattern) else str(count)
    )


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_colour_chips_bought_bet_paid_and_changed_back(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    page = newcomer(
        browser,
        server,
        f"Vera Colour {size}",
        size,
        "ru-RU" if size == "phone" else "en-US",
        chips=CASH,
    )
    errors = page_errors(page)
    open_personal(page, server, "roulette")
    expect(page.locator("#colour-title")).to_have_text(
        "Цветные фишки" if size == "phone" else "Colour chips"
    )
    balance_is(page, CASH)

    # A value outside the table's limits is refused before anything moves.
    page.fill("#colour-value", "10")
    page.fill("#colour-count", "10")
    page.click("#colour-buy")
    expect(page.locator("#notice.error")).to_be_visible()
    expect(page.locator("[data-colour-count]")).to_have_count(0)
    balance_is(page, CASH)

    # Ten chips of 50 roubles: 500 roubles of cash chips become colour chips.
    page.fill("#colour-value", "50")
    page.click("#colour-buy")
    count_is(page, 10)
    expect(page.locator("#colour-stack")).to_have_attribute("data-colour-value", str(VALUE))
    expect(page.locator("#colour-stack")).to_contain_text("10 × ")
    balance_is(page, CASH - 10 * VALUE)
    expect(page.locator("[data-chip]")).to_have_count(0)  # the box plays the colour's value
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-colour-bought")

    # The box staked with the colour chip, one chip on red: it comes out of the colour chips.
    acted(page, lambda: page.click("[data-stake='1']"))
    page.wait_for_selector("#actions button[data-act='no_more_bets']")
    acted(page, lambda: page.click("[data-spot='red']"))
    count_is(page, 9)
    balance_is(page, CASH - 10 * VALUE)  # the bet never touched the cash chips
    acted(page, lambda: page.click("#actions button[data-act='no_more_bets']"))
    page.wait_for_selector("#roulette-result")
    count_is(page, re.compile(r"^(9|11)$"))  # red lost, or was paid 1:1 in colour chips
    left = int(page.get_attribute("[data-colour-count]", "data-colour-count") or "0")
    if left == 11:
        expect(page.locator("#colour-note")).to_contain_text("2")
    balance_is(page, CASH - 10 * VALUE)
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-colour-settled")

    # The button changes every colour chip back; still seated, the player may buy again.
    page.click("#colour-back")
    expect(page.locator("[data-colour-count]")).to_have_count(0)
    balance_is(page, CASH - 10 * VALUE + left * VALUE)
    expect(page.locator("#colour-note")).to_be_visible()
    expect(page.locator("#colour-buy")).to_be_visible()
    shot(page, shots, f"{size}-colour-changed-back")

    # Leaving the box changes them back too, and the player is told.
    cash = CASH - 10 * VALUE + left * VALUE
    page.fill("#colour-count", "2")
    page.click("#colour-buy")
    count_is(page, 2)
    balance_is(page, cash - 2 * VALUE)
    stand(page)
    expect(page.locator("[data-colour-count]")).to_have_count(0)
    balance_is(page, cash)
    expect(page.locator("#colour-note")).to_contain_text("100")
    shot(page, shots, f"{size}-colour-left")
    assert not errors, errors
    page.context.close()


@pytest.fixture
def casino_with_a_clock(tmp_path: Path) -> Iterator[tuple[str, FastAPI]]:
    """A server of its own, whose clock the test moves (the absence is counted by it)."""
    config = ServerConfig(database_url=f"sqlite:///{tmp_path / 'away.sqlite3'}", hasher=FAST_HASHER)
    app = create_app(config)
    with running_server(app) as url:
        yield url, app


def test_colour_chips_after_a_long_absence_are_explained_in_the_browser(
    casino_with_a_clock: tuple[str, FastAPI], browser: Browser, shots: Path
) -> None:
    """[004]: back after a long absence, each chip counts at the table minimum. The table
    warns before the next move, words the refused stake and says what the house took."""
    need_build()
    server, app = casino_with_a_clock
    ctx = context(browser, "desktop")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    registered(ctx, server, "Vera Away", chips=CASH)
    open_personal(page, server, "roulette")
    page.fill("#colour-value", "50")
    page.fill("#colour-count", "10")
    page.click("#colour-buy")
    count_is(page, 10)
    balance_is(page, CASH - 10 * VALUE)

    store = app.state.croupier.casino.store
    store.now = lambda: utc_now() + timedelta(minutes=31)  # past the 30 minutes away
    page.reload()
    expect(page.locator("#colour-away")).to_contain_text("table minimum")
    expect(page.locator("#colour-away")).to_contain_text("RUB 250.00")  # 10 chips of 25
    expect(page.locator("#colour-back")).to_contain_text("RUB 250.00")  # what it would pay
    shot(page, shots, "away-warned")

    # The next move, a stake, values each chip at the minimum: the box is staked with that
    # chip, and the table says what the house took.
    expect(page.locator("[data-stake='1']")).to_contain_text("RUB 25.00")
    acted(page, lambda: page.click("[data-stake='1']"))
    expect(page.locator("#colour-stack")).to_have_attribute("data-colour-value", "2500")
    count_is(page, 10)
    expect(page.locator("#colour-note")).to_contain_text("table minimum")
    expect(page.locator("#colour-note")).to_contain_text("RUB 250.00")  # 10 x (50 - 25)
    expect(page.locator("#colour-away")).to_have_count(0)
    shot(page, shots, "away-revalued")

    # A bet comes out of the chips at their new value; the rest changes back at it.
    page.wait_for_selector("#actions button[data-act='no_more_bets']")
    acted(page, lambda: page.click("[data-spot='red']"))
    count_is(page, 9)
    page.click("#colour-back")
    expect(page.locator("[data-colour-count]")).to_have_count(0)
    balance_is(page, CASH - 10 * VALUE + 9 * 2_500)
    assert not errors, errors
    ctx.close()
