"""Every game of the casino plays in the new client, on a desktop and on a phone: from the
lobby's Play button to the settlement, broken down by line; a screenshot of each table
(test-artifacts/web/<test>/<size>-<profile>-*.jpg). No page scrolls sideways. At stud the box
decides against the dealer's up card, the rest of the dealer's hand face down. Hold'em names
the street as the round goes (pre-flop, flop, turn, showdown)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import (
    VIEWPORTS,
    acted,
    newcomer,
    no_english,
    no_horizontal_scroll,
    open_personal,
    page_errors,
    revealed_early,
    settle,
    shot,
    stake,
    stand,
    texts_seen,
    watch_text,
    watch_the_reveal,
)

pytestmark = pytest.mark.browser

STUD = [
    "russian",
    "russian-online",
    "five-card-exchange",
    "five-card-sixth",
    "six-card",
    "six-card-shambala",
    "six-card-all-in-one",
]
HOUSE = [
    "texas-holdem",
    "texas-holdem-aa-bonus",
    "texas-holdem-bonus",
    "three-card",
    "three-card-standard",
    "three-card-pair-plus-40-30-6-3-1",
]
THREE_CARD = [p for p in HOUSE if p.startswith("three-card")]
# The streets a cautious player sees named, in order: casino hold'em deals the flop with the hole
# cards and the turn and river together; hold'em bonus stops at each street. In both languages.
STREETS = {
    "texas-holdem": ["Flop", "Showdown"],
    "texas-holdem-aa-bonus": ["Flop", "Showdown"],
    "texas-holdem-bonus": ["Pre-flop", "Flop", "Turn", "Showdown"],
}
STREET_RU = {
    "Street": "Улица",
    "Pre-flop": "Префлоп",
    "Flop": "Флоп",
    "Turn": "Тёрн",
    "Showdown": "Вскрытие",
}


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_game_plays_from_the_lobby_to_the_settlement(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    locale = "ru-RU" if size == "phone" else "en-US"  # both languages
    page = newcomer(browser, server, f"Gleb Igrokov {size}", size, locale, chips=2_000_000)
    errors = page_errors(page)
    page.goto(f"{server}/app/#/lobby")
    page.wait_for_selector("[data-play='russian']")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-lobby")
    for profile in STUD + HOUSE + ["blackjack"]:
        open_personal(page, server, profile)
        if profile in HOUSE:
            watch_text(page, "#street")
        if profile == "blackjack":  # the stake and the 21+3 side bet beside it
            stake(page, "stake", "twenty_one_plus_three")
        else:
            stake(page, "ante")
        if profile in STUD:
            # the hand is named while deciding, against the dealer's up card: one card face up
            # (the last dealt), the other four face down
            page.wait_for_selector("[data-box='1'] [data-hand-name]")
            dealer = page.locator("#dealer .cards > [data-card]")
            expect(dealer).to_have_count(5)
            expect(page.locator("#dealer [data-card='hidden']")).to_have_count(4)
            expect(dealer.last).to_have_attribute("data-card", re.compile(r"^[2-9TJQKA][cdhs]$"))
        if profile == "russian" and size == "phone":
            # keeping the hand is worded as such in Russian (it was "Хватит", blackjack's word)
            expect(page.locator("#actions [data-act='stand']")).to_have_text("Оставить как есть")
            # the dealer's cards and the decisions fit one phone screen
            span = page.evaluate(
                "() => document.getElementById('actions').getBoundingClientRect().bottom"
                " - document.getElementById('dealer').getBoundingClientRect().top"
            )
            assert span <= VIEWPORTS["phone"]["height"], span
        if profile in HOUSE:  # three-card poker deals no community cards: no street to name
            expect(page.locator("#street")).to_have_count(0 if profile in THREE_CARD else 1)
            # the five places of the community cards, empty until dealt (Hold'em decides after
            # the flop, Hold'em Bonus before it)
            expect(page.locator("#board .card-face")).to_have_count(
                0 if profile in THREE_CARD else 5
            )
            slots = 0 if profile in THREE_CARD else 5 if profile == "texas-holdem-bonus" else 2
            expect(page.locator("#board [data-card='slot']")).to_have_count(slots)
        no_horizontal_scroll(page)
        shot(page, shots, f"{size}-{profile}-deciding")
        if profile == "blackjack":  # a double: one card more, and the hand says it was doubled
            acted(page, lambda: page.click("#actions [data-act='double']"))
            hand = page.locator("[data-box='1'] .hand")
            expect(hand).to_contain_text("doubled" if size == "desktop" else "удвоено")
            expect(hand.locator(".cards > *")).to_have_count(3)
            # the hand shows what it now plays for: the stake and its double
            expect(hand.locator("[data-staked]")).to_have_attribute("data-staked", "5000")
        settle(page)
        settlement = page.locator("[data-box='1'] .settlement")
        if profile == "blackjack":  # the doubled stake and the 21+3 each settled on a line
            # the doubled half on a line of its own, named in the player's language
            double = settlement.locator("tr[data-line='double']")
            expect(double).to_contain_text("Double" if size == "desktop" else "Удвоение")
            expect(double).to_have_attribute("data-staked", "2500")
            side = settlement.locator("tr[data-line='twenty_one_plus_three']")
            expect(side).to_contain_text("21+3")
            expect(side).to_have_attribute("data-staked", "2500")
        expect(settlement.locator("tr[data-line]").first).to_be_visible()
        if profile in STUD or profile in HOUSE:
            expect(page.locator("#dealer-hand")).not_to_be_empty()
        if profile in STUD:
            expect(page.locator("#dealer-qualifies")).to_be_visible()
        assert "kopeck" not in (settlement.text_content() or "")
        if size == "phone":  # the table in Russian, every word of it (issue 13)
            no_english(page, "#table")
        no_horizontal_scroll(page)
        if profile in STREETS:  # the street named as the round goes
            seen = texts_seen(page, "#street")
            label, names = "Street", STREETS[profile]
            if size == "phone":
                label, names = STREET_RU[label], [STREET_RU[n] for n in names]
            if seen[:1] == [f"{label}: {names[-1]}"]:  # a table reused: its last round, kept
                seen = seen[1:]
            assert seen == [f"{label}: {name}" for name in names], seen
        shot(page, shots, f"{size}-{profile}-settled")
        stand(page)

    # Baccarat: chips on BANKER, the deal shows both hands and who won.
    open_personal(page, server, "baccarat")
    watch_the_reveal(page)
    stake(page, "banker")
    page.wait_for_selector("[data-box='1'] .settlement")
    expect(page.locator("#bac-result")).to_be_visible()
    assert revealed_early(page) == []  # the settlement waited for the last card
    expect(page.locator("#bead-plate span").first).to_be_visible()
    if size == "phone":
        no_english(page, "#table")
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-baccarat-settled")
    stand(page)

    # Roulette: a straight on 17 tapped on the layout, RED (twice: one stack of both), the second
    # dozen and the first column's "2 to 1" where a European table has them (on the layout, beside
    # the numbers; on a phone the layout runs down the screen), each chip shown where it was placed;
    # the voisins on the racetrack and zero with one neighbour either side (chips there too); the
    # wheel turns and lands before the result and the settlement show, the number marked on the
    # layout, the chips that won standing out (on the racetrack too); the board beside it keeps
    # the number, with the hot and cold ones.
    open_personal(page, server, "roulette")
    stake(page)
    page.wait_for_selector("#actions button[data-act='no_more_bets']")
    acted(page, lambda: page.click("#layout rect[data-number='17']"))
    for spot in ("red", "dozen:2", "column:1", "red"):
        acted(page, lambda spot=spot: page.click(f"#layout [data-spot='{spot}']"))
    acted(page, lambda: page.click("#racetrack [data-spot='voisins']"))
    page.click("[data-each='1']")
    acted(page, lambda: page.click("#racetrack [data-track='0']"))
    for spot in ("straight:17", "red", "dozen:2", "column:1"):
        expect(page.locator(f"#layout [data-bet='{spot}']")).to_have_count(1)
    # RED twice: one stack of both, its amount on the chip
    expect(page.locator("#layout [data-bet='red']")).to_have_attribute("data-amount", "5000")
    expect(page.locator("#layout [data-bet='red']")).to_have_text("50")
    if size == "phone":  # drawn down the phone, each number a finger wide
        expect(page.locator("#layout.vertical")).to_have_count(1)
        cell = page.locator("#layout rect[data-number='17']").bounding_box()
        assert cell and cell["width"] >= 44, cell
    expect(page.locator("#my-bets")).to_contain_text("0 ±1")
    for spot in ("voisins", "neighbours:0:1"):  # the racetrack's bets on the racetrack
        expect(page.locator(f"#racetrack [data-bet='{spot}']")).to_have_count(1)
    red = "RED RUB\u00a050.00" if size == "desktop" else "КРАСНОЕ 50,00\u00a0₽"
    expect(page.locator("#my-bets")).to_contain_text(red)  # RED once, with both its chips
    no_horizontal_scroll(page)
    shot(page, shots, f"{size}-roulette-bets")
    watch_the_reveal(page)
    acted(page, lambda: page.click("#actions button[data-act='no_more_bets']"))
    page.wait_for_selector("#roulette-result")
    assert revealed_early(page) == []
    pocket = page.get_attribute("#wheel", "data-landed")
    expect(page.locator("#roulette-result")).to_contain_text(pocket or "?")
    expect(page.locator("#spins span").first).to_have_text(pocket or "?")
    expect(page.locator("#layout #dolly")).to_have_attribute("data-won", pocket or "?")
    # the chips that won stand out, the rest are swept: RED by the colour of the number
    red_won = "red" in (page.get_attribute("#roulette-result span", "class") or "").split()
    expect(page.locator("#layout [data-bet='red']")).to_have_class(
        re.compile(r"\bwon\b" if red_won else r"\blost\b")
    )
    expect(page.locator("#layout .placed:not(.won):not(.lost)")).to_have_count(0)
    # the racetrack's chips too, though the server settles them per position: won if any paid
    voisins = {0, 2, 3, 4, 7, 12, 15, 18, 19, 21, 22, 25, 26, 28, 29, 32, 35}
    for spot, covered in (("voisins", voisins), ("neighbours:0:1", {26, 0, 32})):
        expect(page.locator(f"#racetrack [data-bet='{spot}']")).to_have_class(
            re.compile(r"\bwon\b" if int(pocket or -1) in covered else r"\blost\b")
        )
    expect(page.locator("#hot span")).to_have_count(1)
    expect(page.locator("#cold span")).to_have_count(3)
    settled = page.locator("[data-box='1'] .settlement tr[data-line]")
    assert settled.count() == 4 + 7 + 3, "a line per position (RED staked twice: one)"
    if size == "phone":
        no_english(page, "#table")
    shot(page, shots, f"{size}-roulette-settled")
    assert not errors, errors
    page.context.close()
