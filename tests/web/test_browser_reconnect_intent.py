"""A table socket lost while an intent waits for its answer (issue 15: the server process
that had it is killed): the page reconnects, sends the intent again with its idempotency key
on the new socket, and its buttons work again; nothing is lost and nothing is done twice.

The socket is cut by Playwright's WebSocket routing, at the one moment that matters: after
the page sent the intent and before any answer (the server ran it and its answer is lost,
or it never got there). A kill of the real process behind nginx is in
test_browser_reconnect_nginx.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import (
    newcomer,
    open_personal,
    page_errors,
    place,
    settle,
    shot,
    stake,
    texts_seen,
    watch_text,
)
from .socketcut import Cutter

pytestmark = pytest.mark.browser
CHIPS = 100_000
ANTE = 2500


def balance(page: Page) -> int:
    """The player's chips, as the server has them."""
    answer = page.context.request.get(page.url.split("/app/", 1)[0] + "/api/balance")
    assert answer.ok, answer.text()
    found: int = answer.json()["balance"]
    return found


def free_again(page: Page) -> None:
    """The page is waiting for no answer: its buttons are the player's."""
    expect(page.locator("#table")).to_have_attribute("data-busy", "no")


def cut_mid_intent(page: Page, cutter: Cutter, lose: str, press: Callable[[], None]) -> None:
    """``press`` sends an intent whose socket is cut (``lose``); the page says it is
    reconnecting, reconnects and gets the intent's answer on its new socket."""
    watch_text(page, "#reconnecting")
    cutter.lose = lose
    press()
    expect(page.locator("#reconnecting")).to_have_count(0)  # back: a new socket's snapshot
    free_again(page)
    assert texts_seen(page, "#reconnecting") == ["Connection lost, reconnecting…"]


def box_cards(page: Page) -> list[str]:
    return page.locator("[data-box='1'] [data-card]").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)"
    )


def test_intents_whose_answers_were_lost_are_done_once_and_play_goes_on(
    server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, server, "Lev Obryvov", "desktop", chips=CHIPS)
    errors = page_errors(page)
    cutter = Cutter(page)
    open_personal(page, server, "blackjack")
    # The stake is held and the cards dealt, and the answer is lost with the socket (a process
    # killed after its commit): the page sends the stake again with its key, the server
    # replays its answer.
    place(page, "stake", chip=ANTE)
    cut_mid_intent(page, cutter, "answer", lambda: page.click("[data-stake='1']"))
    assert [(a["type"], a.get("replayed")) for a in cutter.answers()] == [("ack", True)]
    assert balance(page) == CHIPS - ANTE  # held once
    hit = page.locator("#actions [data-act='hit']:not([disabled])")
    expect(hit).to_have_count(1)  # the buttons are the player's again
    before = box_cards(page)
    # The hit ends the round (these known cards), and its answer is lost too. Sent again, the
    # table has no round in play any more: the server replays it from the round its key
    # names; the snapshot shows the card drawn once and the round settled.
    cut_mid_intent(page, cutter, "answer", hit.click)
    assert [(a["type"], a.get("replayed")) for a in cutter.answers()] == [("ack", True)]
    expect(page.locator("#notice.error")).to_have_count(0)
    settlement = page.locator("[data-box='1'] .settlement")
    expect(settlement).to_have_count(1)
    cards = box_cards(page)
    assert len(cards) == len(before) + 1 and cards[: len(before)] == before, (before, cards)
    net = int(settlement.get_attribute("data-net") or "")
    assert balance(page) == CHIPS + net  # settled once
    expect(page.locator("#balance")).to_have_attribute("data-kopecks", str(CHIPS + net))
    shot(page, shots, "desktop-after-the-lost-answers")
    stake(page, "stake", chip=ANTE)  # and the next round is the player's to play
    settle(page)
    net += int(settlement.get_attribute("data-net") or "")
    assert balance(page) == CHIPS + net
    assert errors == []
    page.context.close()


def test_a_stake_that_never_reached_the_server_is_staked_once_on_the_new_socket(
    server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, server, "Vera Poteryaeva", "desktop", chips=CHIPS)
    errors = page_errors(page)
    cutter = Cutter(page)
    open_personal(page, server, "blackjack")
    place(page, "stake", chip=ANTE)
    cut_mid_intent(page, cutter, "intent", lambda: page.click("[data-stake='1']"))
    # carried out now, for the first time
    assert [(a["type"], a.get("replayed")) for a in cutter.answers()] == [("ack", False)]
    assert cutter.cut is not None and cutter.cut["intent"] == "stake"
    assert balance(page) == CHIPS - ANTE  # held once
    shot(page, shots, "desktop-after-the-lost-stake")
    settle(page)
    net = int(page.get_attribute("[data-box='1'] .settlement", "data-net") or "")
    assert balance(page) == CHIPS + net
    assert errors == []
    page.context.close()
