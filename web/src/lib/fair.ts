// Provably fair, checked in the browser: the server's derivation (croupier-fair-v1, docs/api.md
// "Provably fair") written again with WebCrypto, so the page never takes the server's word for
// a deck, a shoe or a roulette spin. Tested against vectors of the server's own derivation.

export const VERSION = "croupier-fair-v1";
const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
const WORD = 2 ** 32;

/** Everything a round's cards are derived from, as the round's recall reveals it. */
export interface FairSeed {
  serverSeed: string; // hex
  clientSeed: string;
  nonce: number;
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^([0-9a-f]{2})+$/i.test(hex)) throw new Error("a seed is hexadecimal");
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The commitment shown before a round: SHA-256 of the server seed's bytes, in hex. */
export async function commitmentOf(serverSeed: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", hexBytes(serverSeed)));
}

/** A card's code as text ("As" is 51, "2c" is 0). */
export function cardText(code: number): string {
  return RANKS.charAt(code >> 2) + SUITS.charAt(code & 3);
}

/** ``decks`` standard decks in code order: a shoe before its shuffle. */
export function shoeCards(decks: number): number[] {
  return Array.from({ length: 52 * decks }, (_, i) => i % 52);
}

/** Uniform integers from one labelled HMAC-SHA256 counter-mode stream. */
export class FairStream {
  private counter = 0;
  private words: number[] = [];

  private constructor(
    private readonly key: CryptoKey,
    private readonly prefix: Uint8Array<ArrayBuffer>,
  ) {}

  static async open(seed: FairSeed, label: string): Promise<FairStream> {
    const key = await crypto.subtle.importKey(
      "raw",
      hexBytes(seed.serverSeed),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const prefix = new TextEncoder().encode(`${VERSION}:${seed.clientSeed}:${seed.nonce}:${label}:`);
    return new FairStream(key, prefix);
  }

  /** The next 32-bit word: eight big-endian words per HMAC block, first to last. */
  async word(): Promise<number> {
    if (!this.words.length) {
      const counter = new TextEncoder().encode(String(this.counter++));
      const message = new Uint8Array(this.prefix.length + counter.length);
      message.set(this.prefix);
      message.set(counter, this.prefix.length);
      const block = new DataView(await crypto.subtle.sign("HMAC", this.key, message));
      this.words = Array.from({ length: 8 }, (_, i) => block.getUint32(i * 4, false));
    }
    return this.words.shift() as number;
  }

  /** A uniform integer in 0..n-1: rejection sampling, no modulo bias. */
  async below(n: number): Promise<number> {
    if (!(n > 0 && n <= WORD)) throw new Error(`below needs 0 < n <= 2**32, got ${n}`);
    const limit = WORD - (WORD % n);
    for (;;) {
      const w = await this.word();
      if (w < limit) return w % n;
    }
  }
}

/** A card's code from its text ("2c" is 0, "As" is 51). */
export function cardCode(text: string): number {
  const rank = RANKS.indexOf(text.charAt(0));
  const suit = SUITS.indexOf(text.charAt(1));
  if (text.length !== 2 || rank < 0 || suit < 0) throw new Error(`not a card: ${text}`);
  return rank * 4 + suit;
}

/** ``cards`` in the order the seed deals them: Fisher-Yates from the last position down. The
 * moves depend on the seed and the count only, so unknown cards (null) may ride along. */
export async function shuffle<T>(seed: FairSeed, cards: readonly T[], label = "deal"): Promise<T[]> {
  const stream = await FairStream.open(seed, label);
  const deck = [...cards];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = await stream.below(i + 1);
    [deck[i], deck[j]] = [deck[j] as T, deck[i] as T];
  }
  return deck;
}

/** The pocket a seed's roulette spin lands on (37 pockets: European). */
export async function spin(seed: FairSeed, pockets = 37): Promise<number> {
  return (await FairStream.open(seed, "spin")).below(pockets);
}
