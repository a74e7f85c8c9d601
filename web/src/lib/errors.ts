// A refusal from the server worded for the player: by its stable code (typed by the OpenAPI
// schema) and its figures, never by the server's English message, kopecks or internal ids.
import type { components } from "./api-schema";
import { type Key, type Lang, known, translate } from "./i18n";
import { formatMoney } from "./money";

type Detail = components["schemas"]["ErrorDetail"];
/** Every code the server sends, and the client's own for a request that never got an answer. */
export type Code = Detail["code"] | "network";

export interface Refusal {
  code: string;
  kind?: string;
  message?: string;
  where?: string | null;
  params?: Record<string, string | number> | null;
}

// tsc fails here when the server gains a code the dictionary cannot word.
type Unworded = Exclude<`err_${Code}`, Key>;
const everyCodeWorded: [Unworded] extends [never] ? true : Unworded = true;
void everyCodeWorded;

// Figures in kopecks, per code; every other figure (a count, a date, an age) is shown as it is.
const COUNTS: Partial<Record<Code, readonly string[]>> = { colour_chips_short: ["needed", "have"] };
const MONEY = new Set(["amount", "min", "max", "limit", "used", "left", "value", "have", "needed"]);
const PERIODS: Record<string, Key> = { "24-hour": "period_1", "7-day": "period_7", "30-day": "period_30" };

/** The dictionary key of a refusal: its code's, else its broad class's, else a general one. */
export function refusalKey(refusal: Refusal): Key {
  for (const code of [refusal.code, refusal.kind]) {
    const key = `err_${code}`;
    if (code && known(key)) return key;
  }
  return "err_generic";
}

function figure(code: string, name: string, value: string | number, lang: Lang): string | number {
  if (typeof value === "number" && MONEY.has(name) && !COUNTS[code as Code]?.includes(name))
    return formatMoney(value, lang);
  if (name === "period" && typeof value === "string" && value in PERIODS)
    return translate(lang, PERIODS[value] as Key);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && lang === "ru")
    return value.split("-").reverse().join(".");
  return value;
}

/** The refusal in the player's language, its figures formatted (money as currency). */
export function refusalText(refusal: Refusal, lang: Lang): string {
  const key = refusalKey(refusal);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(refusal.params ?? {}))
    params[name] = figure(refusal.code, name, value, lang);
  const text = translate(lang, key, params);
  // A sentence whose figure did not come falls back to the class's words, never to "{min}".
  return /\{\w+\}/.test(text) ? translate(lang, refusalKey({ code: refusal.kind ?? "" }), {}) : text;
}

export class ApiRefusal extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly status: number,
  ) {
    super(refusal.code);
  }
}
