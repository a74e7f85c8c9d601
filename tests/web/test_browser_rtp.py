"""The rules panel's RTP for the Hold'em profiles (issue 13: their figures were missing from
web/src/lib/rtp.json): each shows the house edge of its best play and of its BONUS, at a desktop
and a phone size, in the player's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .appkit import newcomer, no_horizontal_scroll, open_personal, shot, stand

pytestmark = pytest.mark.browser

# The math lab's exact figures (docs/games/texas-holdem*.md), as the panel rounds them.
BEST_PLAY = {"texas-holdem": "2.31", "texas-holdem-bonus": "2.04"}


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_holdem_rules_panels_show_their_house_edge(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    page = newcomer(
        browser,
        server,
        f"Khold Em {size}",
        size,
        "ru-RU" if size == "phone" else "en-US",
        chips=100_000,
    )
    for profile in ("texas-holdem", "texas-holdem-bonus", "texas-holdem-aa-bonus"):
        open_personal(page, server, profile)
        page.click("#rules summary")
        best = page.locator("#rtp tr[data-wager='best_play']")
        expect(best).to_be_visible()
        expect(page.locator("#rtp tr[data-wager='bonus']")).to_be_visible()
        if profile in BEST_PLAY:
            edge = BEST_PLAY[profile]
            expect(best).to_contain_text(edge if size == "desktop" else edge.replace(".", ","))
        no_horizontal_scroll(page)
        shot(page, shots, f"{size}-{profile}-rtp")
        stand(page)  # at most two personal tables
    page.context.close()
