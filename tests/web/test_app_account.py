"""Ported from the old client's tests: the registration form picks the identity document from
the casino's fixed list and a document typed again with other separators is refused (security
review 1); the lobby's Play opens a personal table at the chosen limit tier (review 5), and Play
again goes back to it (issue 13); the lobby offers no box at a personal table."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from croupier.casino.documents import DocumentType

from .appkit import PASSWORD, context, need_build, newcomer, shot

pytestmark = pytest.mark.browser


def test_registration_picks_the_document_from_the_list_and_refuses_it_twice(
    server: str, browser: Browser, shots: Path
) -> None:
    need_build()
    ctx = context(browser, "phone")
    page = ctx.new_page()
    page.goto(f"{server}/app/#/login")
    form = "#register-form"
    kinds = page.locator(f"{form} select[name=document_type] option")
    expect(kinds).to_have_count(len(DocumentType))  # the page drawn (a slow machine's race)
    assert kinds.evaluate_all("(os) => os.map((o) => o.value)") == [t.value for t in DocumentType]
    for name, number in (("Lev Licensov", "77 AB 900001"), ("Lev Again", "77-ab-900001")):
        page.fill(f"{form} [name=full_name]", name)
        page.fill(f"{form} [name=birth_date]", "1980-02-02")
        page.select_option(f"{form} [name=document_type]", "driving_licence")
        page.fill(f"{form} [name=document_number]", number)
        page.fill(f"{form} [name=password]", PASSWORD)
        page.click(f"{form} button[type=submit]")
        if name == "Lev Licensov":
            page.wait_for_url("**/app/#/card")
            page.click("#logout")
            page.wait_for_selector("#nav-login")
            page.goto(f"{server}/app/#/login")
    # Neutral (issue 12): it never says the document is someone else's.
    expect(page.locator("#notice.error")).to_contain_text("cannot be registered online")
    shot(page, shots, "register-document-again")
    ctx.close()


def test_play_opens_a_personal_table_at_the_chosen_limit_tier(
    server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, server, "Vera Tierova", "desktop", chips=100_000)
    page.goto(f"{server}/app/#/lobby")
    tier = page.locator("select[name=tier]")
    page.wait_for_selector("select[name=tier] option", state="attached")
    assert tier.locator("option").evaluate_all("(os) => os.map((o) => o.value)") == [
        "5",
        "25",
        "50",
        "100",
    ]
    assert tier.input_value() == "25"
    tier.select_option("100")
    page.click("[data-play='russian']")
    page.wait_for_url("**/app/#/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#rack")
    shot(page, shots, "personal-table-tier-100")
    # Play again for the same game and tier: back to this table, not a second one (issue 13)
    # (the lobby never offers a box at a personal table: its tiles are the public tables)
    page.goto(f"{server}/app/#/lobby")
    page.wait_for_selector("select[name=tier] option", state="attached")
    expect(page.locator(".tile.public").first).to_be_visible()
    expect(page.locator(f".tile[data-table='{table_id}']")).to_have_count(0)
    tier.select_option("100")
    page.click("[data-play='russian']")
    page.wait_for_url(f"**/app/#/table/{table_id}")
    table = page.request.get(f"{server}/api/tables/{table_id}").json()["table"]
    assert table["mode"] == "personal" and table["profile"] == "russian"
    assert table["limits"] == {"min": 10000, "max": 100000, "max_payout": 1200000}
    page.context.close()
