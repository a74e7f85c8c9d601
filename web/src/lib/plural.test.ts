import { describe, expect, it } from "vitest";
import { translate } from "./i18n";
import { plural, pluralise } from "./plural";

describe("plurals follow each language's rules", () => {
  it("English: one and other", () => {
    expect([0, 1, 2, 21].map((n) => plural("en", n, ["card", "cards"]))).toEqual([
      "cards",
      "card",
      "cards",
      "cards",
    ]);
  });
  it("Russian: one (1, 21, 101), few (2-4, 22-24), many (0, 5-20, 11-14, 25)", () => {
    const forms = ["карта", "карты", "карт"];
    const said = (n: number) => plural("ru", n, forms);
    expect([1, 21, 101].map(said)).toEqual(["карта", "карта", "карта"]);
    expect([2, 3, 4, 22, 24].map(said)).toEqual(["карты", "карты", "карты", "карты", "карты"]);
    expect([0, 5, 11, 12, 14, 20, 25, 111].map(said)).toEqual(Array(8).fill("карт"));
    expect(said(1.5)).toBe("карты");
  });
  it("a list counts by its last number, as it is read", () => {
    expect(pluralise("ru", "{n} {n|карту|карты|карт}", { n: "1, 2" })).toBe("{n} карты");
  });
});

describe("the strings that said card(s) and decision(s) now say it properly", () => {
  it("cards and decisions in English", () => {
    expect(translate("en", "fair_unknown_note", { n: 1 })).toMatch(/^1 card came from/);
    expect(translate("en", "fair_unknown_note", { n: 3 })).toMatch(/^3 cards came from/);
    expect(translate("en", "review_unpriced", { n: 1 })).toBe(
      "Not counted: 1 decision made before the hint arrived.",
    );
    expect(translate("en", "review_unpriced", { n: 2 })).toBe(
      "Not counted: 2 decisions made before the hint arrived.",
    );
    expect(translate("en", "fair_cards_ok", { n: 1, total: 1 })).toMatch(
      /^The card you saw was dealt .* \(1 card dealt/,
    );
    expect(translate("en", "fair_cards_ok", { n: 5, total: 9 })).toMatch(
      /^All 5 cards you saw were dealt .* \(9 cards dealt/,
    );
  });
  it("Russian in its three forms", () => {
    expect(translate("ru", "review_unpriced", { n: 1 })).toBe("Не учтено 1 решение, принятое до подсказки.");
    expect(translate("ru", "review_unpriced", { n: 3 })).toBe("Не учтены 3 решения, принятые до подсказки.");
    expect(translate("ru", "review_unpriced", { n: 5 })).toBe("Не учтено 5 решений, принятых до подсказки.");
    expect(translate("ru", "err_exchange_count", { count: 2, allowed: "1" })).toBe(
      "Здесь нельзя обменять 2 карты (можно: 1).",
    );
    expect(translate("ru", "fair_cards_ok", { n: 5, total: 21 })).toMatch(
      /^Все 5 карт, .*сдана 21 карта\)\.$/,
    );
    expect(translate("ru", "fair_unknown_note", { n: 2 })).toMatch(
      /^2 карты из сброса другого игрока вернулись/,
    );
  });
});
