// The browser client: a few pages over the REST API, and the table over its WebSocket.
// No build step: plain ES modules served as they are.
import { t, language, setLanguage, translate } from "./i18n.js";
import { showTable, leaveTable } from "./table.js";

export const session = { me: null, balance: null };

export function money(kopecks) {
  if (kopecks === null || kopecks === undefined) return "—";
  const sign = kopecks < 0 ? "-" : "";
  const abs = Math.abs(kopecks);
  return `${sign}${Math.floor(abs / 100).toLocaleString("ru-RU")}.${String(abs % 100).padStart(2, "0")} ₽`;
}

export function toKopecks(text) {
  const clean = String(text).replace(",", ".").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ""] = clean.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function notify(message, error = false) {
  const box = document.getElementById("notice");
  box.textContent = message;
  box.className = error ? "error" : "";
  box.hidden = !message;
}

export function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`.replace(".", "");
}

export async function api(path, options = {}) {
  const init = { method: options.method || "GET", headers: {}, credentials: "same-origin" };
  if (options.body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  const answer = await fetch(path, init);
  const data = answer.status === 204 ? null : await answer.json().catch(() => null);
  if (!answer.ok) {
    const message = data?.error?.message || `${answer.status} ${answer.statusText}`;
    throw new Error(message);
  }
  return data;
}

export async function refreshBalance() {
  if (!session.me) return;
  try {
    session.balance = (await api("/api/balance")).balance;
  } catch {
    session.balance = null;
  }
  document.getElementById("balance").textContent = money(session.balance);
}

async function loadMe() {
  try {
    session.me = await api("/api/me");
  } catch {
    session.me = null;
  }
  for (const node of document.querySelectorAll(".needs-login")) node.hidden = !session.me;
  for (const node of document.querySelectorAll(".needs-logout")) node.hidden = !!session.me;
  document.getElementById("player-name").textContent = session.me ? session.me.full_name : "";
  await refreshBalance();
  await scheduleRealityCheck();
}

// Responsible gaming: a reminder every N minutes of a session, as the player set it.
let realityTimer = null;
async function scheduleRealityCheck() {
  clearTimeout(realityTimer);
  if (!session.me) return;
  const limits = await api("/api/limits").catch(() => null);
  if (!limits?.next_reality_check || !limits.reality_check_minutes) return;
  const every = limits.reality_check_minutes * 60_000;
  const remind = () => {
    notify(`${t("reality_reminder")} ${limits.reality_check_minutes} min. ${t("balance")}: ${money(session.balance)}`);
    realityTimer = setTimeout(remind, every);
  };
  realityTimer = setTimeout(remind, Math.max(0, Date.parse(limits.next_reality_check) - Date.now()));
}

function field(name, type = "text", extra = {}) {
  return el("label", {}, t(name), " ", el("input", { name, type, required: true, ...extra }));
}

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

// The identity documents the casino registers (casino/documents.py): a fixed list.
const DOCUMENT_TYPES = ["passport", "foreign_passport", "id_card", "driving_licence", "residence_permit", "military_id"];

function loginPage(view) {
  const register = el("form", { class: "card", id: "register-form" },
    el("h2", {}, t("register")), el("p", { class: "muted" }, t("adult_rule")),
    field("full_name"), field("birth_date", "date"),
    el("label", {}, t("document_type"), " ",
      el("select", { name: "document_type" },
        ...DOCUMENT_TYPES.map((type) => el("option", { value: type }, t(`doc_${type}`))))),
    field("document_number"), field("password", "password", { minlength: 10 }),
    el("button", { class: "primary", type: "submit" }, t("register")));
  const login = el("form", { class: "card", id: "login-form" },
    el("h2", {}, t("login")), field("card_number", "text", { inputmode: "numeric" }),
    field("password", "password"), el("button", { class: "primary", type: "submit" }, t("login")));
  register.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = formData(register);
    try {
      const player = await api("/api/register", { method: "POST", body: data });
      await api("/api/login", { method: "POST", body: { card_number: player.card_number, password: data.password } });
      notify(`${t("registered")} ${player.card_number}`);
      await loadMe();
      location.hash = "#/cashier";
    } catch (error) {
      notify(error.message, true);
    }
  });
  login.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("/api/login", { method: "POST", body: formData(login) });
      notify("");
      await loadMe();
      location.hash = "#/lobby";
    } catch (error) {
      notify(error.message, true);
    }
  });
  view.append(el("div", { class: "cols" }, register, login));
}

async function lobbyPage(view) {
  const [tables, profiles, tiers] = await Promise.all([api("/api/tables"), api("/api/profiles"), api("/api/limit-tiers")]);
  const names = Object.fromEntries(profiles.map((p) => [p.id, p.name]));
  const rows = tables.map((table) => el("tr", { "data-table": table.id, "data-profile": table.profile, "data-mode": table.mode },
    el("td", {}, table.name), el("td", {}, table.game), el("td", {}, names[table.profile] || table.profile),
    el("td", {}, `${money(table.limits.min)} – ${money(table.limits.max)}`), el("td", {}, t(table.mode)),
    el("td", {}, table.free_boxes.join(", ") || "—"), el("td", {}, table.players),
    el("td", {}, table.watching.spectators),
    el("td", {}, el("a", { href: `#/table/${table.id}` }, el("button", {}, t("open"))))));
  const head = el("tr", {}, ...["table", "game", "profile", "limits", "mode", "free_boxes", "players", "spectators", ""]
    .map((key) => el("th", {}, key ? t(key) : "")));
  view.append(el("h2", {}, t("lobby")), el("table", { class: "list", id: "lobby" }, el("thead", {}, head), el("tbody", {}, rows)));
  if (session.me) {
    const choice = el("select", { name: "profile" }, profiles.filter((p) => p.playable)
      .map((p) => el("option", { value: p.id }, p.name)));
    // A personal table takes one of the casino's limit tiers, never free numbers.
    const tier = el("select", { name: "tier", "aria-label": t("limits") }, tiers.map((x) =>
      el("option", x.tier === "25" ? { value: x.tier, selected: true } : { value: x.tier },
        `${money(x.limits.min)} – ${money(x.limits.max)}`)));
    const form = el("form", { class: "card", id: "create-table" }, el("h3", {}, t("create_personal")), choice, " ",
      tier, " ", el("button", { class: "primary", type: "submit" }, t("create")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const table = await api("/api/tables", { method: "POST", body: { profile: choice.value, tier: tier.value } });
        location.hash = `#/table/${table.id}`;
      } catch (error) {
        notify(error.message, true);
      }
    });
    view.append(form);
  }
}

