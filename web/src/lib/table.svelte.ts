import { newKey } from "./api";
// One store per table connection: the socket, the state it sends, and what the player is building
// at this table (chips placed, the chosen spot, a dark box, pre-buys, picked cards). Nothing here
// outlives the table: side stakes belong to their table, and no update from the server resets a
// choice the player made.
import { type Placement, rack, totals } from "./chips";
import type { Refusal } from "./errors";
import { known } from "./i18n";
import { playerName } from "./players";
import { reconnectPause } from "./reconnect";
import { session } from "./session.svelte";
import { type StakeChoice, type StakeSpec, priced, stakeBody, stakeCost } from "./stakes";
import { Trainer } from "./trainer.svelte";
import type { Legal, ServerMessage, TableState } from "./types";

// The intents the server runs once per idempotency key (a repeat gets the first answer).
const KEYED = new Set(["stake", "deal", "act"]);

export interface LogEntry {
  seq: number;
  text: string;
}

export class TableConnection {
  state = $state<TableState | null>(null);
  seq = $state(-1);
  connected = $state(false);
  inFlight = $state<string | null>(null); // the key of an intent not yet answered
  private inFlightKind = "";
  // The intent in flight as sent, kept until it is answered: a socket lost before the answer
  // (its server process killed) leaves it undecided, and the next socket settles it.
  private waiting: Record<string, unknown> | null = null;
  private resent = ""; // the key of an intent sent again on a new socket, not yet answered
  chip = $state(0);
  // Roulette: the value of the player's colour chips here, when they hold some; the box is then
  // staked with that chip (the server refuses any other) and its bets come out of them.
  colourValue = $state<number | null>(null);
  placements = $state<Placement[]>([]);
  lastPlacements = $state<Placement[]>([]);
  spot = $state("player"); // baccarat: the player's choice, only the player changes it
  // What a box may stake here, from the profile (GET /api/profiles/{id}); null for roulette.
  spec = $state<StakeSpec | null>(null);
  dark = $state(false);
  prebuy = $state<string[]>([]);
  picked = $state<string[]>([]);
  log = $state<LogEntry[]>([]);
  clockNote = $state<string | null>(null);
  // A deal being shown step by step (baccarat's cards, roulette's wheel): the outcome, the box's
  // settlement and the scoreboards wait for it, or they would give the result away first.
  revealing = $state(false);
  readonly trainer = new Trainer(); // the hint and the review of this table's decisions
  refusals = $state(0); // intents refused: what the player saw may be old (a stake at a stale chip value)
  private socket: WebSocket | null = null;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private retries = 0; // reconnection attempts since a socket last delivered a message
  private lastRoundSeen = "";

  constructor(readonly tableId: number) {}

  get you(): string | null {
    return this.state?.you ?? null;
  }

  get myBoxes(): number[] {
    const state = this.state;
    if (!state?.you) return [];
    return Object.entries(state.table.seats)
      .filter(([, who]) => who === state.you)
      .map(([box]) => Number(box));
  }

  get rack(): number[] {
    const limits = this.state?.table.limits;
    return limits ? rack(limits.min, limits.max) : [];
  }

  /** The chip a roulette box is staked with: the colour chips' value, else the chip picked. */
  get stakeChip(): number {
    return this.colourValue ?? this.chip;
  }

  get myLegal(): Legal[] {
    const round = this.state?.round;
    if (!round || round.phase !== "playing") return [];
    return round.legal;
  }

  /** A public table where another player has a box in the round: the house, not this player,
   * says "no more bets" (when the clock runs out). */
  get houseSpins(): boolean {
    const state = this.state;
    if (!state || state.table.mode !== "public" || !state.round) return false;
    const mine = new Set(this.myBoxes);
    return state.round.stakes.some((s) => !mine.has(s.box));
  }

  get staked(): Set<number> {
    const round = this.state?.round;
    if (!round || round.phase === "settled") return new Set();
    return new Set(round.stakes.map((s) => s.box));
  }

