// A finished round checked in the browser: the revealed seed against the commitment, then every
// card the round dealt against the committed shuffle (or the pocket against the spin). The round's
// recall lists its cards in the order dealt, each with the hand it went to and its place in the
// shuffle (docs/api.md "Provably fair"); this page re-derives the shuffle itself (./fair.ts) and
// holds every card the table showed in a hand to a card the shuffle dealt to that hand.
import { type FairSeed, cardCode, cardText, commitmentOf, shoeCards, shuffle, spin } from "./fair";

export interface RecallStep {
  kind: string;
  payload: Record<string, unknown> | null;
  view: Record<string, unknown> | null;
}

/** The round's dealing order as its recall gives it once the seed is revealed. */
export interface Dealing {
  cards: { to: string; shuffle: string; position: number }[];
  reshuffles: { label: string; of: string; rest_from: number; hand: string; discards: (string | null)[] }[];
}

export interface Recalled {
  round_id: string;
  game: string;
  profile: string;
  table_id: number;
  number: number;
  opened_at: string;
  commitment: string;
  server_seed: string | null;
  client_seed: string;
  nonce: number;
  shoe_offset?: number;
  steps: RecallStep[];
  dealing?: Dealing | null;
}

/** What the page needs of the profile's published rules: the shoe's size. */
export interface DealRules {
  decks: number; // 0: a fresh 52-card deck each round
}

/** One card of the round: where it went, where it came from, what the seed says it is. */
export interface DealtCard {
  to: string; // "box:1", "box:1/2" (a split hand), "dealer", "board", "player", "banker"
  shuffle: string; // "deal", or "reshuffle-0"... after discards went back
  position: number; // from 0, the top of that shuffle
  card: string | null; // re-derived; null: it came from a discard that is not yours to know
  shown: boolean; // the table showed you this card in this hand
}

export interface Unaccounted {
  to: string;
  card: string;
}

export type DealCheck =
  | {
      kind: "cards";
      ok: boolean;
      cards: DealtCard[];
      unaccounted: Unaccounted[]; // cards shown in a hand the seed did not deal to it
      unknown: number; // cards shown that came from discards not yours to know
      checked: number; // cards shown and found where the round says
      from: number;
      to: number;
      size: number;
    }
  | { kind: "pocket"; ok: boolean; pocket: number; shown: number | null }
  | { kind: "none" };

export interface Verdict {
  commitmentOk: boolean;
  dealt: DealCheck | null; // null: the commitment failed, nothing more is worth checking
}

type View = Record<string, unknown>;
const views = (recall: Recalled): View[] => recall.steps.flatMap((s) => (s.view ? [s.view] : []));
const texts = (x: unknown): string[] =>
  Array.isArray(x) ? x.filter((c): c is string => typeof c === "string") : [];
const cardsOf = (x: unknown): string[] => texts((x as { cards?: unknown } | null)?.cards);
/** The hand a card went to, as a table shows it: a split blackjack hand is its box's. */
export const handOf = (to: string): string => to.split("/")[0] as string;

interface TableBox {
  box?: number;
  cards?: unknown;
  hands?: { cards?: unknown }[];
}

/** The cards one view shows in each hand: boxes, the dealer (its shown card before the show, a
 * bought game's new card), the board, baccarat's PLAYER and BANKER. */
export function handsShown(view: View): Map<string, string[]> {
  const hands = new Map<string, string[]>();
  const put = (hand: string, cards: string[]) => cards.length && hands.set(hand, cards);
  for (const box of (view.boxes as TableBox[] | undefined) ?? []) {
    const cards = box.hands ? box.hands.flatMap(cardsOf) : texts(box.cards);
    put(`box:${box.box}`, cards);
  }
  const dealer = view.dealer as
    | { cards?: unknown; shown?: unknown; bought_game?: { drew?: unknown } }
    | undefined;
  if (dealer) {
    const cards = texts(dealer.cards);
    const drew = dealer.bought_game?.drew;
    if (typeof drew === "string" && !cards.includes(drew)) cards.push(drew);
    if (!cards.length && typeof dealer.shown === "string") cards.push(dealer.shown);
    put("dealer", cards);
  }
  put("board", texts(view.board));
  put("player", cardsOf(view.player));
  put("banker", cardsOf(view.banker));
  return hands;
}

/** Each shuffle of the round, re-derived: the committed deck (or shoe), then each reshuffle of
 * the cards not dealt yet followed by the discards (null where a discard is not yours to know). */
