// A finished round as a player recognises it: by its game, table, number and time (never the
// server's internal id, "t33-r1"), and its poker hands named as at the table.
import { handName } from "./cards";
import { type Lang, profileName, translate } from "./i18n";

/** The games whose settled hands are poker hands (the server settles their best five, or three). */
const POKER = new Set(["stud", "holdem", "holdem_bonus", "three_card"]);

export interface RoundRef {
  profile: string;
  table_id: number;
  number: number;
  opened_at: string;
}

/** "Russian poker, table 33, round 1 · 1 Dec 2026, 13:40" in the player's language. */
export function roundReference(lang: Lang, round: RoundRef, timeZone?: string): string {
  const game = profileName(lang, round.profile);
  const where = translate(lang, "round_ref", { game, table: round.table_id, n: round.number });
  const when = new Date(round.opened_at).toLocaleString(lang === "ru" ? "ru-RU" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  });
  return `${where} · ${when}`;
}

/** A settled hand's poker name ("Flush", "Флеш") at a poker game, else "" (blackjack, baccarat,
 * roulette name their hands otherwise). */
export function settledHandName(game: string, cards: readonly string[], lang: Lang): string {
  return POKER.has(game) ? handName(cards, lang) : "";
}
