"""The client works under the Content-Security-Policy (issue 12, finding 8): no inline
script or style is blocked anywhere the player goes, and a form POST from our own page
passes the Origin check."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage

pytestmark = pytest.mark.browser

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def test_the_client_runs_under_the_content_security_policy(
    server: str, browser: Browser, shots: Path
) -> None:
    context = browser.new_context()
    context.add_init_script(WATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            errors.append(message.text)

    page.on("console", console)
    answer = page.goto(f"{server}/#/login")
    assert answer is not None and "script-src 'self'" in answer.headers["content-security-policy"]
    form = "#register-form"
    page.fill(f"{form} [name=full_name]", "Cora Policy")
    page.fill(f"{form} [name=birth_date]", "1984-04-04")
    page.select_option(f"{form} [name=document_type]", "passport")
    page.fill(f"{form} [name=document_number]", "4511 888001")
    page.fill(f"{form} [name=password]", "correct horse")
    page.click(f"{form} button[type=submit]")  # a fetch POST from our page: Origin is ours
    page.wait_for_url("**#/cashier")
    page.goto(f"{server}/#/lobby")
    page.select_option("#create-table [name=profile]", "roulette")
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**#/table/*")
    page.wait_for_selector("h2.flush")
    page.screenshot(path=shots / "table-under-csp.png", full_page=True)
    assert page.evaluate("window.__violations") == []
    assert not errors, errors
