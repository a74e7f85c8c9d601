// The trainer's advice in words: each option of the server's advisor (GET /api/rounds/{id}/advice)
// named as a player says it, its value per ANTE for the language, and, after the round, what the
// decisions the player made cost against the best option each time.
import { cardsText } from "./cards";
import { type Key, type Lang, translate } from "./i18n";

/** One option as the advisor sends it: the cards are those given away (exchange, discard). */
export interface Advised {
  action: string;
  cards: string[];
  ev: number | null;
  exact: boolean;
  half_width: number;
  note: string;
}

/** What the player did: the act sent, the cards given, an insurance amount within its range. */
export interface Chosen {
  act: string;
  cards: string[];
  amount?: number;
  range?: [number, number];
}

const OPTION_KEYS: Record<string, Key> = {
  play: "opt_play",
  fold: "opt_fold",
  "play, insure max": "opt_play_insure_max",
  "play, insure min": "opt_play_insure_min",
  exchange: "opt_exchange",
  buy_sixth: "opt_buy_sixth",
  discard: "opt_discard",
  buy_game: "opt_buy_game",
  take_half: "opt_take_half",
  take_ante: "opt_take_ante",
  stand: "opt_stand",
};

// The advisor's notes (English, from croupier.math.stud.advise) in the player's language.
const NOTE_KEYS: Record<string, Key> = {
  "after it, a no-game show counted as taking the ANTE (a lower bound)": "note_lower_bound_show",
  "after it, buying a game and taking half not counted (a lower bound)": "note_lower_bound",
  "after a no-game show: buy a game or take the ANTE": "note_after_show",
  "buy a game now, then play": "note_buy_now",
};

// The decisions that end the box's improving: keeping the hand is worth the best of them.
const FINAL = ["play", "fold", "play, insure max", "play, insure min"];

/** An option named: "Exchange 8♦ Q♦ 4♥", "Buy a 6th card", "Играть". */
export function optionLabel(option: { action: string; cards: readonly string[] }, lang: Lang): string {
  const key = OPTION_KEYS[option.action] ?? "opt_other";
  return translate(lang, key, { cards: cardsText(option.cards) });
}

/** A value per ANTE signed, two decimals, the language's decimal mark: "+0.82", "−1,05". */
export function evNumber(ev: number, lang: Lang): string {
  const rounded = Math.round(ev * 100) / 100;
  const text = Math.abs(rounded).toFixed(2);
  const sign = rounded > 0 ? "+" : rounded < 0 ? "\u2212" : "";
  return sign + (lang === "ru" ? text.replace(".", ",") : text);
}

/** "+0.82 ANTE" / "+0,82 АНТЕ"; a dash when the advisor could not value it. */
export function evText(ev: number | null, lang: Lang): string {
  return ev === null ? "—" : translate(lang, "hint_ante", { ev: evNumber(ev, lang) });
}

/** The advisor's note in the player's language; an unknown one is not shown. */
export function noteText(note: string, lang: Lang): string {
  const key = NOTE_KEYS[note];
  return key ? translate(lang, key) : "";
}

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function evOf(options: readonly Advised[], action: string): number | null {
  return options.find((o) => o.action === action)?.ev ?? null;
}

/** The value of what the player chose, from the options advised at that moment (null: not priced). */
export function chosenValue(options: readonly Advised[], chosen: Chosen): number | null {
  if (chosen.act === "stand") {
    // keeping the hand: then the best of the final decisions
    const finals = options.filter((o) => FINAL.includes(o.action) && o.ev !== null);
    return finals.length ? Math.max(...finals.map((o) => o.ev as number)) : null;
  }
  if (chosen.act === "insure") {
    // insurance's value is linear in its amount: between insuring the least and the most
    const low = evOf(options, "play, insure min");
    const high = evOf(options, "play, insure max");
    const [min, max] = chosen.range ?? [0, 0];
    if (low === null || high === null || chosen.amount === undefined) return null;
    if (max <= min) return high;
    const share = Math.min(1, Math.max(0, (chosen.amount - min) / (max - min)));
    return low + share * (high - low);
  }
  const found = options.find((o) => o.action === chosen.act && sameCards(o.cards, chosen.cards));
  return found?.ev ?? null;
}

export interface Reviewed {
  chosen: Chosen;
  best: Advised;
  cost: number; // per ANTE, never negative: the best option's value less the chosen one's
}

/** One decision against the best option advised then; null when it cannot be priced. */
export function review(options: readonly Advised[], chosen: Chosen): Reviewed | null {
  const best = options.find((o) => o.ev !== null);
  const value = chosenValue(options, chosen);
  if (!best || value === null) return null;
  return { chosen, best, cost: Math.max(0, (best.ev as number) - value) };
}

/** What the round's decisions cost in all, per ANTE and in money at ``ante``. */
export function roundCost(reviews: readonly Reviewed[], ante: number): { antes: number; money: number } {
  const antes = reviews.reduce((sum, r) => sum + r.cost, 0);
  return { antes, money: Math.round(antes * ante) };
}
