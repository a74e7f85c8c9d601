// The table: one WebSocket, the state it sends (already projected for this viewer), and a view
// generic over the round protocol: boxes, cards, the legal actions with their prices, the
// settlement. Small per-game pieces say how a game stakes and where its cards are.
import { t } from "./i18n.js";
import { api, el, money, newKey, notify, refreshBalance, session } from "./app.js";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

// How each game stakes a box before the deal (round-script form, as the server expects).
const STAKES = {
  stud: (chip, extra) => ({ ante: chip, ...(extra.dark ? { dark: true } : {}) }),
  holdem: (chip) => ({ ante: chip }),
  holdem_bonus: (chip) => ({ ante: chip }),
  three_card: (chip) => ({ ante: chip }),
  blackjack: (chip) => ({ stake: chip }),
  baccarat: (chip, extra) => ({ stakes: { [extra.side || "player"]: chip } }),
  roulette: (chip) => ({ chip }),
};

// The side stakes a profile offers, as its rules (from the profile itself) list them.
function sideLines(game, settings) {
  if (!settings) return [];
  if (Array.isArray(settings.side_bets)) return settings.side_bets.map((b) => b.line);
  if (game === "blackjack" && settings.twenty_one_plus_three) return ["twenty_one_plus_three"];
  if (game === "stud" && settings.bonus) return settings.bonus.dealer_bonus ? ["bonus", "dealer_bonus"] : ["bonus"];
  return [];
}

let socket = null;
const sides = {};
let leaving = false;
let current = null;
let tableId = null;
let selected = new Set();
let chip = null;
let rules = null;
let timer = null;
let root = null;
// Reconnection after a lost socket (the process died, the network blinked): 1 s, then
// doubling up to 15 s, each with some jitter so a restarted process is not hit by every
// client at once; back to 1 s once a connection delivers a message.
let retries = 0;

export function leaveTable() {
  leaving = true;
  if (socket) socket.close();
  socket = null;
  clearInterval(timer);
}

export function cardFace(code, extra = {}) {
  if (!code) return el("span", { class: "card-face back", "data-card": "hidden" });
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  const red = suit === "h" || suit === "d";
  return el("span", { class: `card-face${red ? " red" : ""}${extra.cls ? ` ${extra.cls}` : ""}`, "data-card": code, ...extra.attrs },
    `${rank}${SUITS[suit] || suit}`);
}

function cardsOf(item) {
  if (!item) return [];
  if (Array.isArray(item.cards)) return item.cards;
  if (Array.isArray(item.hands)) return item.hands.flatMap((h) => h.cards || []);
  return [];
}

// What a game shows in the middle of the table besides the dealer: the board, the pocket, bets.
function middleView(view) {
  if (!view) return null;
  const node = el("div", { class: "dealer", id: "middle" });
  if (Array.isArray(view.board) && view.board.length) {
    node.append(el("div", { class: "cards", style: "justify-content:center" }, view.board.map((c) => cardFace(c))));
  }
  if (view.game === "roulette") {
    node.append(el("div", { style: "font-size:28px" }, view.pocket === null || view.pocket === undefined ? "◯" : `● ${view.pocket}`));
    for (const bet of view.bets || []) node.append(el("div", {}, `${bet.spot ?? ""} ${typeof bet.amount === "number" ? money(bet.amount) : ""}`));
  }
  if (view.game === "baccarat" && view.player) {
    node.append(el("div", {}, `Player ${view.player.points ?? ""}: `, el("span", { class: "cards", style: "display:inline-flex" }, cardsOf(view.player).map((c) => cardFace(c)))));
    if (view.result) node.append(el("div", {}, `→ ${view.result}`));
  }
  return node.childNodes.length ? node : null;
}

function dealerView(view) {
  const dealer = view?.dealer || view?.banker || null;
  const node = el("div", { class: "dealer", id: "dealer" }, el("div", {}, view?.banker ? "Banker" : t("dealer")));
  if (!dealer) return node;
  const cards = cardsOf(dealer);
  const row = el("div", { class: "cards", style: "justify-content:center" });
  if (cards.length) {
    for (const code of cards) row.append(cardFace(code, { cls: code === dealer.shown ? "shown" : "" }));
  } else {
    const hidden = (dealer.count || 0) - (dealer.shown ? 1 : 0);
    for (let i = 0; i < hidden; i += 1) row.append(cardFace(null));
    if (dealer.shown) row.append(cardFace(dealer.shown, { cls: "shown" }));
  }
  node.append(row);
  if (dealer.total !== undefined) node.append(el("div", {}, `${dealer.total}`));
  if (dealer.points !== undefined) node.append(el("div", {}, `${dealer.points}`));
  if (dealer.bought_game) node.append(el("div", {}, `${t("buy_game")}: −${dealer.bought_game.dropped} +${dealer.bought_game.drew}`));
  return node;
}

