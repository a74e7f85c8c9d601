"""Two players at the public tables (a phone and a desktop). Baccarat: no player can call the
deal; the round is dealt by the house once every staked box's owner has bet, and both see it
settled, each with their own line. Roulette (issue 13: its public table had one box): both sit,
stake and bet at one wheel, each sees the other's chips on the layout, and neither may close the
bets for the other: the croupier spins when the betting time runs out. Another player is named by
the box they sit at, never by the server's pseudonym ("player-54604ceaddc3" showed). A player who
closes their page is gone: past the server's grace (two seconds here) their box is free again on
the other player's page (issue 13: public tables kept players who had left)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import acted, newcomer, no_english, open_public, seeded_server, shot, sit_at, stake
from .conftest import SEED

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The tests' usual server, its seats of players gone given back after two seconds."""
    with seeded_server(tmp_path_factory.mktemp("public"), SEED, seat_grace_seconds=2) as (url, _):
        yield url


def test_only_the_house_deals_at_a_public_table(server: str, browser: Browser, shots: Path) -> None:
    first = newcomer(browser, server, "Olga Pervaya", "desktop", chips=100_000)
    second = newcomer(browser, server, "Ivan Vtoroy", "phone", "ru-RU", chips=100_000)
    table = open_public(first, server, "baccarat")
    sit_at(second, server, table, 2)

    stake(first, "player")
    expect(first.locator("#deal")).to_have_count(0)  # nobody but the house deals here
    expect(first.locator("[data-box='1'] .stakes")).to_contain_text("PLAYER")
    expect(second.locator("[data-box='1'] .stakes")).to_contain_text("ИГРОК")
    shot(first, shots, "first-staked-waiting")

    stake(second, "tie", box=2)
    for page in (first, second):
        page.wait_for_selector("[data-box='1'] .settlement")
        page.wait_for_selector("[data-box='2'] .settlement")
        expect(page.locator("#bac-result")).to_be_visible()
    assert first.get_attribute("[data-box='2'] .settlement tr[data-line]", "data-line") == "tie"
    expect(first.locator("section[data-box='2'] .owner")).to_have_text("Another player")
    first.click("#log summary")
    expect(first.locator("#log")).to_contain_text("Player at box 2: ")
    no_english(second, "#table")  # the public table in Russian, its log too (issue 13)
    for page in (first, second):
        assert "player-" not in " ".join(page.locator("#felt, #log").all_inner_texts())
    shot(first, shots, "settled-desktop")
    shot(second, shots, "settled-phone")

    # The second player closes their page without standing up: their box is free again on the
    # first player's page once the grace has passed; the first player, still there, keeps theirs.
    phone = second.context
    second.close()
    expect(first.locator("[data-sit='2']")).to_be_visible()
    expect(first.locator("[data-sit='1']")).to_have_count(0)
    shot(first, shots, "left-box-free-desktop")
    second = phone.new_page()  # and comes back for the roulette

    # Roulette: one wheel, two players, each at a box of their own colour.
    wheel = open_public(first, server, "roulette")
    sit_at(second, server, wheel, 2)
    stake(first)
    stake(second, box=2)
    for page in (first, second):
        page.wait_for_selector("#racetrack [data-spot='voisins']:not([aria-disabled='true'])")
    acted(first, lambda: first.click("#layout rect[data-number='17']"))
    acted(second, lambda: second.click("#layout rect[data-number='20']"))
    for page in (first, second):
        expect(page.locator("#layout .placed")).to_have_count(2)
        expect(page.locator("#layout .placed.mine")).to_have_count(1)
        expect(page.locator("#actions button[data-act='no_more_bets']")).to_have_count(0)
        expect(page.locator("#house-spins")).to_be_visible()
    expect(second.locator("#layout .placed.mine")).to_have_attribute("data-bet", "straight:20")
    shot(first, shots, "roulette-two-players-desktop")
    shot(second, shots, "roulette-two-players-phone")
    first.context.close()
    second.context.close()
