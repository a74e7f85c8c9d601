import { describe, expect, it } from "vitest";
import {
  TRACK,
  WHEEL,
  anchor,
  betOutcome,
  cellOf,
  chipsIn,
  frame,
  hotCold,
  landing,
  neighboursOf,
  numberAt,
  outsideRegions,
  outsideText,
  spotAt,
  spotLabel,
  stacks,
  trackPoint,
  trackSectors,
} from "./roulette";

// The layout in cell units: x from -1 (zero) to 12, y from 0 (3, 6, ... 36) to 3 (1, 4, ... 34).
describe("the roulette betting layout's geometry", () => {
  it("numbers sit in three rows, 3 on top and 1 at the bottom of the first column", () => {
    expect(numberAt(0, 0)).toBe(3);
    expect(numberAt(0, 2)).toBe(1);
    expect(numberAt(11, 0)).toBe(36);
    for (let n = 1; n <= 36; n += 1) {
      const { column, row } = cellOf(n);
      expect(numberAt(column, row)).toBe(n);
    }
  });
  it("a tap in the middle of a number is a straight", () => {
    expect(spotAt(5.5, 1.5)).toBe("straight:17");
    expect(spotAt(-0.5, 1.5)).toBe("straight:0");
  });
  it("a tap on a line between two numbers is a split", () => {
    expect(spotAt(5.95, 1.5)).toBe("split:17-20");
    expect(spotAt(5.5, 1.95)).toBe("split:16-17");
    expect(spotAt(-0.05, 0.5)).toBe("split:0-3");
  });
  it("where four numbers meet is a corner", () => {
    expect(spotAt(5.97, 1.97)).toBe("corner:16-17-19-20");
  });
  it("the bottom edge is a street; where it meets a column line, a six line", () => {
    expect(spotAt(5.5, 2.95)).toBe("street:16-17-18");
    expect(spotAt(5.97, 2.95)).toBe("six_line:16-17-18-19-20-21");
  });
  it("zero's edge at a row line is a street with zero", () => {
    expect(spotAt(-0.05, 1.02)).toBe("street:0-2-3");
    expect(spotAt(-0.05, 2.02)).toBe("street:0-1-2");
  });
  it("off the layout is no spot", () => {
    expect(spotAt(13, 1)).toBeNull();
    expect(spotAt(-0.5, 3.5)).toBeNull(); // under zero: nothing there
    expect(spotAt(12.5, 3.5)).toBeNull(); // under the "2 to 1" column
    expect(spotAt(3, 5)).toBeNull();
    expect(spotAt(-1.2, 1)).toBeNull();
  });
  it("every outside bet has one region, drawn where a European table has it", () => {
    const regions = outsideRegions();
    expect(regions.map((r) => r.spot).sort()).toEqual(
      [
        ...["column:1", "column:2", "column:3", "dozen:1", "dozen:2", "dozen:3"],
        ...["black", "even", "high", "low", "odd", "red"],
      ].sort(),
    );
    const at = (spot: string) => regions.find((r) => r.spot === spot);
    // "2 to 1" at the end of each row: the top row (3 ... 36) is column 3
    expect(at("column:3")).toMatchObject({ x: 12, y: 0 });
    expect(at("column:1")).toMatchObject({ x: 12, y: 2 });
    // the dozens under their numbers, the even chances under the dozens, 1-18 ... 19-36
    expect(at("dozen:2")).toMatchObject({ x: 4, y: 3, w: 4 });
    const chances = regions.filter((r) => r.y === 4).sort((a, b) => a.x - b.x);
    expect(chances.map((r) => r.spot)).toEqual(["low", "even", "red", "black", "odd", "high"]);
  });
  it("every point of an outside bet's region maps to that bet, and its chip sits inside it", () => {
    for (const r of outsideRegions()) {
      for (const fx of [0.01, 0.25, 0.5, 0.75, 0.99])
        for (const fy of [0.01, 0.5, 0.99]) expect(spotAt(r.x + fx * r.w, r.y + fy * r.h)).toBe(r.spot);
      const chip = anchor(r.spot);
      expect(chip).not.toBeNull();
      if (chip) expect(spotAt(chip.x, chip.y)).toBe(r.spot);
    }
  });
  it("a dozen lies under its twelve numbers, a row ends in its column's 2 to 1, each printed by name", () => {
    for (const r of outsideRegions()) {
      const [kind, n = "0"] = r.spot.split(":");
      if (kind === "dozen") {
        const under = [r.x, r.x + r.w - 1].flatMap((c) => [0, 1, 2].map((row) => numberAt(c, row)));
        expect(Math.min(...under)).toBe(12 * (Number(n) - 1) + 1);
        expect(Math.max(...under)).toBe(12 * Number(n));
      }
      if (kind === "column") for (let c = 0; c < 12; c += 1) expect(numberAt(c, r.y) % 3).toBe(Number(n) % 3);
    }
    expect(outsideText("dozen:2", "en")).toBe("2nd 12");
    expect(outsideText("column:1", "ru")).toBe("2 к 1");
    expect(outsideText("red", "ru")).toBe("КРАСНОЕ");
  });
  it("a chip sits at the centre of what its spot covers, and the spot under it is the same", () => {
    for (const spot of ["straight:17", "split:17-20", "split:16-17", "corner:16-17-19-20"]) {
      const at = anchor(spot);
      expect(at).not.toBeNull();
      if (at) expect(spotAt(at.x, at.y)).toBe(spot);
    }
  });
});

