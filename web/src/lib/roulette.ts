// The roulette betting layout's geometry, in cell units, as a European table lays it out: numbers
// 1..36 in 12 columns and 3 rows (3, 6, ... 36 on top), zero a column to the left (x from -1 to 0),
// each row's "2 to 1" (its column bet) at the right end (x from 12 to 13), the dozens under the
// numbers (y from 3 to 4) and the even chances under the dozens (y from 4 to 5). A tap on a number
// is a straight; on a line between two numbers a split; where four meet a corner; on the bottom
// edge a street, and where that edge meets a column line a six line. Spots are named as the server
// reads them ("split:17-20"), numbers in order.
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

/** The layout's size in cells: zero's column, twelve of numbers, the "2 to 1" column; three rows of
 * numbers, the dozens, the even chances. */
export const LAYOUT = { columns: 14, rows: 5 };

/** An outside bet's box on the layout, in cell units (x from -1 as the numbers' grid counts). */
export interface Region {
  spot: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The outside bets' boxes: each row's "2 to 1" at its end, the dozens under four columns each,
 * the even chances under two columns each (1-18, EVEN, RED, BLACK, ODD, 19-36 from the left). */
export function outsideRegions(): Region[] {
  return [
    ...COLUMNS.map((spot, row) => ({ spot, x: 12, y: row, w: 1, h: 1 })),
    ...DOZENS.map((spot, i) => ({ spot, x: 4 * i, y: 3, w: 4, h: 1 })),
    ...OUTSIDE.map((spot, i) => ({ spot, x: 2 * i, y: 4, w: 2, h: 1 })),
  ];
}

/** The spot under a tap at (x, y), or null off the layout. */
export function spotAt(x: number, y: number): string | null {
  if (y >= 3 || x >= 12) {
    const hit = outsideRegions().find((r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h);
    return hit?.spot ?? null;
  }
  if (y < 0 || x < -1) return null;
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

/** A box on the screen, in the SVG's units. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** How the layout is drawn: across a desktop (zero at the left, the even chances at the bottom),
 * or down a phone as phone casinos draw it (zero on top, 1 2 3 across, the "2 to 1" at the bottom,
 * the dozens and then the even chances down the left), so each number is a finger wide. `box` puts
 * a layout box (cell units) on the screen, `point` a point, and `at` reads a screen point back. */
export interface Frame {
  width: number;
  height: number;
  box(x: number, y: number, w: number, h: number): Box;
  point(x: number, y: number): { x: number; y: number };
  at(px: number, py: number): { x: number; y: number };
}

export function frame(vertical: boolean): Frame {
  const { columns, rows } = LAYOUT;
  if (!vertical) {
    const c = 40;
    return {
      width: columns * c,
      height: rows * c,
      box: (x, y, w, h) => ({ x: (x + 1) * c, y: y * c, w: w * c, h: h * c }),
      point: (x, y) => ({ x: (x + 1) * c, y: y * c }),
      at: (px, py) => ({ x: px / c - 1, y: py / c }),
    };
  }
  const [cw, rh] = [60, 34]; // a column's width and a row's height: numbers wider than tall
  return {
    width: rows * cw,
    height: columns * rh,
    box: (x, y, w, h) => ({ x: (rows - y - h) * cw, y: (x + 1) * rh, w: h * cw, h: w * rh }),
    point: (x, y) => ({ x: (rows - y) * cw, y: (x + 1) * rh }),
    at: (px, py) => ({ x: py / rh - 1, y: rows - px / cw }),
  };
}

/** Where a spot's chip sits on the layout (the centre of what it covers), in cell units. */
export function anchor(spot: string): { x: number; y: number } | null {
  const region = outsideRegions().find((r) => r.spot === spot);
  if (region) return { x: region.x + region.w / 2, y: region.y + region.h / 2 };
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

/** The chips on the layout: one stack per box and spot, the amounts of its bets summed (a spot bet
 * twice shows one stack of both, not two chips on top of each other), in the order first placed. */
export function stacks(
  bets: readonly { box: number; spot: string; amount: number }[],
): { box: number; spot: string; amount: number }[] {
  const found = new Map<string, { box: number; spot: string; amount: number }>();
  for (const b of bets) {
    const key = `${b.box}/${b.spot}`;
    const stack = found.get(key);
    if (stack) stack.amount += b.amount;
    else found.set(key, { box: b.box, spot: b.spot, amount: b.amount });
  }
  return [...found.values()];
}

/** A stack of chips once the wheel has landed: "won", "lost", or "" while not settled. The server
 * settles each position on its own line and a call bet spreads over several (voisins over seven,
 * with the positions of other bets merged in), so a bet won if any position it covers paid. */
export function betOutcome(
  bets: readonly { box: number; spot: string; positions?: Record<string, number> }[],
  settled: readonly { box: number; lines: readonly { line: string; returned: number }[] }[],
  box: number,
  spot: string,
): "won" | "lost" | "" {
  const covered = new Set<string>();
  for (const b of bets)
    if (b.box === box && b.spot === spot)
      for (const position of Object.keys(b.positions ?? {})) covered.add(position);
  if (!covered.size) covered.add(spot);
  const lines = (settled.find((b) => b.box === box)?.lines ?? []).filter((x) => covered.has(x.line));
  if (!lines.length) return "";
  return lines.some((x) => x.returned > 0) ? "won" : "lost";
}

/** Outside bets by name, as the server reads them. */
export const OUTSIDE = ["low", "even", "red", "black", "odd", "high"] as const;
export const DOZENS = ["dozen:1", "dozen:2", "dozen:3"] as const;
export const COLUMNS = ["column:3", "column:2", "column:1"] as const; // top row is column 3
export const CALLS = ["voisins", "tiers", "orphelins", "zero_spiel"] as const;
const CALL_CHIPS: Record<string, number> = { voisins: 9, tiers: 6, orphelins: 5, zero_spiel: 4 };

/** How many chips a bet takes (the server's spread, docs/games/roulette.md): a call bet its
 * positions' chips, "neighbours:17:3" the number and three either side (two when not said). */
export function chipsIn(spot: string): number {
  const [kind = "", , side] = spot.split(":");
  if (kind === "neighbours") return 2 * Number(side ?? 2) + 1;
  return CALL_CHIPS[kind] ?? 1;
}

/** The numbers a neighbours bet covers, in wheel order ("neighbours:0:1" → 26, 0, 32). */
export function neighboursOf(number: number, each: number): number[] {
  const at = WHEEL.indexOf(number);
  return Array.from({ length: 2 * each + 1 }, (_, k) => WHEEL[(at + k - each + 37) % 37] ?? 0);
}

/** The wheel's turn after a spin from `from` degrees: `turns` whole turns the same way, then on to
 * `pocket` under the pointer at the top. */
export function landing(from: number, pocket: number, turns = 4): number {
  const target = -(WHEEL.indexOf(pocket) * 360) / 37;
  return target + Math.floor((from - turns * 360 - target) / 360) * 360;
}

/** The hot and cold numbers of a board (latest first): the most often seen (the latest first on a
 * tie), and the least (never seen counts; the longest gone first on a tie). */
export function hotCold(numbers: readonly number[], n = 3): { hot: number[]; cold: number[] } {
  if (!numbers.length) return { hot: [], cold: [] };
  const count = new Map<number, number>();
  const latest = new Map<number, number>();
  numbers.forEach((x, i) => {
    count.set(x, (count.get(x) ?? 0) + 1);
    if (!latest.has(x)) latest.set(x, i);
  });
  const seen = (x: number) => count.get(x) ?? 0;
  const gone = (x: number) => latest.get(x) ?? Number.POSITIVE_INFINITY;
  const hot = [...count.keys()].sort((a, b) => seen(b) - seen(a) || gone(a) - gone(b)).slice(0, n);
  const all = Array.from({ length: 37 }, (_, i) => i);
  const cold = all.sort((a, b) => seen(a) - seen(b) || gone(b) - gone(a) || a - b).slice(0, n);
  return { hot, cold };
}

// The racetrack: the wheel's numbers round a stadium (zero at the right end, the wheel's order
// clockwise), the four sectors inside it. Units of the SVG's viewBox.
export const TRACK = { width: 520, height: 150, r: 58, cell: 13 };
const LEFT = TRACK.r + 16;
const RIGHT = TRACK.width - LEFT;
const STRAIGHT = RIGHT - LEFT;
const PERIMETER = 2 * STRAIGHT + 2 * Math.PI * TRACK.r;

/** Where the `i`-th pocket of the wheel (WHEEL order) sits on the racetrack: a fraction `i / 37`
 * of the way round, from the right end downwards. */
export function trackPoint(i: number): { x: number; y: number } {
  const { r } = TRACK;
  const cy = TRACK.height / 2;
  const quarter = (Math.PI * r) / 2;
  let s = ((((i % 37) + 37) % 37) / 37) * PERIMETER;
  const arc = (cx: number, from: number) => ({
    x: cx + r * Math.cos(from + s / r),
    y: cy + r * Math.sin(from + s / r),
  });
  if (s < quarter) return arc(RIGHT, 0);
  s -= quarter;
  if (s < STRAIGHT) return { x: RIGHT - s, y: cy + r };
  s -= STRAIGHT;
  if (s < 2 * quarter) return arc(LEFT, Math.PI / 2);
  s -= 2 * quarter;
  if (s < STRAIGHT) return { x: LEFT + s, y: cy - r };
  s -= STRAIGHT;
  return arc(RIGHT, (3 * Math.PI) / 2);
}

/** The racetrack's inner sectors, each between two cuts across the track; a cut is where the
 * wheel passes from one sector to the next, on the top and on the bottom. */
export function trackSectors(): { spot: (typeof CALLS)[number]; points: string; x: number }[] {
  const edge = (i: number) => Math.min(RIGHT, Math.max(LEFT, trackPoint(i + 0.5).x));
  const cy = TRACK.height / 2;
  const [top, bottom] = [cy - TRACK.r + TRACK.cell + 3, cy + TRACK.r - TRACK.cell - 3];
  // cuts by the last pocket before them: bottom (going left) and top (going right)
  const cuts = [
    { bottom: 0, top: 0 }, // the far left: nothing before tiers
    { bottom: 10, top: 22 }, // tiers | orphelins: after 6 (bottom) and 33 (top)
    { bottom: 7, top: 27 }, // orphelins | voisins: after 25 and 9
    { bottom: 2, top: 32 }, // voisins | zero spiel: after 15 and 12
  ];
  const x = (c: { bottom: number; top: number }, side: "bottom" | "top") =>
    c === cuts[0] ? 0 : edge(c[side]);
  const spots = ["tiers", "orphelins", "voisins", "zero_spiel"] as const;
  return spots.map((spot, k) => {
    const from = cuts[k] ?? { bottom: 0, top: 0 };
    const to = cuts[k + 1];
    const [x1t, x1b] = [x(from, "top"), x(from, "bottom")];
    const [x2t, x2b] = to ? [x(to, "top"), x(to, "bottom")] : [TRACK.width, TRACK.width];
    const inner = TRACK.r - TRACK.cell - 3;
    const start = k === 0 ? LEFT - inner / 2 : (x1t + x1b) / 2;
    const end = to ? (x2t + x2b) / 2 : RIGHT + inner / 2;
    return {
      spot,
      points: `${x1t},${top} ${x2t},${top} ${x2b},${bottom} ${x1b},${bottom}`,
      x: (start + end) / 2,
    };
  });
}

/** The inside of the racetrack, which the sectors are cut to. */
export function trackInside(): string {
  const inner = TRACK.r - TRACK.cell - 3;
  const cy = TRACK.height / 2;
  return `M${LEFT} ${cy - inner} H${RIGHT} A${inner} ${inner} 0 0 1 ${RIGHT} ${cy + inner} H${LEFT} A${inner} ${inner} 0 0 1 ${LEFT} ${cy - inner} Z`;
}

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
  const [kind = "", numbers = "", side] = spot.split(":");
  const name = NAMES[kind]?.[lang === "ru" ? 1 : 0] ?? kind;
  if (kind === "neighbours") return `${name} ${numbers} ±${side ?? 2}`;
  return numbers ? `${name} ${numbers}` : name;
}

/** An outside bet as the layout prints it: "1st 12" / "1-я 12", "2 to 1" / "2 к 1", "EVEN" / "ЧЁТ". */
export function outsideText(spot: string, lang: "ru" | "en"): string {
  const [kind = "", n = ""] = spot.split(":");
  const ru = lang === "ru";
  if (kind === "dozen") return ru ? `${n}-я 12` : `${n}${["st", "nd", "rd"][Number(n) - 1] ?? "th"} 12`;
  if (kind === "column") return ru ? "2 к 1" : "2 to 1";
  return spotLabel(spot, lang);
}
