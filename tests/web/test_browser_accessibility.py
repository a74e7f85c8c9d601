"""Accessibility (issue 13): text contrast WCAG AA on every page at both sizes, measured on the
real page's computed colours; cards named for screen readers; a stud round played with the
keyboard only; sound off by default, its switch remembered, nothing loaded to make it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .appkit import (
    VIEWPORTS,
    acted,
    context,
    need_build,
    newcomer,
    open_personal,
    registered,
    shot,
    stake,
    stand,
)

pytestmark = pytest.mark.browser

# Every visible text's colour against the background it is drawn on (the nearest opaque
# background up the tree, translucent ones blended in; against every colour of a gradient).
# WCAG 2.1 AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). A disabled control is
# exempt (WCAG 1.4.3), as is text hidden from everyone.
CONTRAST = """
() => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const colours = (text) => [...text.matchAll(/rgba?\\([^)]+\\)/g)].map((m) => parse(m[0]));
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const backgrounds = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.backgroundImage && style.backgroundImage.includes("gradient")) {
        const stops = colours(style.backgroundImage).map((s) => over(s, [255, 255, 255, 1]));
        return stops.map((s) => layers.reduceRight((acc, l) => over(l, acc), s));
      }
      const c = parse(style.backgroundColor);
      if (c && c[3] > 0) {
        if (c[3] >= 1) return [layers.reduceRight((acc, l) => over(l, acc), c)];
        layers.push(c);
      }
    }
    return [layers.reduceRight((acc, l) => over(l, acc), [255, 255, 255, 1])];
  };
  const failures = [];
  let checked = 0;
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || !el.getClientRects().length) continue;
    if (el.closest("[disabled], [aria-hidden='true'], option")) continue;
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const fg = parse(style.color);
    for (const bg of backgrounds(el)) {
      const colour = fg[3] < 1 ? over(fg, bg) : fg;
      const r = ratio(colour, bg);
      checked += 1;
      if (r < need) {
        failures.push({
          text: el.textContent.trim().slice(0, 40), tag: el.tagName, cls: el.className,
          ratio: Math.round(r * 100) / 100, need, color: style.color, bg: bg.map(Math.round),
        });
        break;
      }
    }
  }
  return { checked, failures };
}
"""


def contrast(page: Page) -> list[dict[str, Any]]:
    found = page.evaluate(CONTRAST)
    assert found["checked"] > 3, "no text measured: the page did not render"
    failures: list[dict[str, Any]] = found["failures"]
    return failures


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_text_contrast_is_aa_on_every_page(
    server: str, browser: Browser, shots: Path, size: str
) -> None:
    need_build()
    ctx = context(browser, size)
    page = ctx.new_page()
    failed: dict[str, list[dict[str, Any]]] = {}
    page.goto(f"{server}/app/#/login")
    page.wait_for_selector("#login-form")
    failed["login"] = contrast(page)
    registered(ctx, server, f"Kira Kontrastova {size}", chips=1_000_000)
    page.reload()  # the page learns of the login made beside it
    page.wait_for_selector("#logout")
    for name, ready in (
        ("lobby", "[data-play='russian']"),
        ("cashier", "main form"),
        ("history", "main h2"),
        ("card", "#card-number"),
        ("fair", "#fair-page"),
    ):
        page.goto(f"{server}/app/#/{name}")
        page.wait_for_selector(ready)
        page.wait_for_load_state("networkidle")
        failed[name] = contrast(page)
    open_personal(page, server, "russian")
    failed["table-betting"] = contrast(page)
    stake(page, "ante")
    page.wait_for_selector("#actions button[data-act]")
    failed["table-deciding"] = contrast(page)
    acted(page, lambda: page.click("#actions button[data-act='fold']"))
    page.wait_for_selector("[data-box='1'] .settlement")
    failed["table-settled"] = contrast(page)
    stand(page)
    played = ctx.request.get(f"{server}/api/history").json()["rounds"][0]["round_id"]
    page.goto(f"{server}/app/#/history/{played}")
    page.wait_for_selector("#fair")
    failed["recall"] = contrast(page)
    page.goto(f"{server}/app/#/fair/{played}")
    page.wait_for_selector("#fair-deal-check")
    failed["fair-check"] = contrast(page)
    open_personal(page, server, "baccarat")
    stake(page, "banker")
    page.wait_for_selector("[data-box='1'] .settlement")
    failed["baccarat-settled"] = contrast(page)
    stand(page)
    open_personal(page, server, "roulette")
    failed["roulette"] = contrast(page)
    shot(page, shots, f"roulette-{size}")
    failed = {page_name: found for page_name, found in failed.items() if found}
    assert failed == {}, failed
    ctx.close()


def test_cards_are_named_for_screen_readers_and_a_round_plays_by_keyboard(
    server: str, browser: Browser, shots: Path
) -> None:
    page = newcomer(browser, server, "Klava Klaviaturova", "desktop", "ru-RU", chips=1_000_000)
    open_personal(page, server, "russian")

    def press(selector: str) -> None:
        """Tab to ``selector`` (the keyboard's way through the page) and press Enter."""
        for _ in range(300):
            page.keyboard.press("Tab")
            if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
                page.keyboard.press("Enter")
                return
        raise AssertionError(f"the keyboard never reaches {selector}")

    page.locator("body").focus()
    press("[data-chip='2500']")
    press("[data-spot='ante']")
    acted(page, lambda: press("[data-stake='1']"))
    page.wait_for_selector("#actions button[data-act]:not([disabled])")
    names = page.locator("[data-box='1'] .cards [data-card]").evaluate_all(
        "(cards) => cards.map((c) => [c.dataset.card, c.getAttribute('aria-label')])"
    )
    assert len(names) == 5
    ranks = {"A": "туз", "K": "король", "Q": "дама", "J": "валет", "T": "десятка"}
    suits = {"s": "пик", "h": "червей", "d": "бубен", "c": "треф"}
    for code, label in names:
        assert label.endswith(suits[code[1]]), (code, label)
        if code[0] in ranks:
            assert label.startswith(ranks[code[0]]), (code, label)
    for _ in range(12):  # decide with the keyboard until the box is settled
        if page.query_selector("[data-box='1'] .settlement"):
            break
        acts = page.locator("#actions button[data-act]:not([disabled])").evaluate_all(
            "(bs) => bs.map((b) => b.dataset.act)"
        )
        act = next(a for a in ("play", "take_ante", "stand", "fold", *acts) if a in acts)
        acted(page, lambda: press(f"#actions button[data-act='{act}']:not([disabled])"))  # noqa: B023
    expect(page.locator("[data-box='1'] .settlement")).to_be_visible()
    shot(page, shots, "keyboard-settled")
    page.context.close()


def test_sound_is_off_by_default_remembered_and_made_in_code(server: str, browser: Browser) -> None:
    need_build()
    ctx = context(browser, "phone")
    page = ctx.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{server}/app/#/lobby")
    toggle = page.locator("#sound")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('sound')") == "on"
    page.reload()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    page.locator("#sound").click()
    page.reload()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    assert all(url.startswith(server) for url in fetched), "something came from elsewhere"
    assert not [u for u in fetched if u.rsplit(".", 1)[-1] in ("mp3", "wav", "ogg", "m4a")]
    ctx.close()
