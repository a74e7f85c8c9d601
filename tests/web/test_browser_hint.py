"""The trainer's hint in the browser: at a personal Russian-poker table the player turns the
trainer on with the switch in the table's header, stakes, and the hint panel words every option
("Exchange 8♦ Q♦ 4♥", "Buy a 6th card") with its value per ANTE, the best first and highlighted
(the server's advisor); after the round it says what the player's decisions cost against the best.
Turned off, the panel shows no hint. At a desktop and a phone size."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from croupier.server.api_advice import warm

from .appkit import (
    acted,
    newcomer,
    no_horizontal_scroll,
    open_personal,
    seeded_server,
    settle,
    shot,
    stake,
)
from .conftest import SEED

# Both sizes on one worker (an xdist group), so one server builds the advisor's tables once; the
# stud math tests' group, which runs after them on that worker and finds the kernels this
# server compiled in numba's cache (tests/conftest.py).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("stud-kernels")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The module's server (as tests/web/conftest.py's), its Russian-poker advisor warmed
    before a page asks for a hint: its tables built once for both sizes (one server, both on
    one worker) and, in a fresh clone, its counting kernels compiled by one process (numba's
    cache is empty then; two workers each warming a server compiled them twice, 30 s each
    under load). The wait is for the event, without a clock to outrun."""
    with seeded_server(tmp_path_factory.mktemp("hint"), SEED) as (url, app):
        warming = warm(app.state.croupier, "russian")
        assert warming is not None
        warming.result()
        yield url


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_hint_panel_words_every_option_with_the_best_highlighted(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    page = newcomer(browser, server, f"Trainer Tanya {size}", size, chips=100_000)
    open_personal(page, server, "russian")
    # the switch is a labelled switch in the table's header, not a bare checkbox below it
    toggle = page.locator(".table-head #trainer-toggle[role='switch']")
    expect(toggle).to_be_visible()
    expect(page.get_by_role("switch", name="Trainer")).to_have_count(1)
    expect(toggle).not_to_be_checked()
    toggle.check()
    page.wait_for_function("() => document.getElementById('trainer-toggle')?.checked === true")
    stake(page, "ante")
    page.wait_for_selector("#actions button[data-act='exchange']")
    # The advisor's answer is the event waited for, however long a loaded machine takes to count
    # (no clock to outrun): the panel says when it has answered, or failed to.
    page.wait_for_selector("#hint[data-advice='ready'], #hint[data-advice='failed']", timeout=0)
    expect(page.locator("#hint")).to_have_attribute("data-advice", "ready")
    rows = page.locator("#hint-options tbody tr")
    expect(rows.first).to_be_visible()
    actions = {r.get_attribute("data-action") for r in rows.all()}
    assert {"play", "fold", "exchange", "buy_sixth"} <= actions
    expect(page.locator("#hint-options tr.best")).to_have_count(1)
    assert "best" in (rows.first.get_attribute("class") or "")  # the best comes first
    text = page.locator("#hint-options").inner_text()
    assert "_" not in text, text  # no raw action names ("buy_sixth")
    assert re.search(r"Exchange [0-9JQKA]+[♠♥♦♣]( [0-9JQKA]+[♠♥♦♣])*", text), text
    expect(page.locator("#hint-options tr[data-action='buy_sixth'] td").first).to_contain_text(
        "Buy a 6th card"
    )
    # the value per ANTE is signed, two decimals, named
    assert re.search(r"[+\u2212]\d\.\d\d ANTE", text), text
    # the best eight first, the rest on request
    expect(page.locator("#hint-options tbody tr:visible")).to_have_count(8)
    page.click("#hint-all")
    expect(page.locator("#hint-options tbody tr:visible")).to_have_count(rows.count())
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-01-hint")
    # a worse option than the best: the review after the round prices it
    best = rows.first.get_attribute("data-action")
    assert best == "play", best  # Jc Jd with 8d Qd 4h against a 5d plays as it is
    acted(page, lambda: page.click("#actions button[data-act='buy_sixth']"))
    settle(page)
    review = page.locator("#hint-review")
    expect(review).to_be_visible()
    expect(review).to_contain_text("Buy a 6th card instead of Play")
    assert float(review.get_attribute("data-cost") or "0") > 0
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-02-review")
    toggle.uncheck()
    page.wait_for_function("() => document.getElementById('trainer-toggle')?.checked === false")
    expect(page.locator("#hint-options")).to_have_count(0)
    page.context.close()
