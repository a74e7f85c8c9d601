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

/** A settled hand's name as the player reads it: the dealer, the dealer's bought hand, a split
 * hand, baccarat's PLAYER and BANKER, the wheel; "" for a box's main hand (the box says whose). */
export function handLabel(name: string, lang: Lang): string {
  const hand = /^hand (\d+)$/.exec(name);
  if (hand) return translate(lang, "hand_n", { n: hand[1] ?? "" });
  const keys: Record<string, Key> = {
    dealer: "dealer",
    "dealer after the bought game": "dealer_bought_hand",
    player: "line_player",
    banker: "line_banker",
    wheel: "wheel",
    "second combination": "second_combination_short",
  };
  const key = keys[name];
  return key ? translate(lang, key) : "";
}
