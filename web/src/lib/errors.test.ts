import { describe, expect, it } from "vitest";
import { refusalKey, refusalText } from "./errors";

describe("refusals are worded by code, with their figures", () => {
  it("a stake below the minimum names both amounts as currency", () => {
    const refusal = {
      code: "stake_below_minimum",
      kind: "refused",
      params: { amount: 50, min: 100, max: 1000 },
    };
    expect(refusalText(refusal, "en")).toBe(
      "The stake RUB\u00a00.50 is below the table minimum RUB\u00a01.00.",
    );
    expect(refusalText(refusal, "ru")).toBe("Ставка 0,50\u00a0₽ ниже минимума стола 1,00\u00a0₽.");
  });
  it("the deposit limit names the period in words and the money left", () => {
    const refusal = {
      code: "deposit_limit",
      params: { period: "24-hour", limit: 500000, used: 400000, left: 100000 },
    };
    expect(refusalText(refusal, "ru")).toBe(
      "Это превысит ваш лимит пополнения 5\u00a0000,00\u00a0₽ (24 часа): уже внесено 4\u00a0000,00\u00a0₽, можно ещё не больше 1\u00a0000,00\u00a0₽.",
    );
  });
  it("dates read as the language writes them", () => {
    expect(refusalText({ code: "self_excluded", params: { until: "2027-06-01" } }, "ru")).toContain(
      "до 01.06.2027",
    );
    expect(refusalText({ code: "self_excluded", params: { until: "2027-06-01" } }, "en")).toContain(
      "until 2027-06-01",
    );
  });
  it("an unknown code falls back to its broad class, then to general words", () => {
    expect(refusalKey({ code: "something_new", kind: "insufficient_funds" })).toBe("err_insufficient_funds");
    expect(refusalKey({ code: "something_new" })).toBe("err_generic");
  });
  it("a code whose figures did not come never shows a placeholder", () => {
    expect(refusalText({ code: "stake_below_minimum", kind: "refused" }, "en")).toBe(
      "The casino refused that.",
    );
  });
  it("the English message is never shown", () => {
    const message = "buying chips for 1600000 refused: card 7994000000000000 ...";
    expect(refusalText({ code: "refused", kind: "refused", message }, "en")).not.toContain("7994");
  });
});
