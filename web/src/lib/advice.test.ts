import { describe, expect, it } from "vitest";
import { type Advised, chosenValue, evText, noteText, optionLabel, review, roundCost } from "./advice";

function opt(action: string, ev: number | null, cards: string[] = []): Advised {
  return { action, cards, ev, exact: true, half_width: 0, note: "" };
}

// As the advisor answered for Jc 8d Qd Jd 4h against a 5d (best first).
const ADVISED = [
  opt("play", 0.822),
  opt("exchange", 0.532, ["8d", "Qd", "4h"]),
  opt("buy_sixth", 0.261),
  opt("fold", -1),
  opt("play, insure max", 0.7),
  opt("play, insure min", 0.8),
];

describe("the hint words every option", () => {
  it("names an exchange by the cards given away, with their suits", () => {
    expect(optionLabel(opt("exchange", 0, ["8d", "Qd", "4h"]), "en")).toBe("Exchange 8♦ Q♦ 4♥");
    expect(optionLabel(opt("exchange", 0, ["Td"]), "ru")).toBe("Обменять 10♦");
  });
  it("names every advisor action in both languages, none raw", () => {
    const actions = [
      "play",
      "fold",
      "buy_sixth",
      "buy_game",
      "take_half",
      "take_ante",
      "play, insure max",
      "play, insure min",
      "discard",
    ];
    for (const lang of ["en", "ru"] as const)
      for (const a of actions) {
        const label = optionLabel(opt(a, 0, ["Ah"]), lang);
        expect(label).not.toContain("_");
        expect(label).not.toContain(a);
      }
    expect(optionLabel(opt("buy_sixth", 0), "en")).toBe("Buy a 6th card");
    expect(optionLabel(opt("take_half", 0), "ru")).toBe("Взять половину");
  });
  it("writes the value per ANTE signed, with the language's decimal mark", () => {
    expect(evText(0.8223, "en")).toBe("+0.82 ANTE");
    expect(evText(-1.0549, "ru")).toBe("\u22121,05 АНТЕ");
    expect(evText(0.001, "en")).toBe("0.00 ANTE");
    expect(evText(null, "en")).toBe("—");
  });
  it("words the advisor's notes, and drops one it does not know", () => {
    expect(noteText("buy a game now, then play", "en")).toBe("Buy a game now, then play.");
    expect(noteText("something new", "ru")).toBe("");
  });
});

describe("the review prices each decision against the best option advised then", () => {
  it("an exchange is matched by the cards given, in any order", () => {
    expect(chosenValue(ADVISED, { act: "exchange", cards: ["4h", "8d", "Qd"] })).toBe(0.532);
    expect(chosenValue(ADVISED, { act: "exchange", cards: ["4h"] })).toBeNull();
  });
  it("keeping the hand is worth the best final decision", () => {
    expect(chosenValue(ADVISED, { act: "stand", cards: [] })).toBe(0.822);
  });
  it("insurance is valued between insuring the least and the most by its amount", () => {
    const range: [number, number] = [1000, 3000];
    expect(chosenValue(ADVISED, { act: "insure", cards: [], amount: 1000, range })).toBeCloseTo(0.8);
    expect(chosenValue(ADVISED, { act: "insure", cards: [], amount: 3000, range })).toBeCloseTo(0.7);
    expect(chosenValue(ADVISED, { act: "insure", cards: [], amount: 2000, range })).toBeCloseTo(0.75);
  });
  it("the cost is the best less the chosen, and the round's sum is in money at the ANTE", () => {
    const bad = review(ADVISED, { act: "buy_sixth", cards: [] });
    const good = review(ADVISED, { act: "play", cards: [] });
    if (!bad || !good) throw new Error("both decisions are priced");
    expect(bad.best.action).toBe("play");
    expect(bad.cost).toBeCloseTo(0.561);
    expect(good.cost).toBe(0);
    const total = roundCost([bad, good], 10_000);
    expect(total.antes).toBeCloseTo(0.561);
    expect(total.money).toBe(5610); // 0.561 ANTE of 100.00
    expect(review(ADVISED, { act: "surrender", cards: [] })).toBeNull();
  });
});
