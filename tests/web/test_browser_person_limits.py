"""The cashier page shows the limit that applies to the person (issue 12): a limit set on one
card of a person shows, with what is left, on the person's other card."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import context, need_build, registered, shot

pytestmark = pytest.mark.browser


def test_the_persons_strictest_limit_shows_on_the_other_card(
    server: str, browser: Browser, shots: Path
) -> None:
    need_build()
    first_ctx, second_ctx = context(browser, "desktop"), context(browser, "phone", "ru-RU")
    registered(first_ctx, server, "Lidia Limitova")
    registered(second_ctx, server, "LIDIA  limitova", chips=1500)  # the same person
    put = first_ctx.request.put(
        f"{server}/api/limits/deposit", data={"period_days": 1, "amount": 5000}
    )
    assert put.ok, put.text()
    page = second_ctx.new_page()
    page.goto(f"{server}/app/#/cashier")
    daily = page.locator("[data-period='1']")
    expect(daily).to_contain_text("50,00")
    expect(daily).to_contain_text("осталось 35,00")
    expect(daily).to_contain_text("самый строгий лимит")
    shot(page, shots, "phone-cashier-person-limit")
    first_ctx.close()
    second_ctx.close()
