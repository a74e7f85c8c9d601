// What the server notes on a settled line, worded for the player: which blackjack hand a line is
// of (only when the box split), why a stake came back. A note the client does not know is not
// shown (the server words notes in English, for its logs).
import { type Key, type Lang, translate } from "./i18n";

const NOTES: Record<string, Key> = {
  "pre-bought, not needed": "note_prebought_unused",
  "void: no three of a kind": "note_insurance_void",
  "returned on a tie": "note_tie_returned",
};

/** The note of a settled line in the player's language, or "" (`hands`: how many the box played). */
export function lineNote(note: string | undefined, hands: number, lang: Lang): string {
  if (!note) return "";
  const hand = /^hand (\d+)$/.exec(note);
  if (hand) return hands > 1 ? translate(lang, "hand_n", { n: hand[1] ?? "" }) : "";
  const key = NOTES[note];
  return key ? translate(lang, key) : "";
}