async function cashierPage(view) {
  if (!session.me) return (location.hash = "#/login");
  const limits = await api("/api/limits");
  const moneyForm = (id, title, path) => {
    const form = el("form", { class: "card", id }, el("h3", {}, title),
      el("label", {}, t("amount"), " ", el("input", { name: "amount", inputmode: "decimal", required: true })),
      el("button", { class: "primary", type: "submit" }, title));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const amount = toKopecks(form.amount.value);
      if (!amount) return notify(`${t("amount")}?`, true);
      try {
        await api(path, { method: "POST", body: { key: newKey(), amount } });
        form.reset();
        notify("");
        await refreshBalance();
        route();
      } catch (error) {
        notify(error.message, true);
      }
    });
    return form;
  };
  const limitRows = limits.deposit_limits.map((limit) => {
    const input = el("input", { name: `limit-${limit.period_days}`, inputmode: "decimal", size: 8,
      value: limit.amount === null ? "" : String(limit.amount / 100) });
    const button = el("button", { type: "button", onclick: async () => {
      const amount = input.value.trim() === "" ? null : toKopecks(input.value);
      try {
        await api("/api/limits/deposit", { method: "PUT", body: { period_days: limit.period_days, amount } });
        route();
      } catch (error) {
        notify(error.message, true);
      }
    } }, t("set"));
    const pending = limit.pending_amount !== null || limit.pending_from
      ? ` (${t("pending")} ${new Date(limit.pending_from).toLocaleString()}: ${limit.pending_amount === null ? t("no_limit") : money(limit.pending_amount)})` : "";
    return el("tr", {}, el("td", {}, t(`period_${limit.period_days}`)),
      el("td", {}, limit.amount === null ? t("no_limit") : money(limit.amount), pending), el("td", {}, input, " ", button));
  });
  const months = el("input", { name: "months", type: "number", min: 6, value: 6 });
  const exclusion = el("section", { class: "card" }, el("h3", {}, t("self_exclusion")),
    limits.excluded_until ? el("p", {}, `${t("excluded_until")} ${new Date(limits.excluded_until).toLocaleDateString()}`) : null,
    el("label", {}, t("months"), " ", months), " ",
    el("button", { type: "button", onclick: async () => {
      try {
        await api("/api/limits/self-exclusion", { method: "POST", body: { months: Number(months.value) } });
        route();
      } catch (error) {
        notify(error.message, true);
      }
    } }, t("exclude")));
  const minutes = el("input", { type: "number", min: 1, max: 1440, value: limits.reality_check_minutes ?? "" });
  const reality = el("section", { class: "card" }, el("label", {}, t("reality_check"), " ", minutes), " ",
    el("button", { type: "button", onclick: async () => {
      const value = minutes.value ? Number(minutes.value) : null;
      try {
        await api("/api/limits/reality-check", { method: "PUT", body: { minutes: value } });
        route();
      } catch (error) {
        notify(error.message, true);
      }
    } }, t("set")));
  view.append(el("h2", {}, t("cashier"), " — ", el("span", { id: "cashier-balance" }, money(session.balance))),
    el("div", { class: "cols" }, moneyForm("buy-form", t("buy_chips"), "/api/cashier/buy"),
      moneyForm("cash-out-form", t("cash_out"), "/api/cashier/cash-out")),
    el("section", { class: "card" }, el("h3", {}, t("deposit_limits")), el("table", { class: "list" }, limitRows)),
    exclusion, reality);
}

