import { describe, expect, it } from "vitest";
import { blackjackTotal, bust, category, handName } from "./cards";
import { doubled, rack, sum } from "./chips";

describe("the chip rack follows the table's limits", () => {
  it("a 25 ₽ table has chips to build 75 ₽ and none over the maximum", () => {
    const chips = rack(2500, 25000);
    expect(chips[0]).toBeLessThanOrEqual(500);
    expect(Math.max(...chips)).toBeLessThanOrEqual(25000);
    expect(chips.length).toBeLessThanOrEqual(6);
  });
  it("double repeats every chip unless a line would pass the maximum", () => {
    const placed = [{ line: "ante", amount: 2500 }];
    expect(sum(doubled(placed, 25000))).toBe(5000);
    expect(sum(doubled([{ line: "ante", amount: 20000 }], 25000))).toBe(20000);
  });
});

describe("hand names and totals", () => {
  it("names poker hands by category", () => {
    expect(category(["Ah", "Kd", "5s", "3c", "2d"])).toBe(1);
    expect(category(["Ah", "Ad", "5s", "5c", "2d"])).toBe(3);
    expect(category(["Ah", "2d", "3s", "4c", "5d"])).toBe(5);
    expect(category(["Th", "Jh", "Qh", "Kh", "Ah"])).toBe(10);
    expect(category(["Ah", "2h", "3h"])).toBe(9);
    expect(handName(["Kh", "Kd", "5s", "3c", "2d", "9h"], "ru")).toBe("Пара");
  });
  it("blackjack soft totals read 7/17", () => {
    expect(blackjackTotal(["Ah", "6d"])).toBe("7/17");
    expect(blackjackTotal(["Ah", "6d", "9c"])).toBe("16");
    expect(blackjackTotal(["Ah", "Kd"])).toBe("21");
  });
  it("a blackjack hand over 21 with every ace counted 1 is bust", () => {
    expect(bust(["7d", "Js", "Jd"])).toBe(true);
    expect(bust(["6h", "8c", "9h"])).toBe(true);
    expect(bust(["Ah", "Kd", "Qc"])).toBe(false); // 21: the ace counts 1
    expect(bust(["Ah", "Ad", "Kc", "9s"])).toBe(false);
  });
});
