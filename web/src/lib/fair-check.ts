// A finished round checked in the browser: the revealed seed against the commitment, then the
// cards (or the pocket) the round showed against what the seed deals, in the game's dealing order.
// Nothing here takes the server's word: the seed is hashed and the deck derived by ./fair.ts.
import { type FairSeed, cardText, commitmentOf, shoeCards, shuffle, spin } from "./fair";

export interface RecallStep {
  kind: string;
  payload: Record<string, unknown> | null;
  view: Record<string, unknown> | null;
}

export interface Recalled {
  round_id: string;
  game: string;
  profile: string;
  commitment: string;
  server_seed: string | null;
  client_seed: string;
  nonce: number;
  shoe_offset?: number;
  steps: RecallStep[];
}

/** What the page needs of the profile's published rules: the shoe's size, the dealing order. */
export interface DealRules {
  decks: number; // 0: a fresh 52-card deck each round
  largerAnteFirst: boolean;
}

export type DealCheck =
  | { kind: "cards"; ok: boolean; checked: number; from: number; to: number; size: number }
  | { kind: "pocket"; ok: boolean; pocket: number; shown: number | null }
  | { kind: "none"; deck: string[] };

export interface Verdict {
  commitmentOk: boolean;
  dealt: DealCheck | null; // null: the commitment failed, nothing more is worth checking
}

type View = Record<string, unknown>;
const views = (recall: Recalled): View[] => recall.steps.flatMap((s) => (s.view ? [s.view] : []));
const cardsOf = (x: unknown): string[] => {
  const cards = (x as { cards?: unknown } | null)?.cards;
  return Array.isArray(cards) ? cards.filter((c): c is string => typeof c === "string") : [];
};

/** Baccarat: PLAYER, BANKER, PLAYER, BANKER from the shoe, then the third cards as drawn. */
function baccaratOrder(view: View): string[] {
  const player = cardsOf(view.player);
  const banker = cardsOf(view.banker);
  const order = [player[0], banker[0], player[1], banker[1], player[2], banker[2]];
  return order.filter((c): c is string => c !== undefined);
}

interface StudBox {
  box: number;
  ante?: number;
  dark?: boolean;
  cards?: string[];
}

/** Stud: five cards one at a time to every box in dealing order, then the dealer: box i of n
 * holds deck[i], deck[i+n+1]...; the cards the viewer saw at the deal, and the dealer's five. */
function studChecks(recall: Recalled, rules: DealRules, deck: string[]): [number, boolean] {
  const seen = views(recall);
  const dealt = seen[0];
  if (!dealt) return [0, false];
  const boxes = [...((dealt.boxes as StudBox[] | undefined) ?? [])].sort((a, b) =>
    rules.largerAnteFirst ? (b.ante ?? 0) - (a.ante ?? 0) || a.box - b.box : a.box - b.box,
  );
  const seats = boxes.length + 1;
  const hand = (i: number) => [0, 1, 2, 3, 4].map((k) => deck[i + k * seats]);
  let checked = 0;
  let ok = true;
  boxes.forEach((box, i) => {
    if (!box.cards || box.dark) return;
    const expected = hand(i);
    ok &&= box.cards.slice(0, 5).every((c, k) => c === expected[k]);
    checked += 5;
  });
  const dealer = hand(seats - 1);
  const shown = (dealt.dealer as { shown?: string } | undefined)?.shown;
  if (shown !== undefined) {
    ok &&= dealer.includes(shown);
    checked += 1;
  }
  const revealed = seen.map((v) => cardsOf(v.dealer)).find((cards) => cards.length === 5);
  if (revealed) {
    ok &&= revealed.every((c, k) => c === dealer[k]);
    checked += 4;
  }
  return [checked, ok && checked > 0];
}

/** Check a recalled round; ``remembered`` is the commitment this browser saw before it. */
export async function checkRound(recall: Recalled, rules: DealRules): Promise<Verdict> {
  if (!recall.server_seed) return { commitmentOk: false, dealt: null };
  const commitmentOk = (await commitmentOf(recall.server_seed)) === recall.commitment;
  if (!commitmentOk) return { commitmentOk, dealt: null };
  const seed: FairSeed = {
    serverSeed: recall.server_seed,
    clientSeed: recall.client_seed,
    nonce: recall.nonce,
  };
  const last = views(recall).at(-1) ?? {};
  if (recall.game === "roulette") {
    const pocket = await spin(seed);
    const shown = typeof last.pocket === "number" ? last.pocket : null;
    return { commitmentOk, dealt: { kind: "pocket", ok: pocket === shown, pocket, shown } };
  }
  const from = recall.shoe_offset ?? 0;
  const size = 52 * Math.max(rules.decks, 1);
  const deck = (await shuffle(seed, shoeCards(Math.max(rules.decks, 1)))).map(cardText).slice(from);
  if (recall.game === "baccarat") {
    const order = baccaratOrder(last);
    const ok = order.length >= 4 && order.every((c, i) => c === deck[i]);
    return {
      commitmentOk,
      dealt: { kind: "cards", ok, checked: order.length, from, to: from + order.length, size },
    };
  }
  if (recall.game === "stud") {
    const [checked, ok] = studChecks(recall, rules, deck);
    return { commitmentOk, dealt: { kind: "cards", ok, checked, from, to: from + checked, size } };
  }
  return { commitmentOk, dealt: { kind: "none", deck: deck.slice(0, 20) } };
}

/** The rules a check needs, from the profile's published settings (GET /api/profiles/{id}). */
export function dealRules(settings: Record<string, unknown>): DealRules {
  const shoe = settings.shoe as { decks?: unknown } | undefined;
  const order = settings.order as { deal?: unknown } | undefined;
  return {
    decks: typeof shoe?.decks === "number" ? shoe.decks : 0,
    largerAnteFirst: order?.deal === "larger_ante_first",
  };
}

const REMEMBERED = "fair:";

/** The commitment this browser was shown before a round, kept until the round is checked. */
export function remember(roundId: string, commitment: string): void {
  localStorage.setItem(REMEMBERED + roundId, commitment);
}

export function remembered(roundId: string): string | null {
  return localStorage.getItem(REMEMBERED + roundId);
}