describe("the chips on the layout", () => {
  it("a spot bet twice by one box is one stack of both; another box's bet there is its own", () => {
    const bets = [
      { box: 1, spot: "red", amount: 2500 },
      { box: 2, spot: "red", amount: 5000 },
      { box: 1, spot: "straight:17", amount: 2500 },
      { box: 1, spot: "red", amount: 2500 },
    ];
    expect(stacks(bets)).toEqual([
      { box: 1, spot: "red", amount: 5000 },
      { box: 2, spot: "red", amount: 5000 },
      { box: 1, spot: "straight:17", amount: 2500 },
    ]);
    expect(bets[0]?.amount).toBe(2500); // the table's bets are left as they are
  });
});

describe("a chip is marked won or lost once the wheel has landed", () => {
  // Voisins spread over seven positions; the settlement has one line per position, none per bet.
  const voisins = {
    "street:0-2-3": 200,
    "split:4-7": 100,
    "split:12-15": 100,
    "split:18-21": 100,
    "split:19-22": 100,
    "corner:25-26-28-29": 200,
    "split:32-35": 100,
  };
  const bets = [
    { box: 1, spot: "voisins", amount: 900, positions: voisins },
    { box: 1, spot: "straight:17", amount: 100, positions: { "straight:17": 100 } },
    { box: 2, spot: "voisins", amount: 900, positions: voisins },
  ];
  const settledOn = (won: string) => [
    {
      box: 1,
      lines: [...Object.keys(voisins), "straight:17"].map((line) => ({
        line,
        returned: line === won ? 1800 : 0,
      })),
    },
  ];
  it("a call bet won if any of its positions won", () => {
    expect(betOutcome(bets, settledOn("corner:25-26-28-29"), 1, "voisins")).toBe("won");
    expect(betOutcome(bets, settledOn("corner:25-26-28-29"), 1, "straight:17")).toBe("lost");
  });
  it("a call bet lost if none of its positions won", () => {
    expect(betOutcome(bets, settledOn("straight:17"), 1, "voisins")).toBe("lost");
    expect(betOutcome(bets, settledOn("straight:17"), 1, "straight:17")).toBe("won");
  });
  it("is unmarked where the box has no settled line for it", () => {
    expect(betOutcome(bets, settledOn("straight:17"), 2, "voisins")).toBe("");
    expect(betOutcome(bets, [], 1, "voisins")).toBe("");
  });
});

