import { describe, expect, it } from "vitest";
import { handLabel, lineNote } from "./settlement";

describe("a settled line's note is worded for the player", () => {
  it("names a split hand's lines by hand, and says nothing of the only hand", () => {
    expect(lineNote("hand 2", 2, "en")).toBe("Hand 2");
    expect(lineNote("hand 2", 2, "ru")).not.toContain("hand");
    expect(lineNote("hand 1", 1, "en")).toBe("");
  });
  it("says why a stake came back, and never shows a note it does not know", () => {
    expect(lineNote("returned on a tie", 1, "ru")).not.toBe("");
    expect(lineNote("void: no three of a kind", 1, "en")).toContain("three of a kind");
    expect(lineNote("something new", 1, "en")).toBe("");
    expect(lineNote(undefined, 1, "en")).toBe("");
  });
});

describe("a settled hand is named for the player, never by the server's English", () => {
  it("names the dealer's bought hand, split hands, baccarat's hands and the wheel", () => {
    expect(handLabel("dealer after the bought game", "ru")).toBe("Дилер после покупки игры");
    expect(handLabel("hand 2", "en")).toBe("Hand 2");
    expect(handLabel("banker", "ru")).toBe("БАНКИР");
    expect(handLabel("wheel", "en")).not.toBe("wheel");
    expect(handLabel("main", "en")).toBe("");
    expect(handLabel("something new", "ru")).toBe("");
  });
});
