"""The registration form picks the identity document from the casino's fixed list
(security review finding 1: free text let one passport register twice), and a
document registered once is refused when typed again with other separators."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from croupier.casino.documents import DocumentType

pytestmark = pytest.mark.browser


def test_registration_form_picks_the_document_type_from_the_list(
    server: str, browser: Browser, shots: Path
) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/#/login")
    form = "#register-form"
    kinds = page.locator(f"{form} select[name=document_type] option")
    assert kinds.evaluate_all("(os) => os.map((o) => o.value)") == [t.value for t in DocumentType]
    page.fill(f"{form} [name=full_name]", "Lev Licensov")
    page.fill(f"{form} [name=birth_date]", "1980-02-02")
    page.select_option(f"{form} [name=document_type]", "driving_licence")
    page.fill(f"{form} [name=document_number]", "77 AB 900001")
    page.fill(f"{form} [name=password]", "correct horse")
    page.click(f"{form} button[type=submit]")
    page.wait_for_url("**#/cashier")
    card = context.request.get(f"{server}/api/me").json()["card_number"]
    context.close()

    again = browser.new_context()
    page = again.new_page()
    page.goto(f"{server}/#/login")
    page.fill(f"{form} [name=full_name]", "Lev Licensov-Again")
    page.fill(f"{form} [name=birth_date]", "1980-02-02")
    page.select_option(f"{form} [name=document_type]", "driving_licence")
    page.fill(f"{form} [name=document_number]", "77-ab-900001")
    page.fill(f"{form} [name=password]", "correct horse")
    page.click(f"{form} button[type=submit]")
    expect(page.locator("#notice")).to_contain_text("cannot be registered online")
    page.screenshot(path=shots / "register-document-again.png")
    again.close()
    assert card and not errors
