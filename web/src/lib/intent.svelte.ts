// One money-moving intent: its button is disabled while the request is in flight, and a retry of
// the same intent (same signature) after a lost answer reuses the same idempotency key, so the
// server carries it out once however often it is pressed.
import { newKey } from "./api";
import { ApiRefusal } from "./errors";

export class Intent {
  busy = $state(false);
  private key: string | null = null;
  private signature = "";

  async run<T>(signature: string, send: (key: string) => Promise<T>): Promise<T | undefined> {
    if (this.busy) return undefined;
    if (this.key === null || signature !== this.signature) {
      this.key = newKey();
      this.signature = signature;
    }
    this.busy = true;
    try {
      const answer = await send(this.key);
      this.key = null;
      return answer;
    } catch (error) {
      // A clear refusal ends the intent; a lost answer (network, 5xx) keeps the key for the retry.
      if (error instanceof ApiRefusal && error.status >= 400 && error.status < 500) this.key = null;
      throw error;
    } finally {
      this.busy = false;
    }
  }
}
