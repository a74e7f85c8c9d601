import { describe, expect, it } from "vitest";
import { FairStream, cardCode, cardText, commitmentOf, shoeCards, shuffle, spin } from "./fair";
import { type Dealing, type Recalled, checkRound } from "./fair-check";
import vectors from "./fair-vectors.json";

// The vectors are the server's own derivation (web/scripts/fair-vectors.py); a Python test keeps
// the file current, so these checks hold the browser's verifier to the server's dealing.
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("the browser's provably-fair verifier deals exactly as the server", () => {
  for (const v of vectors.seeds) {
    const seed = { serverSeed: v.server_seed, clientSeed: v.client_seed, nonce: v.nonce };
    const name = `seed ${v.server_seed.slice(0, 8)}… client "${v.client_seed}" nonce ${v.nonce}`;
    it(`${name}: commitment`, async () => {
      expect(await commitmentOf(v.server_seed)).toBe(v.commitment);
    });
    it(`${name}: uniform integers by rejection sampling`, async () => {
      const stream = await FairStream.open(seed, "deal");
      const got = [];
      for (const n of [52, 37, 2, 3, 2 ** 32, 1000]) got.push(await stream.below(n));
      expect(got).toEqual(v.deal_below);
    });
    it(`${name}: a 52-card deck, a reshuffle, shoes of 8 and 6 decks`, async () => {
      expect((await shuffle(seed, range(52))).map(cardText)).toEqual(v.deck);
      expect((await shuffle(seed, range(20), "reshuffle-0")).map(cardText)).toEqual(v.reshuffle_0);
      expect((await shuffle(seed, shoeCards(8))).map(cardText)).toEqual(v.shoe_8);
      expect((await shuffle(seed, shoeCards(6))).slice(0, 40).map(cardText)).toEqual(v.shoe_6_head);
    });
    it(`${name}: a roulette spin`, async () => {
      expect(await spin(seed)).toBe(v.spin_37);
    });
  }
  it("a tampered seed does not match its commitment", async () => {
    const v = vectors.seeds[1] as (typeof vectors.seeds)[number];
    const tampered = `${v.server_seed.slice(0, -2)}ff`;
    expect(await commitmentOf(tampered)).not.toBe(v.commitment);
  });
  it("card codes read as the server writes them", () => {
    expect([cardText(0), cardText(51), cardText(4 * 8 + 2)]).toEqual(["2c", "As", "Th"]);
  });
});

describe("every card of a round, for every card game, is checked against the committed shuffle", () => {
  // Each round is the engines' own (web/scripts/fair-vectors.py), as a player's recall gives it:
  // every draw a game has (exchanges, 6th cards, a bought game, splits and hits, the dealer's and
  // baccarat's third cards), from a shoe already 100 cards in where the game deals from a shoe.
  type Round = Recalled & { decks: number; shoe_offset: number; dealing: Dealing };
  const rounds = vectors.rounds.map((r) => ({ ...r, round_id: r.profile })) as unknown as Round[];
  const check = (r: Round, dealing: Partial<Dealing> = {}) =>
    checkRound({ ...r, dealing: { ...r.dealing, ...dealing } }, { decks: r.decks });
  const swapped = (r: Round): Dealing["cards"] => {
    // two cards of different hands trade places in the dealing order: the page must notice
    const cards = r.dealing.cards.map((c) => ({ ...c }));
    const first = cards[0] as Dealing["cards"][number];
    const other = cards.find((c) => c.to !== first.to) as Dealing["cards"][number];
    [first.position, other.position] = [other.position, first.position];
    return cards;
  };
  for (const r of rounds) {
    it(`${r.profile}: all ${r.dealing.cards.length} cards, in the order dealt`, async () => {
      const verdict = await check(r);
      expect(verdict.commitmentOk).toBe(true);
      const dealt = verdict.dealt;
      if (dealt?.kind !== "cards") throw new Error("no cards checked");
      expect(dealt.unaccounted).toEqual([]);
      expect(dealt.ok).toBe(true);
      expect(dealt.checked).toBe(r.dealing.cards.length); // the player saw every card at the end
      expect(dealt.from).toBe(r.shoe_offset);
    });
    it(`${r.profile}: a card dealt out of its place is caught`, async () => {
      const verdict = await check(r, { cards: swapped(r) });
      expect(verdict.dealt?.kind === "cards" && verdict.dealt.ok).toBe(false);
    });
  }
  it("discards shuffled back are re-derived; unknown ones leave the rest checkable", async () => {
    const r = rounds.find((x) => x.dealing.reshuffles.length) as Round;
    const hidden = r.dealing.reshuffles.map((x) => ({ ...x, discards: x.discards.map(() => null) }));
    const unknown = await check(r, { reshuffles: hidden });
    expect(unknown.dealt?.kind === "cards" && unknown.dealt.unaccounted).toEqual([]);
    const moved = r.dealing.reshuffles.map((x) => ({ ...x, rest_from: x.rest_from + 1 }));
    const wrong = await check(r, { reshuffles: moved });
    expect(wrong.dealt?.kind === "cards" && wrong.dealt.ok).toBe(false);
  });
  it("card texts and codes are one mapping", () => {
    expect(range(52).every((c) => cardCode(cardText(c)) === c)).toBe(true);
  });
});
