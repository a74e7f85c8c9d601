import { describe, expect, it } from "vitest";
import { type Key, translate } from "./i18n";
import { rtpOf } from "./rtp";
import { payTables, rulesInWords } from "./rules";

const en = (key: Key, params?: Record<string, string | number>) => translate("en", key, params);
const ru = (key: Key, params?: Record<string, string | number>) => translate("ru", key, params);
const baccarat = {
  shoe: { decks: 8 },
  player_pays: "1",
  banker_pays: "1",
  banker_commission: "1/20",
  tie_pays: "8",
  tie_returns_player_banker: true,
};

describe("the rules in words come from the profile", () => {
  it("baccarat: the commission as a percentage, the tie's pay, both languages", () => {
    const words = rulesInWords("baccarat", baccarat, en).join(" ");
    expect(words).toContain("BANKER 1 to 1 less a 5 % commission, TIE 8 to 1");
    expect(rulesInWords("baccarat", baccarat, ru).join(" ")).toContain("минус комиссия 5 %");
  });
  it("stud: the pay table by hand names, lowest pay first, and no settings leak", () => {
    const stud = {
      bet_antes: 2,
      dealer: { qualifies_with: 1, no_game: "ante_to_all" },
      ante_on_win: "returned",
      tie: "push",
      pay_table: { "1": 1, "2": 1, "10": 100, "9": 50 },
      improve: [
        { after: "start", exchange_counts: [1, 2, 3, 4, 5], exchange_prices: { "1": "1" }, sixth: "1" },
      ],
      buy_game: { when: "after_show", price: "1" },
      insurance: { min_hand: 4 },
    };
    const words = rulesInWords("stud", stud, en);
    expect(words).toContain("The dealer has a game with Ace-king or better.");
    expect(words).toContain("Before deciding you may exchange 1 to 5 cards once, for 1 ANTE.");
    for (const line of [...words, ...rulesInWords("stud", stud, ru)])
      expect(line).not.toMatch(/[{}§]|RULES|undefined|NaN/);
    const [title, rows] = payTables("stud", stud, en)[0] ?? ["", []];
    expect(title).toBe("BET");
    expect(rows.map((r) => r[0])).toEqual(["Ace-king", "Pair", "Straight flush", "Royal flush"]);
  });
  it("hold'em bonus hands are named as a player reads them", () => {
    const side = {
      line: "bonus",
      pays: {},
      hands: [
        { box: ["AKs"], dealer: [], pays: 25 },
        { box: ["AA"], dealer: ["AA"], pays: 1000 },
      ],
    };
    const [, rows] = payTables("holdem_bonus", { side_bets: [side] }, en)[0] ?? ["", []];
    expect(rows).toEqual([
      ["A-K suited", "25 : 1"],
      ["A-A + dealer: A-A", "1000 : 1"],
    ]);
  });
});

describe("the RTP panel", () => {
  it("shows the math lab's house edge per wager, as percentages of the language", () => {
    const rows = rtpOf("baccarat", "ru");
    expect(rows.map((r) => [r.name, r.edge])).toEqual([
      ["БАНКИР", "1,06\u00a0%"],
      ["ИГРОК", "1,24\u00a0%"],
      ["НИЧЬЯ", "14,36\u00a0%"],
    ]);
    expect(rtpOf("roulette", "en")[0]?.rtp).toBe("97.30\u00a0%");
    expect(rtpOf("no-such-profile", "en")).toEqual([]);
  });
  it("has every profile's figures, the Hold'em ones included (the math lab's exact values)", () => {
    const lines = (profile: string) => rtpOf(profile, "en").map((r) => r.line);
    expect(lines("texas-holdem")).toEqual(expect.arrayContaining(["best_play", "bonus"]));
    expect(lines("texas-holdem-aa-bonus")).toEqual(expect.arrayContaining(["best_play", "bonus"]));
    expect(lines("texas-holdem-bonus")).toEqual(expect.arrayContaining(["best_play", "bonus"]));
    // docs/games: 2.3116 % optimal call/fold; Hold'em Bonus's optimal strategy 2.0369 %
    expect(rtpOf("texas-holdem", "en").find((r) => r.line === "best_play")?.edge).toBe("2.31\u00a0%");
    expect(rtpOf("texas-holdem-bonus", "ru").find((r) => r.line === "best_play")?.edge).toBe("2,04\u00a0%");
    const profiles = [
      "baccarat",
      "blackjack",
      "five-card-exchange",
      "five-card-sixth",
      "roulette",
      "russian",
      "russian-online",
      "six-card",
      "six-card-all-in-one",
      "six-card-shambala",
      "texas-holdem",
      "texas-holdem-aa-bonus",
      "texas-holdem-bonus",
      "three-card",
      "three-card-pair-plus-40-30-6-3-1",
      "three-card-standard",
    ];
    for (const p of profiles) expect(rtpOf(p, "en").length, p).toBeGreaterThan(0);
  });
  it("has the stud lab's best play/fold per hand and up card, Hold'em's calling every hand, blackjack's 10^9 rounds", () => {
    const edge = (profile: string, line: string) => rtpOf(profile, "en").find((r) => r.line === line)?.edge;
    // docs/math: the best play/fold per (hand, up card), never improving
    expect(edge("russian", "best_play_never_improving")).toBe("20.95\u00a0%");
    // docs/math/five-card-exchange.md: the optimum with the one-card exchange, 1.0311 %
    expect(edge("five-card-exchange", "best_play")).toBe("1.03\u00a0%");
    // five-card-sixth.md: buying the 6th card perfectly, the player has the edge (1.7637 %)
    expect(edge("five-card-sixth", "best_play")).toBe("-1.76\u00a0%");
    // six-card.md: the 6th card and the exchange after it played perfectly, 3.4193 %
    expect(edge("six-card", "best_play")).toBe("3.42\u00a0%");
    // six-card-shambala.md: the 6th card and two-for-one after it played perfectly, 5.0979 %
    expect(edge("six-card-shambala", "best_play")).toBe("5.10\u00a0%");
    expect(edge("six-card-all-in-one", "best_play_never_improving")).toBe("12.93\u00a0%");
    expect(
      rtpOf("five-card-sixth", "ru").find((r) => r.line === "best_play_never_improving")?.name,
    ).toContain("без обменов");
    expect(edge("texas-holdem", "call_every_hand")).toBe("8.05\u00a0%"); // docs/games: 8.0536 %
    expect(edge("blackjack", "basic_strategy")).toBe("0.23\u00a0%"); // 0.2281 % +- 0.0091 %
  });
});
