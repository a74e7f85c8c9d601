"""The client works under the Content-Security-Policy (issue 12, finding 8): no inline
script or style is blocked anywhere the player goes (registration, the cashier, a table
played to its settlement), and the client's POSTs from our own page pass the Origin check."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, expect

from .appkit import PASSWORD, acted, context, need_build, open_personal, shot, stake, stand

pytestmark = pytest.mark.browser

# Installed before any script of the page runs, so not one violation goes unseen.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile));
"""


def test_the_client_runs_under_the_content_security_policy(
    server: str, browser: Browser, shots: Path
) -> None:
    need_build()
    ctx = context(browser, "desktop")
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            errors.append(message.text)

    page.on("console", console)
    answer = page.goto(f"{server}/app/#/login")
    assert answer is not None
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy, policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, policy

    # Registration: a fetch POST from our page (Origin is ours) that the guard lets through.
    form = "#register-form"
    page.fill(f"{form} [name=full_name]", "Cora Policy")
    page.fill(f"{form} [name=birth_date]", "1984-04-04")
    page.select_option(f"{form} [name=document_type]", "passport")
    page.fill(f"{form} [name=document_number]", "4511 888001")
    page.fill(f"{form} [name=password]", PASSWORD)
    page.click(f"{form} button[type=submit]")
    page.wait_for_url("**/app/#/card")

    # The cashier: another POST of ours, money moved.
    page.goto(f"{server}/app/#/cashier")
    page.fill("#buy-form [name=amount]", "1000")
    page.click("#buy-form button[type=submit]")
    expect(page.locator("#cashier-balance")).to_contain_text("1,000.00")

    # A table played to the end: roulette (the spinning wheel, colour chips) ...
    open_personal(page, server, "roulette")
    page.fill("#colour-count", "4")
    page.click("#colour-buy")
    expect(page.locator("[data-colour-count]")).to_have_attribute("data-colour-count", "4")
    acted(page, lambda: page.click("[data-stake='1']"))
    page.wait_for_selector("#actions button[data-act='no_more_bets']")
    acted(page, lambda: page.click("[data-spot='red']"))
    acted(page, lambda: page.click("#actions button[data-act='no_more_bets']"))
    page.wait_for_selector("#roulette-result")
    shot(page, shots, "roulette-under-csp")
    page.click("#colour-back")
    expect(page.locator("[data-colour-count]")).to_have_count(0)
    stand(page)

    # ... and a card game, cards and all.
    open_personal(page, server, "russian")
    stake(page, "ante")
    page.wait_for_selector("[data-box='1'] [data-hand-name]")
    shot(page, shots, "cards-under-csp")

    assert page.evaluate("window.__violations") == []
    assert not errors, errors
    ctx.close()
