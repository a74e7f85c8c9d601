"""Helpers for the browser tests of the new client (web/, served at /app/)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from croupier.server.app import WEBAPP, create_app
from croupier.server.config import ServerConfig
from croupier.server.testing import known_deals, running_server
from croupier.store.testing import migrated_sqlite_url

PASSWORD = "correct horse"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
_documents = itertools.count(1)
# A shared 2-core machine running the whole suite can take longer than Playwright's 5 s to show an
# answer; the checks wait for the event, so a longer bound only matters when something is wrong.
expect.set_options(timeout=20_000)


@contextmanager
def seeded_server(folder: Path, seed: bytes, **settings: Any) -> Iterator[tuple[str, Any]]:
    """A server of its own (a fresh SQLite file in ``folder``) dealing every round from ``seed``:
    a test that needs one particular deal (a pair to split, an ace up) finds a seed for it.
    Yields the base URL and the app (to open a special table)."""
    from .conftest import FAST_HASHER

    database = migrated_sqlite_url(folder / "croupier.sqlite3")
    config = ServerConfig(database_url=database, hasher=FAST_HASHER, **settings)
    app = create_app(config)
    with known_deals(seed), running_server(app) as url:
        yield url, app


def server_dealing(seed: bytes) -> Any:
    """A module's fixture: a server of its own dealing from ``seed`` (see :func:`seeded_server`);
    ``split_server = server_dealing(SPLIT_SEED)`` and the tests ask for ``split_server``."""

    @pytest.fixture(scope="module")
    def dealing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
        with seeded_server(tmp_path_factory.mktemp("seeded"), seed) as (url, _app):
            yield url

    return dealing


def log_in_after_a_wrong_password(page: Page, login: str, wrong: int = 1) -> None:
    """On the login page: ``wrong`` wrong passwords refused in words (after two, the warning says
    one try is left before the card locks), then the right one lets in."""
    page.fill("#login-form [name=card_number]", login)
    warning = page.locator("#lock-warning")
    for tried in range(1, wrong + 1):
        page.fill("#login-form [name=password]", "a wrong password")
        page.click("#login-form button[type=submit]")
        if tried < 2:  # the general warning, not yet the last try
            expect(page.locator("#notice.error")).to_contain_text(
                re.compile("Wrong card number, e-mail or password|Неверный номер карты")
            )
            expect(warning).not_to_have_class(re.compile(r"\bwarn\b"))
        else:  # the warning before the last attempt, in words
            expect(warning).to_have_class(re.compile(r"\bwarn\b"))
            expect(warning).to_contain_text(re.compile("One try left|Осталась одна попытка"))
    page.fill("#login-form [name=password]", PASSWORD)
    page.click("#login-form button[type=submit]")
    # the page shows the logged-in header before it moves to the lobby: wait for the move,
    # or the lobby would replace a page asked for next
    page.wait_for_url("**/app/#/lobby")
    page.wait_for_selector("#logout")


def need_build() -> None:
    if not (WEBAPP / "index.html").is_file():
        pytest.fail("the client is not built: make webapp (cd web && npm ci && npx vite build)")


def context(browser: Browser, size: str, locale: str = "en-US") -> BrowserContext:
    made = browser.new_context(viewport=VIEWPORTS[size], locale=locale)  # type: ignore[arg-type]
    made.add_init_script("window.confirm = () => true;")
    return made


def newcomer(
    browser: Browser, server: str, name: str, size: str, locale: str = "en-US", chips: int = 0
) -> Page:
    """The page of a new player (the client built, a browser of its own at ``size`` speaking
    ``locale``), registered and logged in with ``chips`` kopecks bought. The test closes
    ``page.context``."""
    need_build()
    made = context(browser, size, locale)
    registered(made, server, name, chips)
    return made.new_page()


def page_errors(page: Page) -> list[str]:
    """The script errors of ``page`` from now on (a test asserts there are none)."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def registered(ctx: BrowserContext, server: str, name: str, chips: int = 0) -> str:
    """A new adult player logged in within ``ctx`` (cookie), with ``chips`` kopecks bought."""
    number = f"77{next(_documents):02d} {abs(hash((name, server))) % 1_000_000:06d}"
    answer = ctx.request.post(
        f"{server}/api/register",
        data={
            "full_name": name,
            "birth_date": "1985-03-03",
            "document_type": "passport",
            "document_number": number,
            "password": PASSWORD,
        },
    )
    assert answer.status == 201, answer.text()
    card: str = answer.json()["card_number"]
    assert ctx.request.post(
        f"{server}/api/login", data={"card_number": card, "password": PASSWORD}
    ).ok
    if chips:
        bought = ctx.request.post(
            f"{server}/api/cashier/buy", data={"key": f"buy-{card}", "amount": chips}
        )
        assert bought.ok, bought.text()
    return card


