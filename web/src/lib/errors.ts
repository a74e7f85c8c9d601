// A refusal from the server ({code, message}) worded for the player: by its stable code, made more
// precise by a few known reasons. Never the server's English, kopecks or internal ids.
import type { Key } from "./i18n";

export interface Refusal {
  code: string;
  message?: string;
  where?: string;
}

const REASONS: [RegExp, Key][] = [
  [/under 18|under \d+ today/, "err_minor"],
  [/cannot be registered online/, "err_document_taken"],
  [/wrong card number or password/, "err_bad_login"],
  [/is locked/, "err_locked"],
  [/self-excluded/, "err_excluded"],
  [/deposit limit/, "err_limit"],
  [/at least \d+ characters/, "err_password_short"],
  [/taken by another player|every box is taken/, "err_seat_taken"],
  // Colour chips at roulette, before the general limits below.
  [/colour chip must be worth/, "err_colour_limits"],
  [/holds no colour chips/, "err_colour_none"],
  [/does not sit here/, "err_colour_sit"],
  [/you hold colour \d+ chips worth/, "err_colour_value"],
  [/revalued at the table minimum/, "err_colour_revalued"],
  [/your colour chips are worth/, "err_colour_stake"],
  [/colour chips: buy 1 to/, "err_colour_count"],
  [
    /table limits|below the table minimum|above the table maximum|outside the limits|limit/,
    "err_stake_limits",
  ],
];

const CODES: Record<string, Key> = {
  unauthorized: "err_unauthorized",
  insufficient_funds: "err_insufficient_funds",
  refused: "err_refused",
  conflict: "err_conflict",
  not_found: "err_not_found",
  bad_input: "err_bad_input",
  rule: "err_rule",
  internal: "err_internal",
  too_large: "err_too_large",
  network: "err_network",
};

export function refusalKey(refusal: Refusal): Key {
  const message = refusal.message ?? "";
  for (const [pattern, key] of REASONS) if (pattern.test(message)) return key;
  return CODES[refusal.code] ?? "err_generic";
}

export class ApiRefusal extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly status: number,
  ) {
    super(refusal.code);
  }
}
