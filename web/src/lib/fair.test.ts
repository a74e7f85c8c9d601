import { describe, expect, it } from "vitest";
import { FairStream, cardText, commitmentOf, shoeCards, shuffle, spin } from "./fair";
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
