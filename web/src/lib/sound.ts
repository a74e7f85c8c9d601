// Optional sound, off by default: short cues made in code with WebAudio (nothing is loaded from
// anywhere), switched by a toggle the browser remembers (localStorage "sound").

export type Cue = "deal" | "chip" | "win" | "lose";

/** Where the choice is kept (localStorage in the page; a map in tests). */
export interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY = "sound";

/** Whether sound is on: only when the player switched it on. */
export function soundOn(store: Store | null): boolean {
  return store?.getItem(KEY) === "on";
}

export function setSound(store: Store | null, on: boolean): void {
  store?.setItem(KEY, on ? "on" : "off");
}

/** What a table change sounds like: new cards, a stake taken, the settlement (a gain or not). */
export interface TableMoment {
  round: string | null;
  phase: string | null;
  cards: number; // cards face up or down on the table
  staked: number; // boxes staked
  net: number | null; // the viewer's net once settled
}

export function cueFor(before: TableMoment | null, now: TableMoment): Cue | null {
  if (before === null) return null; // the first picture of a table is not news
  if (now.phase === "settled" && (before.phase !== "settled" || before.round !== now.round))
    return now.net === null || now.net === 0 ? null : now.net > 0 ? "win" : "lose";
  if (now.round === before.round && now.cards > before.cards) return "deal";
  if (now.staked > (now.round === before.round ? before.staked : 0)) return "chip";
  return null;
}

// Each cue: tones (frequency Hz, start s, length s) on one simple envelope.
const TONES: Record<Cue, [number, number, number][]> = {
  deal: [[1400, 0, 0.04]],
  chip: [
    [2200, 0, 0.03],
    [1800, 0.04, 0.03],
  ],
  win: [
    [523, 0, 0.12],
    [659, 0.1, 0.12],
    [784, 0.2, 0.2],
  ],
  lose: [
    [392, 0, 0.15],
    [311, 0.13, 0.25],
  ],
};

let context: AudioContext | null = null;

/** Play a cue now (made on the spot: an oscillator per tone). */
export function play(cue: Cue): void {
  if (typeof AudioContext === "undefined") return;
  context ??= new AudioContext();
  const start = context.currentTime;
  for (const [frequency, at, length] of TONES[cue]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = cue === "deal" || cue === "chip" ? "triangle" : "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.2, start + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain).connect(context.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  }
}

const CARD = /"[2-9TJQKA][shdc]"/g;

/** A table's state as the sound cues read it (``you``: the viewer's card, as the server writes it). */
export function momentOf(
  state: {
    round: {
      round_id: string;
      phase: string;
      stakes: unknown[];
      view: unknown;
      settlement: { boxes: { player: string; net: number }[] } | null;
    } | null;
    you: string | null;
  } | null,
): TableMoment {
  const round = state?.round ?? null;
  const mine = round?.settlement?.boxes.filter((b) => b.player === state?.you) ?? [];
  return {
    round: round?.round_id ?? null,
    phase: round?.phase ?? null,
    cards: round?.view ? (JSON.stringify(round.view).match(CARD) ?? []).length : 0,
    staked: round?.stakes.length ?? 0,
    net: mine.length ? mine.reduce((sum, b) => sum + b.net, 0) : null,
  };
}
