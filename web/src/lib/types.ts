// The table's state as the WebSocket sends it (already projected for this viewer). Not in the
// OpenAPI schema (it is a socket message), so written here; only what the client reads.
import type { components } from "./api-schema";

type Schemas = components["schemas"];
export interface Limits {
  min: number;
  max: number;
  max_payout: number;
}

export interface TableInfo {
  id: number;
  name: string;
  game: string;
  profile: string;
  limits: Limits;
  mode: "personal" | "public";
  boxes: number;
  max_players: number;
  decision_seconds: number;
  currency: string;
  seats: Record<string, string>;
  free_boxes: number[];
  open_round: string | null;
  watching: { players: number; spectators: number };
  players: number;
  owner?: string | null;
}

export interface Legal {
  act: string;
  box: number;
  hand?: number;
  price?: number;
  prices?: Record<string, number>;
  cards?: number[];
  min_amount?: number;
  max_amount?: number;
}

export interface Line {
  line: string;
  staked: number;
  returned: number;
  note?: string;
}

export interface SettledBox {
  box: number;
  player: string;
  net: number;
  outcome: string;
  hands: { name: string; cards: string[]; description: string }[];
  lines: Line[];
}

export interface Settlement {
  boxes: SettledBox[];
  dealer: { name: string; cards: string[]; description: string }[];
  dealer_qualifies?: boolean;
  pocket?: number;
  result?: string;
  [key: string]: unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: each game's view has its own shape, read by its component
export type View = Record<string, any>;

export interface Round {
  round_id: string;
  number: number;
  game: string;
  profile: string;
  phase: "betting" | "playing" | "settled" | string;
  commitment: string;
  server_seed: string | null;
  stakes: { box: number; player: string; stakes: Record<string, unknown> }[];
  turn: { box: number; hand: number; player: string; waiting_for: string } | null;
  deadline: string | null;
  legal: Legal[];
  view: View | null;
  settlement: Settlement | null;
}

export interface TableState {
  table: TableInfo;
  round: Round | null;
  you: string | null;
}

export type ServerMessage =
  | { type: "snapshot" | "event"; seq: number; state: TableState; event?: string; by?: string }
  | { type: "ack"; key: string; seq: number }
  | ({ type: "error"; key?: string } & Schemas["ErrorDetail"])
  | { type: "pong"; seq: number };