# The page clips what runs past its right edge (html and body hide the overflow), so a page that
# does not scroll may still cut something off: every element shown is looked at, save those inside
# a box that scrolls or clips on its own (a wide table in a scroller is meant).
_CUT_OFF = """() => {
  const width = window.innerWidth;
  const cut = [];
  const own = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX;
      if (x !== "visible") return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && r.right > width + 1 && !own(el))
      cut.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} ${Math.round(r.right)}`);
  }
  return [document.documentElement.scrollWidth, width, cut.slice(0, 5)];
}"""


def no_horizontal_scroll(page: Page) -> None:
    """The page neither scrolls sideways nor cuts anything off at its right edge."""
    scroll, width, cut = page.evaluate(_CUT_OFF)
    assert scroll <= width, f"the page scrolls sideways: {scroll} px wide in {width}"
    assert not cut, f"cut off at the right edge of {width} px: {cut}"


def open_personal(page: Page, server: str, profile: str) -> None:
    """From the lobby, the Play button of ``profile``: the player's personal table (the server
    seats the player at box 1 when it opens one; a table reused may need the box taken)."""
    page.goto(f"{server}/app/#/lobby")
    page.click(f"[data-play='{profile}']")
    page.wait_for_url("**/app/#/table/*")
    page.wait_for_selector("#rack, [data-sit='1']")
    if page.query_selector("[data-sit='1']"):
        acted(page, lambda: page.click("[data-sit='1']"))
    page.wait_for_selector("#rack")


def place(page: Page, *spots: str, chip: int = 2500) -> None:
    """A ``chip`` picked from the rack and put on each of ``spots`` (not staked yet)."""
    page.click(f"[data-chip='{chip}']")
    for spot in spots:
        page.click(f"[data-spot='{spot}']")


def stake(page: Page, *spots: str, chip: int = 2500, box: int = 1) -> None:
    """A ``chip`` on each of ``spots`` and ``box`` staked with them; waits for the table."""
    place(page, *spots, chip=chip)
    acted(page, lambda: page.click(f"[data-stake='{box}']"))


def stand(page: Page, box: int = 1) -> None:
    """Stand up from ``box`` (a player keeps at most two personal tables)."""
    acted(page, lambda: page.click(f"[data-stand='{box}']"))


def open_public(page: Page, server: str, profile: str, box: int = 1) -> str:
    """From the lobby, the public table of ``profile``; the player sits at ``box``. Its id."""
    page.goto(f"{server}/app/#/lobby")
    page.click(f".tile.public[data-profile='{profile}'] a")
    page.wait_for_url("**/app/#/table/*")
    table = page.url.rsplit("/", 1)[1]
    acted(page, lambda: page.click(f"[data-sit='{box}']"))
    return table


def sit_at(page: Page, server: str, table: str, box: int) -> None:
    """Another player comes to ``table`` (by its address) and sits at ``box``."""
    page.goto(f"{server}/app/#/table/{table}")
    acted(page, lambda: page.click(f"[data-sit='{box}']"))


def settle(page: Page, box: int = 1) -> None:
    """Decide as a cautious player until the box's settlement shows."""
    prefer = ("stand", "play", "take_ante", "check", "no_more_bets", "call", "fold")
    settled = f"[data-box='{box}'] .settlement"
    for _ in range(12):
        page.wait_for_selector(f"#actions button[data-act]:not([disabled]), {settled}")
        if page.query_selector(settled):
            return
        acts = [
            b.get_attribute("data-act")
            for b in page.query_selector_all("#actions button[data-act]:not([disabled])")
        ]
        act = next((a for a in prefer if a in acts), acts[0])
        button = f"#actions button[data-act='{act}']:not([disabled])"
        acted(page, lambda: page.click(button))  # noqa: B023 (called at once, in this turn)
    page.wait_for_selector(settled)


