import { describe, expect, it } from "vitest";
import { cardName } from "./cards";

describe("cards are named for screen readers", () => {
  it("in English and Russian, every rank and suit", () => {
    expect(cardName("As", "en")).toBe("ace of spades");
    expect(cardName("As", "ru")).toBe("туз пик");
    expect(cardName("Th", "ru")).toBe("десятка червей");
    expect(cardName(null, "en")).toBe("card face down");
    for (const rank of "23456789TJQKA")
      for (const suit of "shdc")
        for (const lang of ["en", "ru"] as const)
          expect(cardName(rank + suit, lang)).not.toMatch(/[{}]|undefined/);
  });
});
