// The chip rack and a stake being built: chips follow the table's limits; undo, clear, rebet, double.
const DENOMINATIONS = [100, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000, 500000, 1000000];

/** Up to six chip values a player can build any stake of the table from: the smallest at or below
 * a fifth of the minimum (so 75 ₽ is three 25s at a 25 ₽ table), the largest at most the maximum. */
export function rack(min: number, max: number): number[] {
  const floor = Math.max(100, Math.floor(min / 5));
  let values = DENOMINATIONS.filter((d) => d <= max && d >= floor);
  const smallest = DENOMINATIONS.filter((d) => d <= floor).pop();
  if (smallest !== undefined && (values.length === 0 || (values[0] ?? 0) > floor))
    values = [smallest, ...values];
  return values.slice(0, 6);
}

export interface Placement {
  line: string;
  amount: number;
}

export function totals(placements: readonly Placement[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of placements) out[p.line] = (out[p.line] ?? 0) + p.amount;
  return out;
}

export function sum(placements: readonly Placement[]): number {
  return placements.reduce((a, p) => a + p.amount, 0);
}

/** Every placement once more, as long as each line stays within `max`; else unchanged. */
export function doubled(placements: readonly Placement[], max: number): Placement[] {
  const after = Object.values(totals(placements)).map((v) => v * 2);
  return after.every((v) => v <= max) ? [...placements, ...placements] : [...placements];
}
