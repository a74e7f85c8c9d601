import { describe, expect, it } from "vitest";
import { boardSlots, secondCombination } from "./cards";

describe("the board shows a place for each community card", () => {
  it("shows five empty places before the flop, and fills them as the streets are dealt", () => {
    expect(boardSlots([], 5)).toEqual([null, null, null, null, null]);
    expect(boardSlots(["Ah", "Kd", "2c"], 5)).toEqual(["Ah", "Kd", "2c", null, null]);
    expect(boardSlots(["Ah", "Kd", "2c", "9s", "Tc"], 5)).toEqual(["Ah", "Kd", "2c", "9s", "Tc"]);
  });
  it("shows none where the game has no board (three-card poker)", () => {
    expect(boardSlots([], 0)).toEqual([]);
  });
});

describe("the second combination is named with the hand", () => {
  // As the server settles 3s Qs 7s 8s 7c + 9s at [001] Russian poker: a flush, and the
  // left-out seven of clubs forms a second pair of sevens.
  const hands = [
    { name: "main", cards: ["Qs", "9s", "8s", "7s", "3s"] },
    { name: "second combination", cards: ["7c", "7s", "Qs", "9s", "8s"] },
  ];
  it("names the second combination a box was paid for, in both languages", () => {
    expect(secondCombination(hands, "en")).toBe("Pair");
    expect(secondCombination(hands, "ru")).toBe("Пара");
  });
  it("is empty when the box has none", () => {
    expect(secondCombination(hands.slice(0, 1), "en")).toBe("");
    expect(secondCombination([], "ru")).toBe("");
  });
});
