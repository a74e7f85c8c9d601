import { describe, expect, it } from "vitest";
import { roundReference, settledHandName } from "./recall";

describe("a recalled round is named as a player knows it, never by the server's id", () => {
  const round = { profile: "russian", table_id: 33, number: 1, opened_at: "2026-12-01T13:40:00+00:00" };
  it("names the game, the table, the round's number and when it was opened, in both languages", () => {
    expect(roundReference("en", round, "UTC")).toBe("Russian poker, table 33, round 1 · 1 Dec 2026, 13:40");
    const ru = roundReference("ru", round, "UTC");
    expect(ru).toMatch(/^Русский покер, стол 33, раунд 1 · 1 дек\. 2026 г\., 13:40$/);
    expect(ru).not.toContain("t33-r1");
  });
});

describe("the recalled hands are named at the poker games only", () => {
  it("names a poker hand by its category", () => {
    expect(settledHandName("stud", ["Qs", "9s", "8s", "7s", "3s"], "en")).toBe("Flush");
    expect(settledHandName("three_card", ["Ah", "Ad", "7c"], "ru")).toBe("Пара");
    expect(settledHandName("holdem", ["Ah", "Kd", "Qc", "Js", "Th"], "en")).toBe("Straight");
  });
  it("names none at blackjack or baccarat", () => {
    expect(settledHandName("blackjack", ["Ah", "Ad"], "en")).toBe("");
    expect(settledHandName("baccarat", ["9h", "9d"], "en")).toBe("");
  });
});
