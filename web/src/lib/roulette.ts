// The roulette betting layout's geometry, in cell units: numbers 1..36 in 12 columns and 3 rows
// (3, 6, ... 36 on top), zero a column to the left (x from -1 to 0). A tap on a number is a
// straight; on a line between two numbers a split; where four meet a corner; on the bottom edge a
// street, and where that edge meets a column line a six line. Spots are named as the server reads
// them ("split:17-20"), numbers in order.
export const REDS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
export const EDGE = 0.22;

export function colour(n: number): "green" | "red" | "black" {
  return n === 0 ? "green" : REDS.has(n) ? "red" : "black";
}

export function numberAt(column: number, row: number): number {
  return 3 * column + (3 - row);
}

/** Column (0..11) and row (0 top .. 2 bottom) of 1..36. */
export function cellOf(n: number): { column: number; row: number } {
  return { column: Math.floor((n - 1) / 3), row: 2 - ((n - 1) % 3) };
}

function name(kind: string, numbers: number[]): string {
  return `${kind}:${[...numbers].sort((a, b) => a - b).join("-")}`;
}

/** The spot under a tap at (x, y), or null outside the number grid. */
export function spotAt(x: number, y: number): string | null {
  if (y < 0 || y >= 3 || x < -1 || x >= 12) return null;
  const row = Math.min(2, Math.floor(y));
  const fy = y - row;
  if (x < 0) {
    // on zero; its right edge touches 3, 2, 1 (splits), and the row lines there (streets 0-2-3, 0-1-2)
    if (x > -EDGE) {
      if (fy < EDGE && row > 0) return row === 1 ? name("street", [0, 2, 3]) : name("street", [0, 1, 2]);
      if (fy > 1 - EDGE && row < 2) return row === 0 ? name("street", [0, 2, 3]) : name("street", [0, 1, 2]);
      return name("split", [0, numberAt(0, row)]);
    }
    return "straight:0";
  }
  const column = Math.floor(x);
  const fx = x - column;
  const n = numberAt(column, row);
  const left = fx < EDGE && column > 0;
  const right = fx > 1 - EDGE && column < 11;
  const top = fy < EDGE && row > 0;
  const bottomLine = fy > 1 - EDGE && row < 2;
  const street = fy > 1 - EDGE && row === 2;
  const nx = left ? column - 1 : right ? column + 1 : column;
  if (street) {
    if (left || right)
      return name("six_line", [...streetOf(Math.min(column, nx)), ...streetOf(Math.max(column, nx))]);
    return name("street", streetOf(column));
  }
  if ((left || right) && (top || bottomLine)) {
    const ny = top ? row - 1 : row + 1;
    return name("corner", [n, numberAt(nx, row), numberAt(column, ny), numberAt(nx, ny)]);
  }
  if (left || right) return name("split", [n, numberAt(nx, row)]);
  if (top || bottomLine) return name("split", [n, numberAt(column, top ? row - 1 : row + 1)]);
  return `straight:${n}`;
}

function streetOf(column: number): number[] {
  return [3 * column + 1, 3 * column + 2, 3 * column + 3];
}

/** Where a spot's chip sits on the layout (the centre of what it covers), in cell units. */
export function anchor(spot: string): { x: number; y: number } | null {
  const [kind, list = ""] = spot.split(":");
  const numbers = list.split("-").map(Number);
  if (!["straight", "split", "street", "corner", "six_line"].includes(kind ?? "")) return null;
  if (numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 36)) return null;
  const points = numbers.map((n) =>
    n === 0 ? { x: -0.5, y: 1.5 } : ((c) => ({ x: c.column + 0.5, y: c.row + 0.5 }))(cellOf(n)),
  );
  if (kind === "street" || kind === "six_line") {
    const xs = points.map((p) => p.x);
    return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: 3 };
  }
  const x = points.reduce((a, p) => a + p.x, 0) / points.length;
  const y = points.reduce((a, p) => a + p.y, 0) / points.length;
  if (numbers.includes(0)) return { x: 0, y };
  return { x, y };
}

/** Outside bets by name, as the server reads them. */
export const OUTSIDE = ["low", "even", "red", "black", "odd", "high"] as const;
export const DOZENS = ["dozen:1", "dozen:2", "dozen:3"] as const;
export const COLUMNS = ["column:3", "column:2", "column:1"] as const; // top row is column 3
export const CALLS = ["voisins", "tiers", "orphelins", "zero_spiel"] as const;

const NAMES: Record<string, [string, string]> = {
  low: ["1–18", "1–18"],
  high: ["19–36", "19–36"],
  even: ["EVEN", "ЧЁТ"],
  odd: ["ODD", "НЕЧЕТ"],
  red: ["RED", "КРАСНОЕ"],
  black: ["BLACK", "ЧЁРНОЕ"],
  voisins: ["Voisins du zéro", "Соседи зеро"],
  tiers: ["Tiers du cylindre", "Треть"],
  orphelins: ["Orphelins", "Сироты"],
  zero_spiel: ["Zero spiel", "Игра зеро"],
  straight: ["number", "число"],
  split: ["split", "сплит"],
  street: ["street", "стрит"],
  corner: ["corner", "угол"],
  six_line: ["six line", "линия"],
  dozen: ["dozen", "дюжина"],
  column: ["column", "колонка"],
  neighbours: ["neighbours of", "соседи"],
  complete: ["complete", "полная"],
};

/** A spot as a player reads it: "split:17-20" → "split 17-20" / "сплит 17-20", "red" → "КРАСНОЕ". */
export function spotLabel(spot: string, lang: "ru" | "en"): string {
  const [kind = "", numbers = ""] = spot.split(":");
  const name = NAMES[kind]?.[lang === "ru" ? 1 : 0] ?? kind;
  return numbers ? `${name} ${numbers}` : name;
}
