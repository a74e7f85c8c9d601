// Money is integers in kopecks; shown as currency for the language, never as minor units.
import type { Lang } from "./i18n";

const NBSP = "\u00a0";

function group(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** 123450 → "1 234,50 ₽" (ru) or "RUB 1,234.50" (en). */
export function formatMoney(kopecks: number | null | undefined, lang: Lang): string {
  if (kopecks === null || kopecks === undefined || !Number.isFinite(kopecks)) return "—";
  const sign = kopecks < 0 ? "−" : "";
  const abs = Math.abs(Math.trunc(kopecks));
  const whole = Math.floor(abs / 100);
  const part = String(abs % 100).padStart(2, "0");
  if (lang === "ru") return `${sign}${group(whole, NBSP)},${part}${NBSP}₽`;
  return `${sign}RUB${NBSP}${group(whole, ",")}.${part}`;
}

/** A chip's face: whole roubles without kopecks ("25", "1K"). */
export function chipLabel(kopecks: number): string {
  const roubles = kopecks / 100;
  if (roubles >= 1000 && roubles % 1000 === 0) return `${roubles / 1000}K`;
  return Number.isInteger(roubles) ? String(roubles) : roubles.toFixed(2);
}

/** "1 234,5" / "1234.50" typed by a player → kopecks, or null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = "0", part = ""] = clean.split(".");
  const value = Number(whole) * 100 + Number(part.padEnd(2, "0"));
  return value > 0 ? value : null;
}
