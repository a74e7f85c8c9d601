import { describe, expect, it } from "vitest";
import { type StakeSpec, costRows, feeOf, priced, stakeBody, stakeCost } from "./stakes";

// As GET /api/profiles/{id} publishes them (six-card: a dark box's BET is 2 ANTEs blind).
const SIX_CARD: StakeSpec = {
  lines: [
    { name: "ante", label: "ANTE", price: "limits", required: true, alone: false, on_dark: true },
    {
      name: "bonus",
      label: "BONUS",
      price: "fee",
      required: false,
      alone: false,
      on_dark: true,
      fee: { percent: "10", exceptions: { "150": 20 } },
    },
  ],
  step: 1,
  dark: true,
  dark_antes: "2",
  prebuy_kind: "option",
  prebuys: [
    { name: "sixth", antes: "1" },
    { name: "buy_game", antes: "3/2" },
  ],
};

describe("betting controls follow the published stake spec", () => {
  it("prices a fee line at its share of the ANTE, or its fixed exception", () => {
    const bonus = SIX_CARD.lines[1];
    expect(bonus && feeOf(bonus, 2500)).toBe(250);
    expect(bonus && feeOf(bonus, 150)).toBe(20);
    expect(priced(SIX_CARD, { ante: 2500, bonus: 500 })).toEqual({ ante: 2500, bonus: 250 });
  });
  it("costs a dark box its blind BET and each pre-buy, rounded down", () => {
    expect(stakeCost(SIX_CARD, { lines: { ante: 2500 }, dark: false, prebuy: ["sixth"] })).toBe(2500);
    expect(stakeCost(SIX_CARD, { lines: { ante: 2500 }, dark: true, prebuy: [] })).toBe(7500);
    expect(stakeCost(SIX_CARD, { lines: { ante: 2501 }, dark: true, prebuy: ["sixth", "buy_game"] })).toBe(
      2501 * 4 + 3751,
    );
  });
  it("writes the one stake form, with only offered pre-buys and only for a dark box", () => {
    expect(stakeBody(SIX_CARD, { lines: {}, dark: true, prebuy: [] })).toBeNull();
    expect(stakeBody(SIX_CARD, { lines: { ante: 100 }, dark: false, prebuy: ["sixth"] })).toEqual({
      stakes: { ante: 100 },
    });
    expect(stakeBody(SIX_CARD, { lines: { ante: 100 }, dark: true, prebuy: ["sixth", "x"] })).toEqual({
      stakes: { ante: 100 },
      dark: true,
      prebuy: ["sixth"],
    });
  });
});

// Texas Hold'em Bonus as published: a dark box stakes its FLOP bet (2 ANTEs) blind and may pre-set
// the TURN and RIVER bets; its BONUS may go on a dark box. Plain Texas Hold'em keeps BONUS off them.
const HOLDEM_BONUS: StakeSpec = {
  lines: [
    { name: "ante", label: "ANTE", price: "limits", required: true, alone: false, on_dark: true },
    { name: "bonus", label: "BONUS", price: "side", required: false, alone: false, on_dark: true },
  ],
  step: 1,
  dark: true,
  dark_antes: "2",
  prebuy_kind: "bet",
  prebuys: [
    { name: "turn", antes: "1" },
    { name: "river", antes: "1" },
  ],
};

describe("a dark box's cost is shown line by line before staking", () => {
  it("ANTE + the blind FLOP bet + the TURN pre-set = the total staked", () => {
    const choice = { lines: { ante: 2500 }, dark: true, prebuy: ["turn"] };
    const rows = costRows(HOLDEM_BONUS, choice);
    expect(rows).toEqual([
      { kind: "line", name: "ante", amount: 2500 },
      { kind: "dark_bet", name: "bet", amount: 5000, antes: "2" },
      { kind: "prebuy", name: "turn", amount: 2500, antes: "1" },
    ]);
    expect(stakeCost(HOLDEM_BONUS, choice)).toBe(10_000);
  });
  it("a stud dark box: ANTE, the blind BET and each pre-buy at its price in ANTEs", () => {
    const choice = { lines: { ante: 10_000, bonus: 1000 }, dark: true, prebuy: ["buy_game"] };
    const rows = costRows(SIX_CARD, choice);
    expect(rows.map((r) => [r.kind, r.name, r.amount])).toEqual([
      ["line", "ante", 10_000],
      ["line", "bonus", 1000],
      ["dark_bet", "option", 20_000],
      ["prebuy", "buy_game", 15_000],
    ]);
    expect(stakeCost(SIX_CARD, choice)).toBe(46_000);
  });
  it("a line kept off dark boxes is left out of the cost and the stake, and said so", () => {
    const holdem = {
      ...HOLDEM_BONUS,
      prebuys: [],
      lines: HOLDEM_BONUS.lines.map((l) => ({ ...l, on_dark: l.required })),
    };
    const choice = { lines: { ante: 2500, bonus: 500 }, dark: true, prebuy: [] };
    expect(costRows(holdem, choice)).toContainEqual({ kind: "off_dark", name: "bonus", amount: 0 });
    expect(stakeCost(holdem, choice)).toBe(7500);
    expect(stakeBody(holdem, choice)).toEqual({ stakes: { ante: 2500 }, dark: true });
    // a light box stakes it as placed
    expect(stakeCost(holdem, { ...choice, dark: false })).toBe(3000);
  });
  it("no breakdown beyond the lines for a light box", () => {
    expect(costRows(HOLDEM_BONUS, { lines: { ante: 2500 }, dark: false, prebuy: ["turn"] })).toEqual([
      { kind: "line", name: "ante", amount: 2500 },
    ]);
  });
});
