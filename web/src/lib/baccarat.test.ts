import { describe, expect, it } from "vitest";
import { type ShoeRound, beadPlate, bigRoad, dealSteps, points } from "./baccarat";

function round(number: number, result: ShoeRound["result"]): ShoeRound {
  return {
    number,
    result,
    player_points: 0,
    banker_points: 0,
    player_pair: false,
    banker_pair: false,
    natural: false,
  };
}

describe("the baccarat deal, step by step", () => {
  it("counts points with tens dropped", () => {
    expect(points(["7h", "8d"])).toBe(5);
    expect(points(["Kh", "Ad", "Tc"])).toBe(1);
  });
  it("deals PLAYER, BANKER, PLAYER, BANKER and names a natural", () => {
    const steps = dealSteps(["9h", "Kd"], ["2c", "3s"]);
    expect(steps.map((s) => (s.kind === "card" ? `${s.side}:${s.card}` : s.key))).toEqual([
      "player:9h",
      "banker:2c",
      "player:Kd",
      "banker:3s",
      "bac_natural",
    ]);
  });
  it("shows the rule before each third card: PLAYER draws on 0-5, BANKER by PLAYER's third card", () => {
    const steps = dealSteps(["2h", "3d", "4c"], ["5s", "Kd", "7h"]);
    expect(steps.map((s) => (s.kind === "card" ? s.card : `${s.key}${JSON.stringify(s.params)}`))).toEqual([
      "2h",
      "5s",
      "3d",
      "Kd",
      'bac_player_draws{"n":5}',
      "4c",
      'bac_banker_draws_player{"n":5,"card":"4♣"}',
      "7h",
    ]);
  });
  it("says when a hand stands", () => {
    const steps = dealSteps(["6h", "Td"], ["7s", "Kd"]);
    expect(steps.filter((s) => s.kind === "rule").map((s) => s.kind === "rule" && s.key)).toEqual([
      "bac_player_stands",
      "bac_banker_stands",
    ]);
  });
});

describe("the shoe's scoreboards", () => {
  it("the bead plate fills six rows down, then the next column", () => {
    const plate = beadPlate(Array.from({ length: 8 }, (_, i) => round(i + 1, "banker")));
    expect(plate.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 0],
      [1, 1],
    ]);
  });
  it("the big road: a column per run, a tie marked on the last win", () => {
    const road = bigRoad(
      ["banker", "banker", "tie", "player", "banker"].map((r, i) => round(i + 1, r as ShoeRound["result"])),
    );
    expect(road.map((c) => [c.col, c.row, c.result, c.ties])).toEqual([
      [0, 0, "banker", 0],
      [0, 1, "banker", 1],
      [1, 0, "player", 0],
      [2, 0, "banker", 0],
    ]);
  });
  it("a run longer than six turns along the bottom (the dragon tail)", () => {
    const road = bigRoad(Array.from({ length: 8 }, (_, i) => round(i + 1, "player")));
    expect(road.slice(5).map((c) => [c.col, c.row])).toEqual([
      [0, 5],
      [1, 5],
      [2, 5],
    ]);
    const next = bigRoad([
      ...Array.from({ length: 8 }, (_, i) => round(i + 1, "player")),
      round(9, "banker"),
    ]);
    expect(next[8]).toMatchObject({ col: 1, row: 0, result: "banker" });
  });
  it("ties before any win are marked on the first win", () => {
    const road = bigRoad([round(1, "tie"), round(2, "tie"), round(3, "banker")]);
    expect(road).toEqual([{ col: 0, row: 0, result: "banker", ties: 2, round: 3 }]);
  });
});