function boxView(state, number) {
  const { table, round, you } = state;
  const seat = table.seats[String(number)];
  const mine = !!you && seat === you;
  const view = round?.view?.boxes?.find((b) => b.box === number);
  const stake = round?.stakes?.find((s) => s.box === number);
  const turn = round?.phase === "playing" && round?.turn?.box === number;
  const node = el("div", { class: `box${mine ? " mine" : ""}${turn ? " turn" : ""}`, "data-box": number },
    el("div", {}, el("b", {}, `${t("box")} ${number}`), " ", seat ? (mine ? `(${t("you")})` : seat) : el("span", { class: "muted" }, t("free"))));
  if (stake) {
    node.append(el("div", { class: "stakes" }, Object.entries(stake.stakes).map(([line, amount]) =>
      `${line === "ante" ? t("ante") : line} ${typeof amount === "number" ? money(amount) : JSON.stringify(amount)}`).join(", "),
      stake.dark ? ` · ${t("dark")}` : ""));
  }
  if (view) {
    const row = el("div", { class: "cards" });
    const cards = cardsOf(view);
    const pickable = mine && round.phase === "playing" && round.legal.some((a) => a.box === number && a.cards);
    if (cards.length) {
      for (const code of cards) {
        const face = cardFace(code, { cls: `${pickable ? "pick" : ""}${selected.has(code) ? " selected" : ""}` });
        if (pickable) face.addEventListener("click", () => { selected.has(code) ? selected.delete(code) : selected.add(code); render(); });
        row.append(face);
      }
    } else {
      for (let i = 0; i < (view.card_count || 0); i += 1) row.append(cardFace(null));
    }
    node.append(row);
    if (Array.isArray(view.hands) && view.hands.length > 1) {
      node.append(el("div", { class: "muted" }, view.hands.map((h, i) => `${i + 1}: ${(h.cards || []).join(" ")} (${h.total ?? ""})`).join(" · ")));
    } else if (view.hands?.[0]?.total !== undefined) {
      node.append(el("div", {}, `${view.hands[0].total}`));
    }
    const facts = [view.stage, view.fees ? `fees ${money(view.fees)}` : "", view.insurance ? `${t("insure")} ${money(view.insurance)}` : ""].filter(Boolean);
    node.append(el("div", { class: "muted" }, facts.join(" · ")));
  }
  const settled = round?.settlement?.boxes?.find((b) => b.box === number);
  if (settled) {
    node.append(el("div", { class: "settlement", "data-net": settled.net },
      el("span", { class: settled.net >= 0 ? "net-plus" : "net-minus" }, `${t("net")} ${money(settled.net)}`), " ",
      settled.outcome || "", el("div", { class: "muted" }, settled.hands.map((h) => h.description).join("; "))));
  }
  if (!seat && session.me) node.append(el("button", { class: "sit", "data-sit": number, onclick: () => send({ intent: "sit", box: number }) }, t("sit")));
  if (mine && (!round || round.phase !== "playing") && !stake) {
    node.append(el("button", { class: "link", onclick: () => send({ intent: "stand", box: number }) }, t("stand_up")));
  }
  return node;
}

export function renderRound(state, _options) {
  const view = state.round?.view;
  const wrap = el("div");
  wrap.append(dealerView(view));
  const middle = middleView(view);
  if (middle) wrap.append(middle);
  const boxes = el("div", { class: "boxes" });
  const seats = state.table ? state.table.boxes : (view?.boxes || []).length;
  if (state.table) {
    for (let i = 1; i <= seats; i += 1) boxes.append(boxView(state, i));
  } else {
    for (const b of view?.boxes || []) {
      boxes.append(el("div", { class: "box", "data-box": b.box }, el("b", {}, `${t("box")} ${b.box}`),
        el("div", { class: "cards" }, cardsOf(b).map((c) => cardFace(c))), el("div", { class: "muted" }, b.stage || "")));
    }
  }
  wrap.append(boxes);
  const settlement = state.round?.settlement;
  if (settlement && !state.table) {
    wrap.append(el("div", { class: "settlement" }, settlement.boxes.map((b) => el("div", {}, `${t("box")} ${b.box}: ${t("net")} ${money(b.net)}`))));
  }
  if (settlement && "dealer_qualifies" in settlement) {
    wrap.append(el("div", {}, settlement.dealer_qualifies ? t("dealer_qualifies") : t("dealer_no_game")));
  }
  return wrap;
}

