import { describe, expect, it } from "vitest";
import { session } from "./session.svelte";

const limits = (until: string | null) => ({
  deposit_limits: [],
  excluded_until: until,
  reality_check_minutes: null,
});

describe("a self-exclusion closes the tables' stakes until its day has passed", () => {
  it("a refusal for self-exclusion sets it, with its end date", () => {
    session.noteLimits(limits(null));
    expect(session.excluded).toBe(false);
    session.failWith({ code: "self_excluded", params: { until: "2999-06-01" } });
    expect(session.excludedUntil).toBe("2999-06-01");
    expect(session.excluded).toBe(true);
  });
  it("the server's limits set it and clear it; a past end date excludes nothing", () => {
    session.noteLimits(limits("2999-06-01T10:00:00Z"));
    expect(session.excludedUntil).toBe("2999-06-01");
    expect(session.excluded).toBe(true);
    session.noteLimits(limits("2000-01-01T10:00:00Z"));
    expect(session.excluded).toBe(false);
    session.noteLimits(limits(null));
    expect(session.excludedUntil).toBeNull();
  });
  it("another refusal leaves it as it was", () => {
    session.noteLimits(limits(null));
    session.failWith({ code: "stake_below_minimum", params: { min: 100 } });
    expect(session.excluded).toBe(false);
  });
});
