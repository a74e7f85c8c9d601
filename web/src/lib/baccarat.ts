// Baccarat on the table: the deal step by step with the rule that drew each third card (the
// tableau the server's engine plays, docs/games/baccarat.md), and the shoe's scoreboards, the
// bead plate and the big road, from its results (GET /api/tables/{id}/shoe).
import { face } from "./cards";
import type { Key } from "./i18n";

export type Side = "player" | "banker";
export type Result = Side | "tie";

/** A card's baccarat value: ace 1, two to nine at face, tens and faces 0. */
export function cardPoints(card: string): number {
  const rank = card[0] ?? "";
  if (rank === "A") return 1;
  const n = Number(rank);
  return Number.isInteger(n) && n >= 2 ? n : 0;
}

/** A hand's points: its cards' values, tens dropped (7 + 8 = 5). */
export function points(cards: readonly string[]): number {
  return cards.reduce((sum, c) => sum + cardPoints(c), 0) % 10;
}

export type Step =
  | { kind: "card"; side: Side; card: string }
  | { kind: "rule"; key: Key; params: Record<string, string | number> };

/** The deal in the order it is made (PLAYER, BANKER, PLAYER, BANKER, then the third cards),
 * each third card, or none, preceded by the rule that decided it. */
export function dealSteps(player: readonly string[], banker: readonly string[]): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < 2; i++) {
    const p = player[i];
    const b = banker[i];
    if (p) steps.push({ kind: "card", side: "player", card: p });
    if (b) steps.push({ kind: "card", side: "banker", card: b });
  }
  if (player.length < 2 || banker.length < 2) return steps;
  const p2 = points(player.slice(0, 2));
  const b2 = points(banker.slice(0, 2));
  if (p2 >= 8 || b2 >= 8) {
    steps.push({ kind: "rule", key: "bac_natural", params: { n: Math.max(p2, b2) } });
    return steps;
  }
  const third = player[2];
  if (third) {
    steps.push({ kind: "rule", key: "bac_player_draws", params: { n: p2 } });
    steps.push({ kind: "card", side: "player", card: third });
  } else {
    steps.push({ kind: "rule", key: "bac_player_stands", params: { n: p2 } });
  }
  const drew = banker[2];
  const shown = third ? face(third) : null;
  const card = shown ? `${shown.rank}${shown.suit}` : null; // the rule goes by its value
  const key: Key = drew
    ? card === null
      ? "bac_banker_draws"
      : "bac_banker_draws_player"
    : card === null
      ? "bac_banker_stands"
      : "bac_banker_stands_player";
  steps.push({ kind: "rule", key, params: card === null ? { n: b2 } : { n: b2, card } });
  if (drew) steps.push({ kind: "card", side: "banker", card: drew });
  return steps;
}

export interface ShoeRound {
  number: number;
  result: Result;
  player_points: number;
  banker_points: number;
  player_pair: boolean;
  banker_pair: boolean;
  natural: boolean;
}

export const ROWS = 6;

/** The bead plate: every round in order, down six rows then the next column. */
export function beadPlate(rounds: readonly ShoeRound[]): { col: number; row: number; round: ShoeRound }[] {
  return rounds.map((round, i) => ({ col: Math.floor(i / ROWS), row: i % ROWS, round }));
}

export interface RoadCell {
  col: number;
  row: number;
  result: Side;
  ties: number;
  round: number;
}

/** The big road: a column per run of PLAYER or BANKER wins, down six rows and then along the
 * bottom (the "dragon tail"); a tie is a mark on the last win (ties before any win, on the first). */
export function bigRoad(rounds: readonly ShoeRound[]): RoadCell[] {
  const cells: RoadCell[] = [];
  const taken = new Set<string>();
  let leadingTies = 0;
  let runStart = -1; // the column the current run started in
  for (const round of rounds) {
    const last = cells[cells.length - 1];
    if (round.result === "tie") {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    let col: number;
    let row: number;
    if (!last || last.result !== round.result) {
      runStart += 1;
      while (taken.has(`${runStart},0`)) runStart += 1;
      col = runStart;
      row = 0;
    } else if (last.row + 1 < ROWS && !taken.has(`${last.col},${last.row + 1}`)) {
      col = last.col;
      row = last.row + 1;
    } else {
      col = last.col + 1;
      row = last.row;
    }
    taken.add(`${col},${row}`);
    cells.push({ col, row, result: round.result, ties: cells.length ? 0 : leadingTies, round: round.number });
  }
  return cells;
}
