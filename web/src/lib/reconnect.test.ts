import { describe, expect, it } from "vitest";
import { LONGEST_PAUSE_MS, reconnectPause } from "./reconnect";

describe("reconnectPause", () => {
  it("starts at one second and doubles, without jitter at the middle", () => {
    expect([0, 1, 2, 3].map((n) => reconnectPause(n, 0.5))).toEqual([1000, 2000, 4000, 8000]);
  });

  it("never waits longer than 15 s, however many attempts failed", () => {
    expect(reconnectPause(4, 0.5)).toBe(LONGEST_PAUSE_MS);
    expect(reconnectPause(1000, 0.5)).toBe(LONGEST_PAUSE_MS);
  });

  it("jitters each pause by a quarter either way", () => {
    expect(reconnectPause(0, 0)).toBe(750);
    expect(reconnectPause(0, 0.999999)).toBe(1250);
    expect(reconnectPause(10, 0)).toBe(11250);
  });
});