async function shuffles(
  seed: FairSeed,
  decks: number,
  dealing: Dealing,
): Promise<Map<string, (number | null)[]>> {
  const out = new Map<string, (number | null)[]>();
  out.set("deal", await shuffle<number | null>(seed, shoeCards(Math.max(decks, 1))));
  for (const r of dealing.reshuffles) {
    const rest = (out.get(r.of) ?? []).slice(r.rest_from);
    const discards = r.discards.map((c) => (c === null ? null : cardCode(c)));
    out.set(r.label, await shuffle(seed, [...rest, ...discards], r.label));
  }
  return out;
}

const count = (cards: string[]) => {
  const n = new Map<string, number>();
  for (const c of cards) n.set(c, (n.get(c) ?? 0) + 1);
  return n;
};

/** The round's cards against the shuffles and against what every step of the round showed. */
async function checkCards(
  recall: Recalled,
  seed: FairSeed,
  rules: DealRules,
  dealing: Dealing,
): Promise<DealCheck> {
  const derived = await shuffles(seed, rules.decks, dealing);
  const cards: DealtCard[] = dealing.cards.map((d) => {
    const code = derived.get(d.shuffle)?.[d.position];
    return { ...d, card: code === undefined || code === null ? null : cardText(code), shown: false };
  });
  const dealtTo = new Map<string, DealtCard[]>();
  for (const c of cards) dealtTo.set(handOf(c.to), [...(dealtTo.get(handOf(c.to)) ?? []), c]);
  const unaccounted = new Map<string, Unaccounted>();
  let unknown = 0;
  for (const view of views(recall)) {
    for (const [hand, shown] of handsShown(view)) {
      const mine = dealtTo.get(hand) ?? [];
      const dealt = count(mine.flatMap((c) => (c.card ? [c.card] : [])));
      const blind = mine.filter((c) => c.card === null).length;
      let used = 0;
      for (const [card, times] of count(shown)) {
        for (const c of mine) if (c.card === card) c.shown = true;
        const missing = times - (dealt.get(card) ?? 0);
        if (missing <= 0) continue;
        const covered = Math.min(missing, blind - used); // from a discard not yours to know
        used += covered;
        if (covered < missing) unaccounted.set(`${hand} ${card}`, { to: hand, card });
      }
      unknown = Math.max(unknown, used);
    }
  }
  const checked = cards.filter((c) => c.shown).length;
  const positions = cards.filter((c) => c.shuffle === "deal").map((c) => c.position);
  return {
    kind: "cards",
    ok: unaccounted.size === 0 && checked > 0,
    cards,
    unaccounted: [...unaccounted.values()],
    unknown,
    checked,
    from: positions.length ? Math.min(...positions) : 0,
    to: positions.length ? Math.max(...positions) + 1 : 0,
    size: 52 * Math.max(rules.decks, 1),
  };
}

/** Check a recalled round against its revealed seed. */
export async function checkRound(recall: Recalled, rules: DealRules): Promise<Verdict> {
  if (!recall.server_seed) return { commitmentOk: false, dealt: null };
  const commitmentOk = (await commitmentOf(recall.server_seed)) === recall.commitment;
  if (!commitmentOk) return { commitmentOk, dealt: null };
  const seed: FairSeed = {
    serverSeed: recall.server_seed,
    clientSeed: recall.client_seed,
    nonce: recall.nonce,
  };
  if (recall.game === "roulette") {
    const last = views(recall).at(-1) ?? {};
    const pocket = await spin(seed);
    const shown = typeof last.pocket === "number" ? last.pocket : null;
    return { commitmentOk, dealt: { kind: "pocket", ok: pocket === shown, pocket, shown } };
  }
  if (!recall.dealing?.cards.length) return { commitmentOk, dealt: { kind: "none" } };
  return { commitmentOk, dealt: await checkCards(recall, seed, rules, recall.dealing) };
}

/** The rules a check needs, from the profile's published settings (GET /api/profiles/{id}). */
export function dealRules(settings: Record<string, unknown>): DealRules {
  const shoe = settings.shoe as { decks?: unknown } | undefined;
  return { decks: typeof shoe?.decks === "number" ? shoe.decks : 0 };
}

const REMEMBERED = "fair:";

/** The commitment this browser was shown before a round, kept until the round is checked. */
export function remember(roundId: string, commitment: string): void {
  localStorage.setItem(REMEMBERED + roundId, commitment);
}

export function remembered(roundId: string): string | null {
  return localStorage.getItem(REMEMBERED + roundId);
}
