"""The public-table clock (issue 13): a box that does not decide in time is folded by the clock,
and its player is told so on the page, in their language (it used to happen silently). While it
runs, the countdown shows the seconds left, and each of the two players is told whose turn it is:
their own decision, or the box the table waits for."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from croupier.casino.tables import TableConfig
from croupier.server.floor import DEMO_LIMITS
from croupier.store.round_models import TableMode

from .appkit import (
    acted,
    context,
    need_build,
    place,
    registered,
    seeded_server,
    shot,
    texts_seen,
    watch_text,
)
from .conftest import SEED

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def quick_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A server with one public Russian-poker table whose boxes have 2 seconds to decide."""
    with seeded_server(tmp_path_factory.mktemp("clock"), SEED, demo_tables=False) as (url, app):
        tables = app.state.croupier.floor.tables
        made = tables.create(
            TableConfig("russian", DEMO_LIMITS, TableMode.PUBLIC, decision_seconds=2)
        )
        yield url, made.id


def test_a_box_folded_by_the_clock_is_told_so(
    quick_table: tuple[str, int], browser: Browser, shots: Path
) -> None:
    need_build()
    url, table = quick_table
    ctx = context(browser, "phone", "ru-RU")
    page = ctx.new_page()
    registered(ctx, url, "Timofey Medlenny", chips=100_000)
    page.goto(f"{url}/app/#/table/{table}")
    acted(page, lambda: page.click("[data-sit='1']"))
    other = context(browser, "desktop")
    second = other.new_page()
    registered(other, url, "Polina Vtoraya", chips=100_000)
    second.goto(f"{url}/app/#/table/{table}")
    acted(second, lambda: second.click("[data-sit='2']"))
    for player in (page, second):
        watch_text(player, "#timer")
        watch_text(player, "#turn")
    place(second, "ante")
    acted(second, lambda: second.click("[data-stake='2']"))
    place(page, "ante")
    acted(page, lambda: page.click("[data-stake='1']"))  # every box staked: the house deals
    # Nobody decides: within two seconds the clock folds box 1, and its page says so; then box 2.
    expect(page.locator("#clock-note")).to_have_text("Время вышло: бокс 1 сброшен по часам.")
    expect(page.locator("[data-box='1'] .settlement")).to_be_visible()
    expect(second.locator("[data-box='2'] .settlement")).to_be_visible()
    shot(page, shots, "phone-folded-by-the-clock")
    # The countdown showed the seconds left; the turn was named for each player, box 1 first.
    for player, decide in ((page, r"На решение (\d) с"), (second, r"(\d) s to decide")):
        timers = texts_seen(player, "#timer")
        seconds = [int(m[1]) for text in timers if (m := re.fullmatch(decide, text))]
        assert seconds and max(seconds) <= 3, timers  # two seconds, rounded up
    assert texts_seen(page, "#turn") == ["Ваше решение", "Ждём бокс 2"]
    assert texts_seen(second, "#turn") == ["Waiting for box 1", "Your decision"]
    other.close()
    ctx.close()
