import { describe, expect, it } from "vitest";
import { playerName } from "./players";

describe("other players are named by where they sit, never by the server's pseudonym", () => {
  const seats = { "1": "player-aaa", "2": "player-bbb", "4": "player-bbb" };
  it("names a seated player by the boxes, the viewer as you, one who left as another player", () => {
    expect(playerName(seats, "player-aaa", "player-bbb", "en")).toBe("Player at box 2, 4");
    expect(playerName(seats, "player-aaa", "player-bbb", "ru")).toBe("Игрок за боксом 2, 4");
    expect(playerName(seats, "player-aaa", "player-aaa", "en")).toBe("You");
    expect(playerName(seats, "player-aaa", "player-gone", "ru")).toBe("Другой игрок");
    expect(playerName(seats, null, "player-aaa", "en")).not.toContain("player-");
  });
});
