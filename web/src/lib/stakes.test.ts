import { describe, expect, it } from "vitest";
import { type StakeSpec, feeOf, priced, stakeBody, stakeCost } from "./stakes";

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
