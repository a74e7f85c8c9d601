import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "./session.svelte";
import { TableConnection } from "./table.svelte";

// A stand-in for the browser's WebSocket: what the page sent, and the server's side to drive.
class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  private listeners: Record<string, ((event: { data?: string }) => void)[]> = {};

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  addEventListener(kind: string, listener: (event: { data?: string }) => void): void {
    this.listeners[kind] = [...(this.listeners[kind] ?? []), listener];
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(): void {
    this.drop();
  }

  // the server's side
  accept(): void {
    this.readyState = FakeSocket.OPEN;
    for (const listener of this.listeners.open ?? []) listener({});
  }

  deliver(message: Record<string, unknown>): void {
    for (const listener of this.listeners.message ?? []) listener({ data: JSON.stringify(message) });
  }

  drop(): void {
    this.readyState = 3;
    for (const listener of this.listeners.close ?? []) listener({});
  }
}

const STATE = {
  you: "p1",
  table: { seats: { 1: "p1" }, limits: { min: 100, max: 10000 }, mode: "personal" },
  round: { round_id: "r1", phase: "playing", legal: [], stakes: [], view: { boxes: [] } },
};

function snapshot(seq: number): Record<string, unknown> {
  return { type: "snapshot", seq, state: STATE };
}

/** The key of the `n`th intent the page sent on `socket`. */
function keyOf(socket: FakeSocket, n = 0): unknown {
  return socket.sent[n]?.key;
}

/** A table connection on its first socket, the snapshot received. */
function connected(): [TableConnection, FakeSocket] {
  const conn = new TableConnection(7);
  conn.open();
  const socket = FakeSocket.made.at(-1) as FakeSocket;
  socket.accept();
  socket.deliver(snapshot(3));
  return [conn, socket];
}

/** The socket dropped; the reconnection's pause passes; the new socket opens and sends its
 * snapshot. */
function reconnected(old: FakeSocket): FakeSocket {
  old.drop();
  vi.runOnlyPendingTimers();
  const socket = FakeSocket.made.at(-1) as FakeSocket;
  expect(socket).not.toBe(old);
  socket.accept();
  socket.deliver(snapshot(5));
  return socket;
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "http:", host: "casino.test" });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("an intent whose socket is lost before its answer", () => {
  it("is sent again on the new socket with the same key, and its answer frees the buttons", () => {
    const [conn, first] = connected();
    const action = { box: 1, act: "play" };
    expect(conn.send({ intent: "act", action })).toBe(true);
    const key = keyOf(first);
    // the server process dies: no answer on this socket, ever
    const second = reconnected(first);
    expect(conn.inFlight).toBe(key); // undecided until the new socket answers it
    expect(second.sent).toEqual([{ type: "intent", key, intent: "act", action }]);
    expect(conn.send({ intent: "act", action: { box: 1, act: "fold" } })).toBe(false);
    second.deliver({ type: "ack", key, seq: 6, replayed: true });
    expect(conn.inFlight).toBeNull();
    expect(conn.send({ intent: "act", action: { box: 1, act: "fold" } })).toBe(true);
    expect(keyOf(second, 1)).not.toBe(key); // the next decision is a new intent
  });

  it("a stake sent again keeps its chips on the rack until the replayed answer, then clears them", () => {
    const [conn, first] = connected();
    conn.chip = 100;
    conn.place("red");
    conn.stake(1, "roulette"); // roulette's stake is the chip's value: no stake spec needed
    const second = reconnected(first);
    expect(second.sent).toHaveLength(1);
    expect(second.sent).toEqual([{ ...first.sent[0], stake: { chip: 100 } }]);
    expect(conn.placements).toHaveLength(1);
    second.deliver({ type: "ack", key: keyOf(first), seq: 6, replayed: true });
    expect(conn.placements).toEqual([]);
  });

  it("sent again and refused (overtaken by the table), frees the buttons and says nothing", () => {
    const [conn, first] = connected();
    conn.send({ intent: "act", action: { box: 1, act: "play" } });
    const key = keyOf(first);
    const second = reconnected(first);
    second.deliver({ type: "error", key, code: "bad_input", kind: "bad_input", message: "no round" });
    expect(conn.inFlight).toBeNull();
    expect(session.notice).toBeNull();
    expect(conn.send({ intent: "act", action: { box: 1, act: "fold" } })).toBe(true);
  });

  it("lost again on the second socket, is sent again on the third, with the same key", () => {
    const [conn, first] = connected();
    conn.send({ intent: "deal" });
    const key = keyOf(first);
    const second = reconnected(first);
    const third = reconnected(second);
    expect(third.sent).toEqual([{ type: "intent", key, intent: "deal" }]);
    third.deliver({ type: "ack", key, seq: 9 });
    expect(conn.inFlight).toBeNull();
  });

  it("a socket refused at its opening sends nothing; the next one, with its snapshot, does", () => {
    const [conn, first] = connected();
    conn.send({ intent: "stand", box: 1 });
    first.drop();
    vi.runOnlyPendingTimers();
    const refused = FakeSocket.made.at(-1) as FakeSocket;
    refused.accept();
    refused.deliver({ type: "error", code: "internal", kind: "internal", message: "starting" });
    expect(refused.sent).toEqual([]);
    const second = reconnected(refused);
    expect(second.sent).toEqual([{ type: "intent", key: keyOf(first), intent: "stand", box: 1 }]);
    expect(conn.inFlight).toBe(keyOf(first));
  });

  it("a sit naming no box is not sent again (it could seat twice): the snapshot decides", () => {
    const [conn, first] = connected();
    conn.send({ intent: "sit" });
    const second = reconnected(first);
    expect(second.sent).toEqual([]);
    expect(conn.inFlight).toBeNull();
  });

  it("an answered intent is not sent again after a later reconnection", () => {
    const [conn, first] = connected();
    conn.send({ intent: "sit", box: 2 });
    first.deliver({ type: "ack", key: keyOf(first), seq: 4 });
    const second = reconnected(first);
    expect(second.sent).toEqual([]);
  });
});
