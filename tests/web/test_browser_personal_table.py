"""The lobby's "create a personal table" form offers the casino's limit tiers, not free
numbers (security review finding 5), and the table it opens has the chosen tier's limits."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


def test_personal_table_form_picks_a_limit_tier(server: str, browser: Browser, shots: Path) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Registered through the API (the form is not what this test is about); the login
    # cookie is the browser context's, so the page is logged in.
    registered = context.request.post(
        f"{server}/api/register",
        data={
            "full_name": "Vera Tierova",
            "birth_date": "1985-03-03",
            "document_type": "passport",
            "document_number": "4511 777001",
            "password": "correct horse",
        },
    )
    assert registered.status == 201, registered.text()
    card = registered.json()["card_number"]
    login = {"card_number": card, "password": "correct horse"}
    assert context.request.post(f"{server}/api/login", data=login).status == 200
    page.goto(f"{server}/#/lobby")
    form = "#create-table"
    page.wait_for_selector(f"{form} [name=tier] option", state="attached")
    options = page.locator(f"{form} [name=tier] option")
    assert options.evaluate_all("(os) => os.map((o) => o.value)") == ["5", "25", "50", "100"]
    assert page.locator(f"{form} [name=tier]").input_value() == "25"  # the default tier
    page.select_option(f"{form} [name=profile]", "russian")
    page.select_option(f"{form} [name=tier]", "100")
    page.click(f"{form} button[type=submit]")
    page.wait_for_url("**#/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    page.screenshot(path=shots / "personal-table.png", full_page=True)
    table = context.request.get(f"{server}/api/tables/{table_id}").json()["table"]
    assert table["mode"] == "personal" and table["profile"] == "russian"
    assert table["limits"] == {"min": 10000, "max": 100000, "max_payout": 1200000}
    assert not errors, errors
    context.close()
