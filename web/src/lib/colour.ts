// Colour chips at roulette ([004], RULES.md §2.6): the player changes cash chips into chips of their
// box's colour, at a value per chip they pick within the table's limits. What the table shows about
// them is worked out here, away from the component, so it can be tested without a browser.
import type { Schemas } from "./api";
import type { Key } from "./i18n";
import type { Limits } from "./types";

export type ColourView = Schemas["ColourChipsOut"];
export type ColourReceipt = Schemas["ColourReceiptOut"];

export const MAX_COUNT = 1000; // a sane bound for one buy; the server has its own

/** Why the chosen chip value and count cannot be bought (the i18n key), or null when they can. */
export function buyProblem(value: number | null, count: number, limits: Limits): Key | null {
  if (value === null || value < limits.min || value > limits.max) return "colour_value_bad";
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) return "colour_count_bad";
  return null;
}

/** What changed between two readings of the player's colour chips, for the player to be told. */
export type ColourChange =
  | { kind: "revalued"; taken: number; value: number }
  | { kind: "paid"; chips: number; worth: number }
  | { kind: "changed_back"; worth: number }
  | null;

/**
 * The news in a new reading. A chip value that fell is the long-absence revaluation (the count
 * stays, each chip now counts at the table minimum); chips that grew on a settlement are winnings
 * paid in colour chips; a stack gone while the player did not change it back was changed back
 * when they stood up.
 */
export function colourChange(
  before: ColourView | null,
  after: ColourView | null,
  settled: boolean,
): ColourChange {
  if (before && after && after.value < before.value)
    return { kind: "revalued", taken: before.count * (before.value - after.value), value: after.value };
  if (before && after && settled && after.count > before.count)
    return {
      kind: "paid",
      chips: after.count - before.count,
      worth: (after.count - before.count) * after.value,
    };
  if (before && !after) return { kind: "changed_back", worth: before.worth };
  return null;
}