function send(fields) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return notify("…", true);
  socket.send(JSON.stringify({ type: "intent", key: newKey(), ...fields }));
}

function chipValues(limits) {
  const values = [1, 2, 5, 10].map((n) => n * limits.min).filter((v) => v <= limits.max);
  return values.length ? values : [limits.min];
}

function stakeControls(state) {
  const { table, round, you } = state;
  if (!you) return el("p", { class: "muted" }, session.me ? t("watching_as_spectator") : t("login_to_play"));
  const mine = Object.entries(table.seats).filter(([, card]) => card === you).map(([box]) => Number(box));
  const betting = !round || round.phase !== "playing";
  const staked = new Set((betting && round && round.phase === "betting" ? round.stakes : []).map((s) => s.box));
  const controls = el("div", { class: "controls chips" });
  if (!mine.length || !betting) return controls;
  if (chip === null || chip < table.limits.min || chip > table.limits.max) chip = table.limits.min;
  for (const value of chipValues(table.limits)) {
    controls.append(el("button", { class: `chip${value === chip ? " selected" : ""}`, "data-chip": value, onclick: () => { chip = value; render(); } },
      money(value).replace(".00 ₽", "")));
  }
  const extra = {};
  let dark = null;
  if (table.game === "stud" && rules?.settings?.table?.dark_boxes_per_player > 0) {
    dark = el("input", { type: "checkbox", id: "dark" });
    controls.append(el("label", {}, dark, " ", t("dark")));
  }
  let side = null;
  if (table.game === "baccarat") {
    side = el("select", { id: "side" }, ["player", "banker", "tie"].map((s) => el("option", { value: s }, s)));
    controls.append(side);
  }
  const sideInputs = sideLines(table.game, rules?.settings).map((line) => {
    const input = el("input", { size: 5, "data-side": line, value: sides[line] ?? "", inputmode: "decimal",
      oninput: () => { sides[line] = input.value; } });
    controls.append(el("label", {}, `${line.replace(/_/g, " ").toUpperCase()} `, input));
    return [line, input];
  });
  for (const box of mine.filter((b) => !staked.has(b))) {
    controls.append(el("button", { class: "primary", "data-stake": box, onclick: () => {
      extra.dark = dark?.checked; extra.side = side?.value;
      const stake = (STAKES[table.game] || STAKES.stud)(chip, extra);
      for (const [line, input] of sideInputs) {
        const value = Math.round(Number(String(input.value || "0").replace(",", ".")) * 100);
        if (Number.isFinite(value) && value > 0) stake[line] = value;
      }
      send({ intent: "stake", box, stake });
    } }, `${t("stake")} ${money(chip)} · ${t("box")} ${box}`));
  }
  if (round && round.phase === "betting" && mine.some((b) => staked.has(b))) {
    controls.append(el("button", { id: "deal", onclick: () => send({ intent: "deal" }) }, t("deal")));
  }
  return controls;
}

function priceText(entry) {
  if (entry.prices && Object.keys(entry.prices).length) {
    const values = [...new Set(Object.values(entry.prices))];
    return values.length === 1 ? money(values[0]) : Object.entries(entry.prices).map(([n, p]) => `${n}: ${money(p)}`).join(", ");
  }
  if (entry.price) return money(entry.price);
  if (entry.min_amount !== undefined) {
    return entry.max_amount === undefined ? `≥ ${money(entry.min_amount)}` : `${money(entry.min_amount)} – ${money(entry.max_amount)}`;
  }
  return "";
}

