// Reconnection after a lost table socket (the process died, the network blinked): 1 s, then
// doubling up to 15 s, each pause jittered by ±25 % so a restarted server process is not hit by
// every client at once; back to 1 s once a connection delivers a message. The server's first
// message on the new socket is a snapshot, so the table resumes from it whatever was missed.
export const FIRST_PAUSE_MS = 1000;
export const LONGEST_PAUSE_MS = 15000;

/** The pause before reconnection attempt number `retries` (0 for the first); `random` in [0, 1). */
export function reconnectPause(retries: number, random: number = Math.random()): number {
  const base = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.min(retries, 10));
  return Math.round(base * (0.75 + random / 2));
}
