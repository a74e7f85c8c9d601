"""Log in by e-mail (issue 13): register with an address, log out, log in by the address;
the "my card" page shows the card number and the address."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import PASSWORD, VIEWPORTS, context, log_in_after_a_wrong_password, need_build, shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_register_with_email_log_out_and_log_in_by_email(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    need_build()
    ctx = context(browser, size)
    page = ctx.new_page()
    page.goto(f"{server}/app/#/login")
    form = "#register-form"
    address = f"Mila.{size}@Example.COM"
    page.fill(f"{form} [name=full_name]", f"Mila Pochtova {size}")
    page.fill(f"{form} [name=birth_date]", "1988-08-08")
    page.fill(f"{form} [name=document_number]", f"4510 77{len(size):04d}")
    page.fill(f"{form} [name=email]", address)
    page.fill(f"{form} [name=password]", PASSWORD)
    page.click(f"{form} button[type=submit]")
    page.wait_for_url("**/app/#/card")
    card = (page.text_content("#card-number") or "").replace(" ", "")
    assert len(card) == 16 and card.isdigit()
    expect(page.locator("#card-email")).to_have_text(address.lower())
    shot(page, shots, f"my-card-{size}")
    page.click("#logout")
    page.wait_for_selector("#nav-login")

    page.goto(f"{server}/app/#/login")
    log_in_after_a_wrong_password(page, address.upper())
    page.goto(f"{server}/app/#/card")
    expect(page.locator("#card-number")).to_have_text(
        " ".join(card[i : i + 4] for i in range(0, 16, 4))
    )
    expect(page.locator("#card-email")).to_have_text(address.lower())
    ctx.close()
