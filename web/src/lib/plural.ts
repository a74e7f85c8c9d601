// Plurals in the dictionaries: "{n} {n|card|cards}" in English, "{n} {n|карта|карты|карт}" in
// Russian (one, few, many: 1 карта, 3 карты, 5 карт, 21 карта), the form picked by the
// language's own rules (Intl.PluralRules), never by a "(s)" left for the reader.
import type { Lang } from "./i18n";

/** The forms a plural takes in each language, in the order they are written. */
export const FORMS: Record<Lang, readonly Intl.LDMLPluralRule[]> = {
  en: ["one", "other"],
  ru: ["one", "few", "many"],
};
const rules: Partial<Record<Lang, Intl.PluralRules>> = {};

/** The form of `forms` (written in FORMS[lang]'s order) for `n`; a fraction takes "few" in Russian
 * (1,5 карты), as the language says it. */
export function plural(lang: Lang, n: number, forms: readonly string[]): string {
  rules[lang] ??= new Intl.PluralRules(lang === "ru" ? "ru-RU" : "en-US");
  const category = rules[lang].select(n);
  const at = FORMS[lang].indexOf(category === "other" && lang === "ru" ? "few" : category);
  return forms[at < 0 ? forms.length - 1 : at] ?? forms[forms.length - 1] ?? "";
}

/** The number a parameter counts: itself, or the last number of a list ("1, 2" reads as 2). */
function count(value: string | number | undefined): number {
  if (typeof value === "number") return value;
  const numbers = String(value ?? "").match(/\d+/g);
  return numbers ? Number(numbers[numbers.length - 1]) : Number.NaN;
}

// "{name|form|form...}": a form may hold a parameter ("{n|The card|All {n} cards}"), filled after.
const PLURAL = /\{(\w+)\|((?:[^{}]|\{\w+\})*)\}/g;

/** Every "{name|form|form...}" of `text` replaced by the form for the parameter `name`. */
export function pluralise(lang: Lang, text: string, params: Record<string, string | number>): string {
  return text.replace(PLURAL, (_, name: string, forms: string) =>
    plural(lang, count(params[name]), forms.split("|")),
  );
}

/** The plurals of a dictionary string, each as its forms (to check each has its language's count). */
export function pluralsIn(text: string): string[][] {
  return [...text.matchAll(PLURAL)].map((m) => (m[2] ?? "").split("|"));
}
