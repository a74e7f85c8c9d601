import { describe, expect, it } from "vitest";
import { anchor, cellOf, numberAt, spotAt } from "./roulette";

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
  it("outside the grid is no spot", () => {
    expect(spotAt(13, 1)).toBeNull();
    expect(spotAt(3, 3.2)).toBeNull();
  });
  it("a chip sits at the centre of what its spot covers, and the spot under it is the same", () => {
    for (const spot of ["straight:17", "split:17-20", "split:16-17", "corner:16-17-19-20"]) {
      const at = anchor(spot);
      expect(at).not.toBeNull();
      if (at) expect(spotAt(at.x, at.y)).toBe(spot);
    }
  });
});