def acted(page: Page, do: Callable[[], None]) -> None:
    """Do something that sends an intent; wait for its answer and the table's next state."""
    seq = int(page.get_attribute("#table", "data-seq") or "-1")
    do()
    page.wait_for_function(
        "(seq) => { const t = document.getElementById('table');"
        " return t && t.dataset.busy === 'no' && Number(t.dataset.seq) > seq; }",
        arg=seq,
    )


# While the table shows a deal or a spin (#table[data-revealing=yes]), nothing may give its outcome
# away: no box's settlement, no result line. Every change of the page is looked at.
_REVEAL = """() => {
  window.__reveal = { shown: 0, early: [] };
  const look = () => {
    if (!document.querySelector("#table[data-revealing='yes']")) return;
    window.__reveal.shown += 1;
    const told = document.querySelector("[data-box] .settlement, #roulette-result, #bac-result");
    if (told) window.__reveal.early.push(told.outerHTML.slice(0, 80));
  };
  new MutationObserver(look)
    .observe(document.body, { childList: true, subtree: true, attributes: true });
}"""


def watch_the_reveal(page: Page) -> None:
    """From now on, note whether an outcome shows while the table is still showing the deal."""
    page.evaluate(_REVEAL)


def revealed_early(page: Page) -> list[str]:
    """What showed before its time since :func:`watch_the_reveal` (asserting the show was seen)."""
    found = page.evaluate("() => window.__reveal")
    assert found["shown"] > 0, "the table never showed the deal step by step"
    early: list[str] = found["early"]
    return early


# Every text ``selector`` shows (while visible), in order, from the moment it is watched: a thing
# on screen for a moment (a two-second clock) is seen whenever it shows, however slow the machine.
_WATCH = """(selector) => {
  window.__seen = window.__seen || {};
  const seen = (window.__seen[selector] = []);
  const look = () => {
    const el = document.querySelector(selector);
    const text = el && el.checkVisibility() ? el.textContent.trim() : "";
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  };
  look();
  new MutationObserver(look)
    .observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


def watch_text(page: Page, selector: str) -> None:
    """From now on, note each text ``selector`` shows (see :func:`texts_seen`)."""
    page.evaluate(_WATCH, selector)


def texts_seen(page: Page, selector: str) -> list[str]:
    """The texts ``selector`` showed, in order, since :func:`watch_text`."""
    seen: list[str] = page.evaluate("(selector) => window.__seen[selector]", selector)
    return seen


def shot(page: Page, folder: Path, name: str) -> None:
    """The whole page as a picture for people to look at (no test reads it): a JPEG, which
    Chromium encodes in less than half the time of a PNG (the 52 shots of test_app_games: 4 s
    against 11 s on a loaded machine; about 150 shots a run)."""
    page.screenshot(path=folder / f"{name}.jpg", full_page=True, type="jpeg", quality=80)


# The words in Latin letters a Russian page shows in ``selector``: every visible text node, save the
# cards. A card is shown as it is printed, in both languages: its face (the corner rank "A K Q J"
# and the suit; named in Russian for screen readers by its aria-label) and, in a sentence, its rank
# with its suit ("третья карта ИГРОКА A♥", as on the face beside it). Each offender is named with
# the element it is in.
_LATIN = """(selector) => {
  const CARD = /(?<![A-Za-z])(?:[AKQJ]|10)[♠♥♦♣]/g;
  const words = [];
  for (const root of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest(".card-face") || !el.checkVisibility()) continue;
      const where = `${el.tagName.toLowerCase()}#${el.id}.${el.classList[0] || ""}`;
      const text = node.textContent.replace(CARD, "");
      for (const word of text.match(/[A-Za-z]+/g) || []) words.push([word, where]);
    }
  }
  return words;
}"""


def no_english(page: Page, selector: str) -> None:
    """``selector`` shows no word in Latin letters (issue 13: "Russian is half done")."""
    page.wait_for_selector(selector)
    words = [f"{word} (in {where})" for word, where in page.evaluate(_LATIN, selector)]
    assert not words, f"English left in {selector}: {sorted(set(words))}"
