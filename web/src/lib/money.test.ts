import { describe, expect, it } from "vitest";
import { chipLabel, formatMoney, parseAmount } from "./money";

describe("money is formatted as currency for the language, never as kopecks", () => {
  it("Russian: spaces between thousands, a comma, the rouble sign after", () => {
    expect(formatMoney(123450, "ru")).toBe("1\u00a0234,50\u00a0₽");
    expect(formatMoney(100, "ru")).toBe("1,00\u00a0₽");
    expect(formatMoney(123456789, "ru")).toBe("1\u00a0234\u00a0567,89\u00a0₽");
  });
  it("English: the currency code before, commas between thousands, a point", () => {
    expect(formatMoney(123450, "en")).toBe("RUB\u00a01,234.50");
    expect(formatMoney(5, "en")).toBe("RUB\u00a00.05");
  });
  it("a loss carries a minus sign; nothing known is a dash", () => {
    expect(formatMoney(-2500, "ru")).toBe("−25,00\u00a0₽");
    expect(formatMoney(null, "en")).toBe("—");
  });
  it("typed amounts are roubles with up to two decimals, either separator", () => {
    expect(parseAmount("1000")).toBe(100000);
    expect(parseAmount("250,5")).toBe(25050);
    expect(parseAmount("1 234.50")).toBe(123450);
    expect(parseAmount("0")).toBeNull();
    expect(parseAmount("12.345")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
  });
  it("chip faces are whole roubles", () => {
    expect(chipLabel(2500)).toBe("25");
    expect(chipLabel(100000)).toBe("1K");
  });
});
