import { describe, expect, it } from "vitest";
import { type ColourView, buyProblem, colourChange } from "./colour";
import { refusalKey, refusalText } from "./errors";

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
  it("each refusal gets its own words and figures, never the general ones", () => {
    const ru = (code: string, params = {}) => refusalText({ code, kind: "refused", params }, "ru");
    expect(ru("colour_chip_value", { min: 2500, max: 500000 })).toBe(
      "Цена цветной фишки — от 25,00\u00a0₽ до 5\u00a0000,00\u00a0₽ (лимиты стола).",
    );
    expect(ru("colour_chips_short", { needed: 3, value: 2500, have: 1 })).toContain(
      "нужно 3 цветных фишек по 25,00\u00a0₽, у вас 1",
    );
    expect(ru("colour_revalued", { value: 2500 })).toContain("25,00\u00a0₽");
    expect(refusalKey({ code: "colour_none", kind: "not_found" })).toBe("err_colour_none");
  });
});
