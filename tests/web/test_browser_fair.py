"""The provably-fair page (issue 13): the commitment before the round, the client seed set by
the player, and after the round the check done in the browser (WebCrypto) of every card the round
dealt, each beside its place in the committed deck: a stud deal with a 6th card bought, a roulette
spin and a baccarat coup deep in its shoe."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import acted, context, need_build, open_personal, registered, settle, shot

pytestmark = pytest.mark.browser


def choose_client_seed(page: Page, server: str, seed: str) -> tuple[str, str]:
    """From the table, the fair page: the commitment shown, the client seed set; back to the
    table. The round's id and the commitment seen."""
    table = page.get_attribute("#table", "data-table")
    page.click("#table-fair")
    page.wait_for_url(f"**/app/#/fair/{table}")
    page.click("#fair-open")
    commitment = page.locator("#fair-commitment")
    expect(commitment).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    seen = commitment.text_content() or ""
    page.fill("#client-seed", seed)
    page.click("#set-client-seed")
    # the notice names the round by its number at the table, not by the server's id ("t3-r2")
    expect(page.locator("#notice")).to_contain_text(re.compile(r"\d"))
    assert not re.search(r"t\d+-r\d+", page.text_content("#notice") or "")
    data_round = page.get_attribute("#fair-commitment", "data-round") or ""
    round_id = re.fullmatch(r"t\d+-r\d+", data_round)
    assert round_id is not None
    page.click("#fair-to-table")
    page.wait_for_selector("#rack")
    return round_id.group(0), seen


def checked(page: Page, server: str, round_id: str, shots: Path, name: str) -> None:
    page.goto(f"{server}/app/#/fair/{round_id}")
    expect(page.locator("#fair-commitment-check")).to_have_attribute("data-ok", "yes")
    expect(page.locator("#fair-deal-check")).to_have_attribute("data-ok", "yes")
    shot(page, shots, name)


def test_a_stud_deal_checked_in_the_browser_with_the_players_client_seed(
    server: str, browser: Browser, shots: Path
) -> None:
    need_build()
    ctx = context(browser, "desktop")
    page = ctx.new_page()
    registered(ctx, server, "Fedor Chestnov", chips=500_000)
    open_personal(page, server, "russian")
    round_id, commitment = choose_client_seed(page, server, "my lucky seed")
    page.click("[data-chip='2500']")
    page.click("[data-spot='ante']")
    acted(page, lambda: page.click("[data-stake='1']"))
    acted(page, lambda: page.click("#actions button[data-act='buy_sixth']"))
    settle(page)
    checked(page, server, round_id, shots, "stud-checked")
    expect(page.locator("#fair-remembered")).to_have_attribute("data-ok", "yes")
    expect(page.locator("#fair-deal-check")).to_contain_text("cards you saw were dealt in order")
    # five to the box, five to the dealer one at a time, then the 6th card: all 11 seen, in place
    dealt = page.locator("#fair-dealt tbody tr")
    expect(dealt).to_have_count(11)
    expect(page.locator("#fair-dealt tr[data-shown='no']")).to_have_count(0)
    assert [dealt.nth(i).get_attribute("data-dealt") for i in (0, 1, 10)] == [
        "box:1",
        "dealer",
        "box:1",
    ]
    expect(dealt.nth(10)).to_contain_text("card 11 of 52")
    expect(page.locator("#fair-page .seeds")).to_contain_text("my lucky seed")
    assert len(commitment) == 64  # the one this browser remembered, checked above
    ctx.close()


def test_a_roulette_spin_checked_in_the_browser(server: str, browser: Browser, shots: Path) -> None:
    need_build()
    ctx = context(browser, "phone", locale="ru-RU")
    page = ctx.new_page()
    registered(ctx, server, "Rita Ruletova", chips=500_000)
    open_personal(page, server, "roulette")
    round_id, _ = choose_client_seed(page, server, "зеро")
    page.click("[data-chip='2500']")
    acted(page, lambda: page.click("[data-stake='1']"))
    page.wait_for_selector("#actions button[data-act='no_more_bets']")
    acted(page, lambda: page.click("[data-spot='red']"))
    acted(page, lambda: page.click("#actions button[data-act='no_more_bets']"))
    page.wait_for_selector("#roulette-result")
    checked(page, server, round_id, shots, "roulette-checked")
    expect(page.locator("#fair-deal-check")).to_contain_text("номер, выпавший на колесе")
    ctx.close()


# Coups played over the table's socket until the shoe's cut card comes out and its seed is
# revealed (about 80 coups of an eight-deck shoe): the page's own WebSocket, the player's cookie.
PLAY_THE_SHOE = """
async ([table, stake]) => {
  const ws = new WebSocket(`${location.origin.replace("http", "ws")}/ws/tables/${table}`);
  const inbox = [];
  let wake = null;
  ws.onmessage = (m) => { inbox.push(JSON.parse(m.data)); if (wake) wake(); };
  const next = async () => {
    while (!inbox.length) await new Promise((r) => { wake = r; });
    return inbox.shift();
  };
  await new Promise((r) => { ws.onopen = r; });
  let last = null;
  for (let coup = 1; coup <= 120; coup++) {
    const key = `shoe-${coup}`;
    ws.send(JSON.stringify({type: "intent", key, intent: "stake", box: 1,
                            stake: {stakes: {banker: stake}}}));
    for (;;) {
      const m = await next();
      if (m.type === "error" && m.key === key) throw new Error(JSON.stringify(m));
      const r = m.state && m.state.round;
      if (r && r.phase === "settled" && r.round_id !== last) {
        last = r.round_id;
        if (r.server_seed) {
          ws.close();
          return {round: r.round_id, coups: coup, offset: r.shoe_offset};
        }
        break;
      }
    }
  }
  ws.close();
  throw new Error("the shoe never ended");
}
"""


def test_a_baccarat_shoe_checked_in_the_browser(server: str, browser: Browser, shots: Path) -> None:
    need_build()
    ctx = context(browser, "desktop")
    page = ctx.new_page()
    registered(ctx, server, "Bella Bakkara", chips=5_000_000)
    open_personal(page, server, "baccarat")
    first, _ = choose_client_seed(page, server, "shoe seed")
    table = page.get_attribute("#table", "data-table")
    page.goto(f"{server}/app/#/fair")
    ended = page.evaluate(PLAY_THE_SHOE, [int(table or 0), 2500])
    assert ended["coups"] > 40 and ended["offset"] > 300, ended
    checked(page, server, ended["round"], shots, "baccarat-shoe-checked")
    expect(page.locator("#fair-shoe")).to_contain_text("of 416")
    # the coup's cards as drawn from the shoe: PLAYER, BANKER, PLAYER, BANKER, the third cards
    dealt = page.locator("#fair-dealt tbody tr")
    assert 4 <= dealt.count() <= 6
    expect(page.locator("#fair-dealt tr[data-shown='no']")).to_have_count(0)
    assert [dealt.nth(i).get_attribute("data-dealt") for i in range(4)] == [
        "player",
        "banker",
        "player",
        "banker",
    ]
    expect(dealt.first).to_contain_text(f"card {ended['offset'] + 1} of 416")
    expect(page.locator("#fair-page .seeds")).to_contain_text("shoe seed")
    assert first.startswith(f"t{table}-")
    ctx.close()
