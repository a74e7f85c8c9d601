// Pages by the address's hash (#/lobby, #/table/7, #/history/t7-r1); a new page clears the notice.
import { session } from "./session.svelte";

export interface Route {
  page: string;
  arg: string;
}

function parse(hash: string): Route {
  const [, page = "lobby", arg = ""] = hash.split("/");
  return { page: page || "lobby", arg: decodeURIComponent(arg) };
}

class Router {
  route = $state<Route>(parse(typeof location === "undefined" ? "" : location.hash));

  start(): void {
    window.addEventListener("hashchange", () => {
      this.route = parse(location.hash);
      session.clear();
    });
  }

  go(hash: string): void {
    location.hash = hash;
  }
}

export const router = new Router();
