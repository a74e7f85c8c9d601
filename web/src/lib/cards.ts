// Cards as the server writes them ("Ah", "Td"): faces, spoken names and poker hand categories
// (0 high card, 1 ace-king, 2 pair ... 9 straight flush, 10 royal flush, as the profiles key them).
import { type Key, type Lang, translate } from "./i18n";

export const SUITS: Record<string, string> = { s: "♠", h: "♥", d: "♦", c: "♣" };
const ORDER = "23456789TJQKA";

export function rankOf(card: string): number {
  return ORDER.indexOf(card[0] ?? "");
}

export function face(card: string): { rank: string; suit: string; red: boolean } {
  const r = card[0] ?? "?";
  const s = card[1] ?? "?";
  return { rank: r === "T" ? "10" : r, suit: SUITS[s] ?? s, red: s === "h" || s === "d" };
}

/** The community cards as the table lays them: the ones dealt, then an empty place (null) for
 * each still to come, so a player sees the five places before the flop. */
export function boardSlots(board: readonly string[], count: number): (string | null)[] {
  return [...board, ...Array.from({ length: Math.max(0, count - board.length) }, () => null)];
}

/** Cards as a player reads them: "8♦ Q♦ 10♥". */
export function cardsText(cards: readonly string[]): string {
  return cards
    .map((c) => {
      const f = face(c);
      return `${f.rank}${f.suit}`;
    })
    .join(" ");
}

/** "ace of spades" / "туз пик" for screen readers. */
export function cardName(card: string | null, lang: Lang): string {
  if (!card) return translate(lang, "hidden_card");
  const rank = translate(lang, `r${card[0]}` as Key);
  const suit = translate(lang, `s_${card[1]}` as Key);
  return translate(lang, "card_of", { rank, suit });
}

/** The category of the best five cards among `cards` (five to seven), or of three cards. */
export function category(cards: readonly string[]): number {
  if (cards.length === 3) return threeCardCategory(cards);
  if (cards.length < 5)
    return cards.length === 2 && rankOf(cards[0] ?? "") === rankOf(cards[1] ?? "") ? 2 : 0;
  let best = 0;
  for (const five of choose(cards, 5)) best = Math.max(best, fiveCategory(five));
  return best;
}

function choose(cards: readonly string[], k: number): string[][] {
  if (k === 0) return [[]];
  if (cards.length < k) return [];
  const [head, ...rest] = cards as [string, ...string[]];
  return [...choose(rest, k - 1).map((c) => [head, ...c]), ...choose(rest, k)];
}

function isStraight(ranks: number[]): boolean {
  const unique = [...new Set(ranks)].sort((a, b) => a - b);
  if (unique.length !== ranks.length) return false;
  const low = unique[0] ?? 0;
  const high = unique[unique.length - 1] ?? 0;
  if (high - low === ranks.length - 1) return true;
  // the wheel: ace plays low (A-2-3-4-5, A-2-3)
  const wheel = ranks.length === 5 ? [0, 1, 2, 3, 12] : [0, 1, 12];
  return unique.join() === wheel.join();
}

function counts(ranks: number[]): number[] {
  const seen = new Map<number, number>();
  for (const r of ranks) seen.set(r, (seen.get(r) ?? 0) + 1);
  return [...seen.values()].sort((a, b) => b - a);
}

export function fiveCategory(cards: readonly string[]): number {
  const ranks = cards.map(rankOf);
  const flush = new Set(cards.map((c) => c[1])).size === 1;
  const straight = isStraight(ranks);
  if (straight && flush) return Math.min(...ranks) === 8 ? 10 : 9;
  const shape = counts(ranks);
  if (shape[0] === 4) return 8;
  if (shape[0] === 3 && shape[1] === 2) return 7;
  if (flush) return 6;
  if (straight) return 5;
  if (shape[0] === 3) return 4;
  if (shape[0] === 2 && shape[1] === 2) return 3;
  if (shape[0] === 2) return 2;
  return ranks.includes(12) && ranks.includes(11) ? 1 : 0;
}

function threeCardCategory(cards: readonly string[]): number {
  const ranks = cards.map(rankOf);
  const flush = new Set(cards.map((c) => c[1])).size === 1;
  const straight = isStraight(ranks);
  if (straight && flush) return 9;
  if (counts(ranks)[0] === 3) return 4;
  if (straight) return 5;
  if (flush) return 6;
  if (counts(ranks)[0] === 2) return 2;
  return 0;
}

export function handName(cards: readonly string[], lang: Lang): string {
  const known = cards.filter((c) => c && c.length === 2);
  if (known.length < 2) return "";
  return translate(lang, `h${category(known)}` as Key);
}

/** The hard blackjack total of `cards`: every ace counted 1. */
function hardTotal(cards: readonly string[]): { hard: number; aces: number } {
  let hard = 0;
  let aces = 0;
  for (const c of cards) {
    const r = c[0];
    if (r === "A") {
      aces += 1;
      hard += 1;
    } else if (r === "T" || r === "J" || r === "Q" || r === "K") hard += 10;
    else hard += Number(r);
  }
  return { hard, aces };
}

/** Whether a blackjack hand is bust: over 21 even with every ace counted 1. */
export function bust(cards: readonly string[]): boolean {
  return hardTotal(cards).hard > 21;
}

/** Blackjack total as a player reads it: "7/17" while an ace still counts 11, else "17". */
export function blackjackTotal(cards: readonly string[]): string {
  const { hard, aces } = hardTotal(cards);
  if (aces && hard + 10 <= 21) return cards.length === 2 && hard + 10 === 21 ? "21" : `${hard}/${hard + 10}`;
  return String(hard);
}

/** The second combination a settled box was paid for (profiles that pay one), named; else "". */
export function secondCombination(
  hands: readonly { name: string; cards: readonly string[] }[],
  lang: Lang,
): string {
  const second = hands.find((h) => h.name === "second combination");
  return second ? handName(second.cards, lang) : "";
}
