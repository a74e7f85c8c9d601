// REST calls typed by the server's own OpenAPI schema (api-schema.d.ts, generated).
import type { components } from "./api-schema";
import { ApiRefusal } from "./errors";

export type Schemas = components["schemas"];
export type Me = Schemas["PlayerOut"];

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let answer: Response;
  try {
    answer = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: init.body === undefined ? {} : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiRefusal({ code: "network" }, 0);
  }
  const data: unknown = answer.status === 204 ? null : await answer.json().catch(() => null);
  if (!answer.ok) {
    const error = (data as Partial<Schemas["ErrorOut"]> | null)?.error;
    throw new ApiRefusal(error ?? { code: "internal" }, answer.status);
  }
  return data as T;
}

export function newKey(): string {
  return crypto.randomUUID();
}
