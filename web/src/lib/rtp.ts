// The RTP panel: the house edge of each wager a player can choose, as the math lab computed it
// (./rtp.json, written by web/scripts/rtp.py from `croupier analyze`). Percentages for the language.
import { type Key, type Lang, translate } from "./i18n";
import figures from "./rtp.json";

export interface RtpRow {
  line: string;
  name: string;
  edge: string;
  rtp: string;
}

const TABLE: Record<string, { line: string; edge: number }[]> = figures;

export function percent(value: number, lang: Lang): string {
  const text = (value * 100).toFixed(2);
  return `${lang === "ru" ? text.replace(".", ",") : text}\u00a0%`;
}

/** The rows of ``profile`` (none when the math lab has no figures for it). */
export function rtpOf(profile: string, lang: Lang): RtpRow[] {
  return (TABLE[profile] ?? []).map((row) => ({
    line: row.line,
    name: translate(lang, `rtp_line_${row.line}` as Key),
    edge: percent(row.edge, lang),
    rtp: percent(1 - row.edge, lang),
  }));
}
