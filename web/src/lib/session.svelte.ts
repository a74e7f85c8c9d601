// The player's session across pages: language, who is logged in, the balance, one notice line.
import { type Schemas, api } from "./api";
import { ApiRefusal, type Refusal, refusalText } from "./errors";
import { type Key, type Lang, defaultLang, translate } from "./i18n";
import { formatMoney } from "./money";

export interface Player {
  card_number: string;
  full_name: string;
  [key: string]: unknown;
}

class Session {
  lang = $state<Lang>("ru");
  me = $state<Player | null>(null);
  balance = $state<number | null>(null);
  notice = $state<{ text: string; error: boolean } | null>(null);
  ready = $state(false);
  // The day a self-exclusion of the player ends ("YYYY-MM-DD"), null when none: the tables
  // then offer no stake (the server refuses them) but say until when; cashing out stays open.
  excludedUntil = $state<string | null>(null);

  constructor() {
    const saved = typeof localStorage === "undefined" ? null : localStorage.getItem("lang");
    const browser = typeof navigator === "undefined" ? [] : navigator.languages;
    this.lang = defaultLang(saved, browser);
  }

  /** Self-excluded today (the server's figure; the day it ends is still excluded). */
  get excluded(): boolean {
    return this.excludedUntil !== null && this.excludedUntil >= new Date().toISOString().slice(0, 10);
  }

  t = (key: Key, params: Record<string, string | number> = {}): string => translate(this.lang, key, params);
  money = (kopecks: number | null | undefined): string => formatMoney(kopecks, this.lang);

  setLang(lang: Lang): void {
    this.lang = lang;
    localStorage.setItem("lang", lang);
    document.documentElement.lang = lang;
  }

  say(text: string): void {
    this.notice = { text, error: false };
  }

  fail(error: unknown): void {
    const refusal: Refusal = error instanceof ApiRefusal ? error.refusal : { code: "internal" };
    this.failWith(refusal);
  }

  failWith(refusal: Refusal): void {
    this.notice = { text: refusalText(refusal, this.lang), error: true };
    const until = refusal.params?.until;
    if (refusal.code === "self_excluded" && typeof until === "string") this.excludedUntil = until;
  }

  /** The player's protections as the server holds them (GET /api/limits): what the tables
   * offer follows them. */
  noteLimits(limits: Schemas["LimitsOut"]): void {
    this.excludedUntil = limits.excluded_until ? limits.excluded_until.slice(0, 10) : null;
  }

  clear(): void {
    this.notice = null;
  }

  async load(): Promise<void> {
    try {
      this.me = await api<Player>("/api/me");
    } catch {
      this.me = null;
    }
    this.excludedUntil = null;
    if (this.me) {
      const limits = await api<Schemas["LimitsOut"]>("/api/limits").catch(() => null);
      if (limits) this.noteLimits(limits);
    }
    await this.refreshBalance();
    this.ready = true;
  }

  async refreshBalance(): Promise<void> {
    if (!this.me) {
      this.balance = null;
      return;
    }
    try {
      this.balance = (await api<{ balance: number }>("/api/balance")).balance;
    } catch {
      this.balance = null;
    }
  }
}

export const session = new Session();