  open(): void {
    this.closed = false;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.connected = true;
    });
    let first = true;
    socket.addEventListener("message", (event) => {
      this.retries = 0;
      const message = JSON.parse(String(event.data)) as ServerMessage;
      this.receive(message);
      if (first && message.type === "snapshot") this.settleWaiting();
      first = false;
    });
    socket.addEventListener("close", () => {
      this.connected = false;
      if (this.socket !== socket || this.closed) return;
      // A growing, jittered pause (./reconnect.ts); the new socket starts with a snapshot.
      const pause = reconnectPause(this.retries);
      this.retries += 1;
      this.retry = setTimeout(() => {
        if (this.socket === socket && !this.closed) this.open();
      }, pause);
    });
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.socket?.close();
    this.socket = null;
  }

  private receive(message: ServerMessage): void {
    if (message.type === "snapshot" || message.type === "event") {
      const before = this.state;
      this.state = message.state;
      this.seq = message.seq;
      if (this.chip === 0 || !this.rack.includes(this.chip)) this.chip = this.rack[0] ?? 0;
      const round = message.state.round;
      const live = new Set(
        (round?.view?.boxes ?? []).flatMap((b: { cards?: string[] }) =>
          Array.isArray(b.cards) ? b.cards : [],
        ),
      );
      this.picked = this.picked.filter((c) => live.has(c));
      if (message.type === "event") this.note(message, before);
      if (round?.phase === "settled" && round.round_id !== this.lastRoundSeen) {
        this.lastRoundSeen = round.round_id;
        void session.refreshBalance();
      }
    } else if (message.type === "ack") {
      if (message.key === this.inFlight) {
        this.answered();
        if (this.inFlightKind === "stake") this.placements = [];
      }
      session.clear();
      void session.refreshBalance();
    } else if (message.type === "error") {
      const resent = message.key !== undefined && message.key === this.resent;
      if (message.key === this.inFlight) this.answered();
      this.refusals += 1;
      // An intent sent again after a lost socket and refused now was done before (a sit or
      // stand naming its box: "already yours", "not yours") or overtaken (the clock folded
      // the box); a stake, deal or decision done before is replayed, not refused:
      // the snapshot just received shows where the
      // table stands and the buttons are the player's again; a refusal shown now could say
      // the opposite of what happened. A refusal that still holds is shown at the next press.
      if (!resent) session.failWith(message as Refusal);
    }
  }

  private answered(): void {
    this.inFlight = null;
    this.waiting = null;
    this.resent = "";
  }

  /** After a lost socket, on the new one's snapshot: the intent that was waiting for its
   * answer is sent again with its key, so the server carries it out once whether or not it
   * got there before (stake, deal and act replay the stored answer of a key; a sit or a
   * stand naming its box cannot be done twice). One that could be done twice (a sit with no
   * box) is given up instead: the snapshot shows whether it was done, and the player may act
   * again. Either way the buttons are not left waiting for an answer that will never come. */
  private settleWaiting(): void {
    const fields = this.waiting;
    const key = this.inFlight;
    if (!fields || !key || !this.socket) return;
    const kind = String(fields.intent ?? "");
    if (KEYED.has(kind) || typeof fields.box === "number") {
      this.resent = key;
      this.transmit(key, fields);
    } else {
      this.answered();
    }
  }

  private note(message: { seq: number; event?: string; by?: string }, before: TableState | null): void {
    const event = message.event ?? "";
    const turnBox = before?.round?.turn?.box;
    if (event === "timer" && turnBox && this.myBoxes.includes(turnBox)) {
      this.clockNote = session.t("folded_by_clock", { n: turnBox });
    } else if (event !== "timer") {
      this.clockNote = null;
    }
    // who sat there before the event (one who left) or after it (one who came)
    const seats = { ...this.state?.table.seats, ...before?.table.seats };
    const who = message.by === undefined ? "" : `${playerName(seats, this.you, message.by, session.lang)}: `;
    const key = `ev_${event}`;
    const text = known(key) ? session.t(key) : session.t("ev_other");
    this.log = [{ seq: message.seq, text: `${who}${text}` }, ...this.log].slice(0, 30);
  }

  /** Send one intent; only one of this table's intents is in flight at a time. */
  send(fields: Record<string, unknown>): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || this.inFlight) return false;
    const key = newKey();
    this.inFlight = key;
    this.inFlightKind = String(fields.intent ?? "");
    this.waiting = { ...fields };
    this.resent = "";
    this.transmit(key, fields);
    return true;
  }

  private transmit(key: string, fields: Record<string, unknown>): void {
    this.socket?.send(JSON.stringify({ type: "intent", key, ...fields }));
  }

  place(line: string): void {
    if (this.chip > 0) this.placements = [...this.placements, { line, amount: this.chip }];
  }

  undo(): void {
    this.placements = this.placements.slice(0, -1);
  }

  clearStake(): void {
    this.placements = [];
  }

  rebet(): void {
    this.placements = [...this.lastPlacements];
  }

  /** Per line, what the box would stake: the chips placed, a fee line at its price. */
  lineTotals(): Record<string, number> {
    const placed = totals(this.placements);
    return this.spec ? priced(this.spec, placed) : placed;
  }

  total(): number {
    return Object.values(this.lineTotals()).reduce((a, b) => a + b, 0);
  }

  /** What the player chose for the next box staked. */
  choice(): StakeChoice {
    return { lines: this.lineTotals(), dark: this.dark, prebuy: this.prebuy };
  }

  /** What staking costs with a dark box's blind BET and pre-buys, by the table's stake spec. */
  cost(): number {
    return this.spec ? stakeCost(this.spec, this.choice()) : this.total();
  }

  /** The stake intent's body: roulette's chip value, else the one stake form by the spec. */
  stakeFor(game: string): Record<string, unknown> | null {
    if (game === "roulette") return this.stakeChip ? { chip: this.stakeChip } : null;
    return this.spec ? stakeBody(this.spec, this.choice()) : null;
  }

  stake(box: number, game: string): void {
    const stake = this.stakeFor(game);
    if (!stake) return;
    if (this.send({ intent: "stake", box, stake })) {
      if (game !== "roulette") this.lastPlacements = [...this.placements];
    }
  }
}
