import { describe, expect, it } from "vitest";
import { type ColourView, buyProblem, colourChange } from "./colour";
import { refusalKey } from "./errors";

const limits = { min: 2500, max: 500000, max_payout: 0 };
function stack(count: number, value: number): ColourView {
  return {
    table_id: 1,
    colour: 1,
    count,
    value,
    worth: count * value,
    worth_if_back_now: count * value,
    away: false,
    last_seen_at: "2026-11-30T23:00:00Z",
  };
}

describe("colour chips are bought within the table's limits", () => {
  it("a value from the minimum to the maximum and 1 chip or more", () => {
    expect(buyProblem(2500, 10, limits)).toBeNull();
    expect(buyProblem(500000, 1, limits)).toBeNull();
  });
  it("a value outside the limits or not typed is refused before it is sent", () => {
    expect(buyProblem(2400, 10, limits)).toBe("colour_value_bad");
    expect(buyProblem(500100, 10, limits)).toBe("colour_value_bad");
    expect(buyProblem(null, 10, limits)).toBe("colour_value_bad");
  });
  it("no chips, part of a chip or too many is refused", () => {
    expect(buyProblem(2500, 0, limits)).toBe("colour_count_bad");
    expect(buyProblem(2500, 1.5, limits)).toBe("colour_count_bad");
    expect(buyProblem(2500, 1001, limits)).toBe("colour_count_bad");
  });
});

describe("what the player is told about their colour chips", () => {
  it("back after a long absence: each chip counts at the table minimum, the difference is named", () => {
    expect(colourChange(stack(10, 10000), stack(10, 2500), false)).toEqual({
      kind: "revalued",
      taken: 75000,
      value: 2500,
    });
  });
  it("winnings paid in colour chips on a settlement", () => {
    expect(colourChange(stack(8, 2500), stack(12, 2500), true)).toEqual({
      kind: "paid",
      chips: 4,
      worth: 10000,
    });
  });
  it("a bet taking chips is no news; neither is the same reading", () => {
    expect(colourChange(stack(10, 2500), stack(8, 2500), false)).toBeNull();
    expect(colourChange(stack(8, 2500), stack(8, 2500), true)).toBeNull();
  });
  it("chips gone without the player changing them back: changed back on standing up", () => {
    expect(colourChange(stack(8, 2500), null, false)).toEqual({ kind: "changed_back", worth: 20000 });
  });
});

describe("the server's colour-chip refusals are worded for the player", () => {
  it("each refusal gets its own words, never the general ones", () => {
    const cases: [string, string, string][] = [
      [
        "bad_input",
        "table 3: a colour chip must be worth 2500 to 500000 (the table's limits), not 100",
        "err_colour_limits",
      ],
      [
        "refused",
        "table 3: card 1234 does not sit here; sit at a box first (its colour is yours)",
        "err_colour_sit",
      ],
      [
        "refused",
        "table 3: you hold colour 1 chips worth 5000; buy more at 5000 or change them back first",
        "err_colour_value",
      ],
      ["not_found", "table 3: card 1234 holds no colour chips here", "err_colour_none"],
      [
        "refused",
        "table 3 box 1: your colour chips are worth 2500 each (revalued at the table minimum after more than 30 minutes away); stake the box with chip 2500, not 5000",
        "err_colour_revalued",
      ],
      [
        "refused",
        "table 3 box 1: your colour chips are worth 5000 each; stake the box with chip 5000, not 2500",
        "err_colour_stake",
      ],
    ];
    for (const [code, message, key] of cases) expect(refusalKey({ code, message }), message).toBe(key);
  });
});
