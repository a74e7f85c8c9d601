import { describe, expect, it } from "vitest";
import { ApiRefusal } from "./errors";
import { Intent } from "./intent.svelte";

describe("a money intent keeps one idempotency key until it is answered", () => {
  it("a retry after a lost answer sends the same key; the next intent a new one", async () => {
    const intent = new Intent();
    const keys: string[] = [];
    await expect(
      intent.run("buy:1000", async (key) => {
        keys.push(key);
        throw new ApiRefusal({ code: "network" }, 0);
      }),
    ).rejects.toBeInstanceOf(ApiRefusal);
    await intent.run("buy:1000", async (key) => keys.push(key));
    await intent.run("buy:1000", async (key) => keys.push(key));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
  it("a second press while the first is in flight sends nothing", async () => {
    const intent = new Intent();
    let sent = 0;
    let release: () => void = () => {};
    const first = intent.run("buy", () => {
      sent += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    expect(intent.busy).toBe(true);
    const second = await intent.run("buy", async () => {
      sent += 1;
    });
    expect(second).toBeUndefined();
    release();
    await first;
    expect(sent).toBe(1);
    expect(intent.busy).toBe(false);
  });
  it("another amount is another intent, with its own key", async () => {
    const intent = new Intent();
    const keys: string[] = [];
    await intent
      .run("buy:1", async () => {
        throw new ApiRefusal({ code: "internal" }, 500);
      })
      .catch(() => null);
    await intent.run("buy:1", async (key) => keys.push(key));
    await intent.run("buy:2", async (key) => keys.push(key));
    expect(keys[0]).not.toBe(keys[1]);
  });
});