async function historyPage(view, roundId) {
  if (!session.me) return (location.hash = "#/login");
  if (roundId && !roundId.startsWith("page-")) return recallPage(view, roundId);
  const number = roundId ? Number(roundId.slice(5)) || 1 : 1;
  const page = await api(`/api/history?per_page=20&page=${number}`);
  // The last ten rounds can be recalled step by step (the newest are on the first page).
  const rows = page.rounds.map((r, i) => el("tr", {},
    el("td", {}, r.round_id), el("td", {}, r.profile), el("td", {}, new Date(r.opened_at).toLocaleString()),
    el("td", { class: r.net >= 0 ? "net-plus" : "net-minus" }, money(r.net)),
    el("td", {}, number === 1 && i < 10 ? el("a", { href: `#/history/${r.round_id}` }, t("recall")) : "")));
  const pager = el("div", { class: "controls" },
    number > 1 ? el("a", { href: `#/history/page-${number - 1}` }, el("button", {}, t("prev"))) : null,
    el("span", {}, `${number} / ${page.pages}`),
    number < page.pages ? el("a", { href: `#/history/page-${number + 1}` }, el("button", {}, t("next"))) : null);
  view.append(el("h2", {}, t("rounds_played")), el("table", { class: "list", id: "history" },
    el("tr", {}, ...["round", "profile", "when", "net", ""].map((k) => el("th", {}, k ? t(k) : ""))), rows), pager);
}

async function recallPage(view, roundId) {
  const { renderRound } = await import("./table.js");
  const recall = await api(`/api/history/${encodeURIComponent(roundId)}`);
  let index = recall.steps.length - 1;
  const stage = el("div", { class: "felt", id: "recall" });
  const label = el("span");
  const show = () => {
    const step = recall.steps[index];
    label.textContent = `${t("step")} ${index + 1} / ${recall.steps.length}: ${step.kind} ${step.payload.act || ""} ${(step.payload.cards || []).join(" ")}`;
    stage.replaceChildren(renderRound({ round: { view: step.view, game: recall.game, phase: recall.phase,
      settlement: index === recall.steps.length - 1 ? recall.settlement : null, legal: [], stakes: [] } }, {}));
  };
  const verdict = el("p", { id: "fair-result" });
  const check = el("button", { id: "verify", onclick: async () => {
    const result = await api("/api/fair/verify", { method: "POST", body: {
      server_seed: recall.server_seed, client_seed: recall.client_seed, nonce: recall.nonce, commitment: recall.commitment } });
    verdict.textContent = result.ok ? `✔ ${t("verified")}: ${result.deck.join(" ")}` : `✘ ${t("not_verified")}`;
  } }, t("verify"));
  view.append(el("h2", {}, `${t("round")} ${recall.round_id} (${recall.profile})`),
    el("div", { class: "controls" },
      el("button", { onclick: () => { index = Math.max(0, index - 1); show(); } }, t("prev")),
      el("button", { onclick: () => { index = Math.min(recall.steps.length - 1, index + 1); show(); } }, t("next")), label),
    stage,
    el("section", { class: "card" }, el("p", {}, `${t("commitment")}: `, el("code", {}, recall.commitment)),
      el("p", {}, `${t("seed")}: `, el("code", {}, recall.server_seed || "—")),
      recall.server_seed ? check : null, verdict));
  show();
}

export async function route() {
  const view = document.getElementById("view");
  const [, page = "lobby", arg] = location.hash.split("/");
  if (page !== "table") leaveTable();
  view.replaceChildren();
  try {
    if (page === "login") loginPage(view);
    else if (page === "cashier") await cashierPage(view);
    else if (page === "history") await historyPage(view, arg);
    else if (page === "table") await showTable(view, Number(arg));
    else await lobbyPage(view);
  } catch (error) {
    notify(error.message, true);
  }
  translate(document);
}

async function start() {
  const chooser = document.getElementById("lang");
  chooser.value = language();
  chooser.addEventListener("change", () => { setLanguage(chooser.value); route(); });
  setLanguage(language());
  document.getElementById("logout").addEventListener("click", async () => {
    await api("/api/logout", { method: "POST" }).catch(() => null);
    await loadMe();
    location.hash = "#/lobby";
    route();
  });
  await loadMe();
  window.addEventListener("hashchange", route);
  route();
}

start();
