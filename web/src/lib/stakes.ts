// What a box may stake at this table, as the server publishes it (GET /api/profiles/{id}, `stakes`):
// the lines and their prices, dark boxes and their pre-buys. The betting controls are built from it;
// nothing here knows a game by name.
import type { Schemas } from "./api";

export type StakeSpec = Schemas["StakeSpec"];
export type LineSpec = Schemas["LineSpec"];

/** A number of ANTEs as the server writes it ("2", "3/2") times `ante`, rounded down as the engine does. */
export function antesOf(text: string, ante: number): number {
  const [top, bottom] = text.split("/").map(Number);
  return Math.floor((ante * (top ?? 0)) / (bottom || 1));
}

/** The box's main line (ANTE, the blackjack stake), or null where any line may stand alone (baccarat). */
export function mainLine(spec: StakeSpec): LineSpec | null {
  return spec.lines.find((l) => l.required) ?? null;
}

/** A fee line's price with this main stake: its exception, else its percent rounded down. */
export function feeOf(line: LineSpec, main: number): number {
  const fee = line.fee;
  if (!fee) return 0;
  const fixed = fee.exceptions?.[String(main)];
  if (fixed !== undefined) return fixed;
  const [top, bottom] = fee.percent.split("/").map(Number);
  return Math.floor((main * (top ?? 0)) / ((bottom || 1) * 100));
}

/** The lines staked, from the chips placed: a fee line placed at all costs exactly its price. */
export function priced(spec: StakeSpec, placed: Record<string, number>): Record<string, number> {
  const main = mainLine(spec);
  const out: Record<string, number> = {};
  for (const line of spec.lines) {
    const amount = placed[line.name] ?? 0;
    if (!amount) continue;
    out[line.name] = line.fee && main ? feeOf(line, placed[main.name] ?? 0) : amount;
  }
  return out;
}

/** What the player chose for a box: the amount per line, a dark box, its pre-buys. */
export interface StakeChoice {
  lines: Record<string, number>;
  dark: boolean;
  prebuy: string[];
}

/** The lines a box stakes: a dark box leaves out the lines the spec keeps off dark boxes. */
export function stakedLines(spec: StakeSpec, { lines, dark }: StakeChoice): Record<string, number> {
  if (!dark || !spec.dark) return lines;
  const out: Record<string, number> = {};
  for (const [name, amount] of Object.entries(lines))
    if (spec.lines.find((l) => l.name === name)?.on_dark ?? true) out[name] = amount;
  return out;
}

/** One row of what staking costs: a line, a dark box's blind bet, a pre-buy; ``antes`` its price. */
export interface CostRow {
  kind: "line" | "dark_bet" | "prebuy" | "off_dark";
  name: string;
  amount: number;
  antes?: string;
}

/** What staking costs, row by row (the total is the sum of the rows' amounts). */
export function costRows(spec: StakeSpec, choice: StakeChoice): CostRow[] {
  const lines = stakedLines(spec, choice);
  const rows: CostRow[] = Object.entries(lines).map(([name, amount]) => ({ kind: "line", name, amount }));
  for (const name of Object.keys(choice.lines))
    if (!(name in lines)) rows.push({ kind: "off_dark", name, amount: 0 });
  const main = mainLine(spec);
  const ante = main ? (lines[main.name] ?? 0) : 0;
  if (!choice.dark || !spec.dark || !ante) return rows;
  rows.push({
    kind: "dark_bet",
    name: spec.prebuy_kind,
    amount: antesOf(spec.dark_antes, ante),
    antes: spec.dark_antes,
  });
  for (const p of spec.prebuys)
    if (choice.prebuy.includes(p.name))
      rows.push({ kind: "prebuy", name: p.name, amount: antesOf(p.antes, ante), antes: p.antes });
  return rows;
}

/** What staking costs: the lines, and for a dark box its blind BET and each pre-buy at its price. */
export function stakeCost(spec: StakeSpec, choice: StakeChoice): number {
  return costRows(spec, choice).reduce((sum, row) => sum + row.amount, 0);
}

/** The stake intent's body, in the one stake form every game takes; null when nothing is placed. */
export function stakeBody(spec: StakeSpec, choice: StakeChoice): Record<string, unknown> | null {
  const { dark, prebuy } = choice;
  const lines = stakedLines(spec, choice);
  if (!Object.keys(lines).length) return null;
  const out: Record<string, unknown> = { stakes: lines };
  if (dark && spec.dark) {
    out.dark = true;
    const offered = prebuy.filter((p) => spec.prebuys.some((x) => x.name === p));
    if (offered.length) out.prebuy = offered;
  }
  return out;
}