describe("the layout drawn across a desktop and down a phone", () => {
  const middle = (b: { x: number; y: number; w: number; h: number }) => ({
    x: b.x + b.w / 2,
    y: b.y + b.h / 2,
  });
  for (const vertical of [false, true]) {
    const f = frame(vertical);
    it(`${vertical ? "down" : "across"}: a tap on a bet's drawn box reads back as that bet`, () => {
      for (const r of outsideRegions()) {
        const m = middle(f.box(r.x, r.y, r.w, r.h));
        const at = f.at(m.x, m.y);
        expect(spotAt(at.x, at.y)).toBe(r.spot);
      }
      for (let n = 1; n <= 36; n += 1) {
        const { column, row } = cellOf(n);
        const m = middle(f.box(column, row, 1, 1));
        const at = f.at(m.x, m.y);
        expect(spotAt(at.x, at.y)).toBe(`straight:${n}`);
      }
      const z = middle(f.box(-1, 0, 1, 3));
      const at = f.at(z.x, z.y);
      expect(spotAt(at.x, at.y)).toBe("straight:0");
    });
    it(`${vertical ? "down" : "across"}: the drawing fills its frame, and a chip's point reads back`, () => {
      const all = f.box(-1, 0, 14, 5);
      expect(all).toEqual({ x: 0, y: 0, w: f.width, h: f.height });
      for (const spot of ["split:17-20", "corner:16-17-19-20", "dozen:3", "red", "column:2"]) {
        const a = anchor(spot);
        if (!a) throw new Error(spot);
        const p = f.point(a.x, a.y);
        const back = f.at(p.x, p.y);
        expect(back.x).toBeCloseTo(a.x);
        expect(back.y).toBeCloseTo(a.y);
      }
    });
  }
  it("down a phone: zero on top, 1 2 3 across from the left, the dozens then the even chances on the left, 2 to 1 at the bottom", () => {
    const f = frame(true);
    const at = (x: number, y: number, w = 1, h = 1) => f.box(x, y, w, h);
    expect(at(-1, 0, 1, 3).y).toBe(0);
    const [one, two, three] = [1, 2, 3].map((n) => at(cellOf(n).column, cellOf(n).row));
    expect(one?.x).toBeLessThan(two?.x ?? 0);
    expect(two?.x).toBeLessThan(three?.x ?? 0);
    const dozen = at(0, 3, 4, 1);
    const chance = at(0, 4, 2, 1);
    expect(chance.x).toBeLessThan(dozen.x);
    expect(dozen.x).toBeLessThan(one?.x ?? 0);
    expect(at(12, 0).y + at(12, 0).h).toBe(f.height);
    expect(at(0, 0).w).toBeGreaterThan(at(0, 0).h); // a number is wider than tall: a finger's width
  });
});

describe("the racetrack, the wheel and the board", () => {
  it("a neighbours bet takes the number and one to four either side", () => {
    expect(neighboursOf(0, 1)).toEqual([26, 0, 32]);
    expect(neighboursOf(17, 4)).toEqual([4, 21, 2, 25, 17, 34, 6, 27, 13]);
    expect(chipsIn("neighbours:17:4")).toBe(9);
    expect(chipsIn("neighbours:17")).toBe(5);
    expect(chipsIn("voisins")).toBe(9);
    expect(chipsIn("split:17-20")).toBe(1);
    expect(spotLabel("neighbours:17:3", "ru")).toBe("соседи 17 ±3");
  });
  it("the wheel turns at least four times the same way and stops with the number at the top", () => {
    let angle = 0;
    for (const pocket of [17, 0, 26, 17]) {
      const next = landing(angle, pocket);
      expect(next).toBeLessThanOrEqual(angle - 4 * 360);
      expect(next).toBeGreaterThan(angle - 5 * 360);
      const top = (((-next % 360) + 360) % 360) / (360 / 37);
      expect(WHEEL[Math.round(top) % 37]).toBe(pocket);
      angle = next;
    }
  });
  it("hot numbers are the most seen, cold ones the least (never seen first)", () => {
    const { hot, cold } = hotCold([7, 7, 3, 7, 3, 12]);
    expect(hot).toEqual([7, 3, 12]);
    expect(cold).toHaveLength(3);
    for (const n of cold) expect([7, 3, 12]).not.toContain(n);
    expect(hotCold([])).toEqual({ hot: [], cold: [] });
  });
  it("the racetrack goes round in the wheel's order, zero at the right end", () => {
    const points = WHEEL.map((_, i) => trackPoint(i));
    const zero = points[0];
    expect(zero?.x).toBe(Math.max(...points.map((p) => p.x)));
    for (let i = 1; i < points.length; i += 1) {
      const [a, b] = [points[i - 1], points[i]];
      const gap = Math.hypot((a?.x ?? 0) - (b?.x ?? 0), (a?.y ?? 0) - (b?.y ?? 0));
      expect(gap).toBeGreaterThan(2 * TRACK.cell); // cells never overlap
    }
    expect(trackSectors().map((s) => s.spot)).toEqual(["tiers", "orphelins", "voisins", "zero_spiel"]);
    const xs = trackSectors().map((s) => s.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs); // left to right
  });
});
