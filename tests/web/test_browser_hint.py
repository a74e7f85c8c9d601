"""The trainer's hint in the browser: at a personal Russian-poker table the player turns
the trainer on, stakes, and the hint panel lists every option's EV per ANTE with the best
one highlighted (the server's advisor); turned off, the panel shows no hint."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import acted, context, need_build, open_personal, registered, settle, shot

pytestmark = pytest.mark.browser


def test_the_hint_panel_shows_every_option_with_the_best_highlighted(
    server: str, browser: Browser, shots: Path
) -> None:
    need_build()
    ctx = context(browser, "desktop")
    page = ctx.new_page()
    registered(ctx, server, "Trainer Tanya", chips=100_000)
    open_personal(page, server, "russian")
    toggle = page.locator("#trainer-toggle")
    expect(toggle).not_to_be_checked()
    toggle.check()
    page.wait_for_function("() => document.getElementById('trainer-toggle')?.checked === true")
    page.click("[data-chip='2500']")
    page.click("[data-spot='ante']")
    acted(page, lambda: page.click("[data-stake='1']"))
    page.wait_for_selector("#actions button[data-act='exchange']")
    rows = page.locator("#hint-options tbody tr")
    expect(rows.first).to_be_visible(timeout=60_000)
    actions = {r.get_attribute("data-action") for r in rows.all()}
    assert {"play", "fold", "exchange", "buy_sixth"} <= actions
    expect(page.locator("#hint-options tr.best")).to_have_count(1)
    assert "best" in (rows.first.get_attribute("class") or "")  # the best comes first
    shot(page, shots, "01-hint")
    settle(page)
    toggle.uncheck()
    page.wait_for_function("() => document.getElementById('trainer-toggle')?.checked === false")
    expect(page.locator("#hint-options")).to_have_count(0)
    ctx.close()
