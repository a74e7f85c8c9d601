"""The public-table clock (issue 13): a box that does not decide in time is folded by the clock,
and its player is told so on the page, in their language (it used to happen silently)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from croupier.casino.tables import TableConfig
from croupier.server.floor import DEMO_LIMITS
from croupier.store.round_models import TableMode

from .appkit import acted, context, need_build, place, registered, seeded_server, shot
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
    place(page, "ante")
    acted(page, lambda: page.click("[data-stake='1']"))  # the only box: the house deals
    # Nobody decides: within two seconds the clock folds the box, and the page says so.
    expect(page.locator("#clock-note")).to_have_text("Время вышло: бокс 1 сброшен по часам.")
    expect(page.locator("[data-box='1'] .settlement")).to_be_visible()
    shot(page, shots, "phone-folded-by-the-clock")
    ctx.close()