function actionControls(state) {
  const { round } = state;
  const node = el("div", { class: "controls actions", id: "actions" });
  if (!round || round.phase !== "playing" || !round.legal.length) return node;
  node.append(el("b", {}, `${t("your_turn")}: `));
  let amount = null;
  let spot = null;
  if (round.legal.some((a) => a.min_amount !== undefined)) {
    const first = round.legal.find((a) => a.min_amount !== undefined);
    amount = el("input", { id: "amount", size: 8, value: String(first.min_amount / 100) });
    node.append(el("label", {}, `${t("amount")} `, amount));
  }
  if (state.table.game === "roulette") {
    spot = el("input", { id: "spot", size: 10, placeholder: "17, red, voisins" });
    node.append(el("label", {}, `${t("spot")} `, spot));
  }
  for (const entry of round.legal) {
    const price = priceText(entry);
    const label = `${t(entry.act)}${entry.hand ? ` (${entry.hand + 1})` : ""}${price ? ` · ${price}` : ""}`;
    const needsCards = entry.cards && entry.cards.length;
    node.append(el("button", { "data-act": entry.act, "data-box": entry.box, onclick: () => {
      const action = { box: entry.box, act: entry.act };
      if (entry.hand) action.hand = entry.hand;
      if (needsCards) {
        if (!entry.cards.includes(selected.size)) return notify(`${t("pick_cards")} (${entry.cards.join(", ")})`, true);
        action.cards = [...selected];
      }
      if (amount && (entry.min_amount !== undefined || (entry.price === undefined && !needsCards))) {
        const value = Math.round(Number(String(amount.value).replace(",", ".")) * 100);
        if (Number.isFinite(value) && value > 0) action.amount = value;
      }
      if (spot && spot.value) action.spot = spot.value;
      selected = new Set();
      send({ intent: "act", action });
    } }, label));
  }
  if (round.legal.some((a) => a.cards && a.cards.length)) node.append(el("span", { class: "muted" }, t("pick_cards")));
  return node;
}

function rulesPanel() {
  if (!rules) return el("div");
  const s = rules.settings;
  const payTable = s.pay_table || s.pays || s.ante_pays || null;
  return el("details", { class: "card rules", id: "rules" }, el("summary", {}, `${t("rules")}: ${rules.name} (${rules.source})`),
    payTable ? el("table", { class: "list" }, Object.entries(payTable).map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", {}, `${typeof v === "object" ? JSON.stringify(v) : v} : 1`)))) : null,
    el("pre", {}, JSON.stringify(s, null, 1)));
}

function header(state) {
  const { table, round } = state;
  const clock = el("span", { class: "timer", id: "timer" });
  const node = el("div", { class: "controls" },
    el("h2", { style: "margin:0" }, table.name), el("span", {}, `${t("limits")}: ${money(table.limits.min)} – ${money(table.limits.max)}`),
    el("span", {}, t(table.mode)), el("span", {}, `${t("spectators")}: ${table.watching.spectators}`), clock);
  if (round) node.append(el("span", { class: "muted" }, `${t("round")} ${round.number} · ${round.phase}${round.turn ? ` · ${t("waiting_for")}: ${t("box")} ${round.turn.box}, ${round.turn.waiting_for}` : ""}`));
  if (round?.commitment) node.append(el("span", { class: "muted", title: round.commitment }, `${t("commitment")}: ${round.commitment.slice(0, 12)}…`));
  return node;
}

function tickTimer() {
  const node = document.getElementById("timer");
  const deadline = current?.round?.deadline;
  if (!node) return;
  if (!deadline || current.table.mode !== "public") return (node.textContent = "");
  const left = Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
  node.textContent = `⏱ ${t("decide_in")} ${left} s`;
}

function render() {
  if (!root || !current) return;
  const felt = el("div", { class: "felt", id: "felt" }, renderRound(current, {}));
  if (!current.round) felt.append(el("p", {}, t("no_round")));
  root.replaceChildren(header(current), felt, stakeControls(current), actionControls(current), rulesPanel());
  tickTimer();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
  const mine = socket;
  socket.addEventListener("message", (event) => {
    retries = 0;
    const message = JSON.parse(event.data);
    if (message.type === "snapshot" || message.type === "event") {
      current = message.state;
      const liveCards = new Set((current.round?.view?.boxes || []).flatMap(cardsOf));
      selected = new Set([...selected].filter((c) => liveCards.has(c)));
      render();
      if (message.event && message.event !== "sit") refreshBalance();
    } else if (message.type === "error") {
      notify(message.message, true);
    } else if (message.type === "ack") {
      notify("");
      refreshBalance();
    }
  });
  socket.addEventListener("close", () => {
    if (leaving || mine !== socket) return;
    const pause = Math.min(15000, 1000 * 2 ** retries) * (0.75 + Math.random() / 2);
    retries += 1;
    setTimeout(() => { if (!leaving && mine === socket) connect(); }, pause);
  });
}

export async function showTable(view, id) {
  leaveTable();
  leaving = false;
  tableId = id;
  current = null;
  selected = new Set();
  root = el("div", { id: "table", "data-table": id });
  view.append(root);
  const first = await api(`/api/tables/${id}`);
  rules = await api(`/api/profiles/${first.table.profile}`).catch(() => null);
  current = first;
  render();
  connect();
  timer = setInterval(tickTimer, 250);
}
