import { describe, expect, it } from "vitest";
import { type Store, type TableMoment, cueFor, setSound, soundOn } from "./sound";

function memory(): Store {
  const kept = new Map<string, string>();
  return { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => void kept.set(k, v) };
}

const at = (moment: Partial<TableMoment>): TableMoment => ({
  round: "t1-r1",
  phase: "betting",
  cards: 0,
  staked: 0,
  net: null,
  ...moment,
});

describe("sound", () => {
  it("is off by default and the choice is remembered", () => {
    const store = memory();
    expect(soundOn(store)).toBe(false);
    expect(soundOn(null)).toBe(false);
    setSound(store, true);
    expect(soundOn(store)).toBe(true);
    setSound(store, false);
    expect(soundOn(store)).toBe(false);
  });
  it("sounds the news of a table, never its first picture", () => {
    expect(cueFor(null, at({ cards: 5 }))).toBeNull();
    expect(cueFor(at({}), at({ staked: 1 }))).toBe("chip");
    expect(cueFor(at({ staked: 1 }), at({ staked: 1, phase: "playing", cards: 10 }))).toBe("deal");
    expect(cueFor(at({ phase: "playing", cards: 10 }), at({ phase: "settled", cards: 10, net: 250 }))).toBe(
      "win",
    );
    expect(cueFor(at({ phase: "playing" }), at({ phase: "settled", net: -100 }))).toBe("lose");
    expect(cueFor(at({ phase: "playing" }), at({ phase: "settled", net: 0 }))).toBeNull(); // a push
    expect(cueFor(at({ phase: "settled", net: 5 }), at({ phase: "settled", net: 5 }))).toBeNull();
    expect(cueFor(at({ phase: "playing", cards: 10 }), at({ phase: "playing", cards: 10 }))).toBeNull();
  });
});
