// The rules of a profile in words, in the player's language, made from the profile's own settings
// (GET /api/profiles/{id}), so the panel can never disagree with the engine. No raw settings, no
// internal references: sentences and pay tables with the hands' names.
import { type Key, known } from "./i18n";

// biome-ignore lint/suspicious/noExplicitAny: a profile's settings differ per game
type Settings = Record<string, any>;
type T = (key: Key, params?: Record<string, string | number>) => string;

/** A ratio as the profile writes it ("1", "3/2", "1/20") for a sentence: "1", "1.5", "5 %". */
function times(value: string | number): string {
  const [a = "0", b = "1"] = String(value).split("/");
  const n = Number(a) / Number(b);
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

function hand(t: T, category: number | string): string {
  const key = `h${category}`;
  return known(key) ? t(key) : String(category);
}

function list(items: string[], t: T): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${t("r_or")} ${items[items.length - 1]}`;
}

function stud(s: Settings, t: T): string[] {
  const out = [t("r_stud_deal"), t("r_stud_decide", { n: s.bet_antes })];
  out.push(t("r_stud_qualify", { hand: hand(t, s.dealer?.qualifies_with ?? 1) }));
  out.push(t(s.dealer?.no_game === "ante_to_combinations" ? "r_stud_no_game_combination" : "r_stud_no_game"));
  out.push(t(s.ante_on_win === "paid" ? "r_stud_win_paid" : "r_stud_win_returned"));
  if (s.tie === "push") out.push(t("r_tie_push"));
  for (const round of s.improve ?? []) {
    const counts: number[] = round.exchange_counts ?? [];
    const prices = [...new Set(Object.values(round.exchange_prices ?? {}).map((p) => times(p as string)))];
    if (round.after === "sixth" && counts.length)
      out.push(t("r_stud_after_sixth", { n: counts.join(", "), price: prices.join("/") }));
    else if (counts.length)
      out.push(
        t("r_stud_exchange", { from: Math.min(...counts), to: Math.max(...counts), price: prices.join("/") }),
      );
    if (round.sixth) out.push(t("r_stud_sixth", { price: times(round.sixth) }));
  }
  if (s.second_combination) out.push(t("r_stud_second"));
  if (s.insurance) out.push(t("r_stud_insurance", { hand: hand(t, s.insurance.min_hand) }));
  if (s.buy_game)
    out.push(
      t(s.buy_game.when === "before_show" ? "r_stud_buy_before" : "r_stud_buy_after", {
        price: times(s.buy_game.price),
      }),
    );
  if (s.take_half) out.push(t("r_stud_take_half"));
  if (s.bonus?.kind === "side_bet") out.push(t("r_stud_bonus"));
  if (s.bonus?.dealer_bonus) out.push(t("r_stud_dealer_bonus"));
  if (s.table?.dark_boxes_per_player) out.push(t("r_stud_dark"));
  return out;
}

function housePoker(game: string, s: Settings, t: T): string[] {
  const out = [t(game === "three_card" ? "r_three_deal" : "r_holdem_deal")];
  for (const street of s.streets ?? []) {
    const n = times(street.antes);
    if (street.decision === "play_or_fold") out.push(t("r_house_play", { n }));
    else
      out.push(t("r_house_street", { line: t(`line_${street.line}` as Key), n, cards: street.board_before }));
  }
  if (s.dealer_floor) out.push(t("r_house_qualify", { hand: floor(s.dealer_floor, t) }));
  out.push(t(s.ante_paid === "by_table_on_a_win" ? "r_house_ante_table" : "r_house_ante_even"));
  for (const side of s.side_bets ?? []) {
    const line = t(`line_${side.line}` as Key);
    out.push(t(side.without_ante ? "r_house_side_alone" : "r_house_side", { line }));
  }
  return out;
}

const RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** The dealer's lowest playing hand: "Q high", "a pair of 4s", else the hand's name. */
function floor(f: { category: number; rank: number }, t: T): string {
  const rank = RANK_NAMES[f.rank] ?? String(f.rank);
  if (f.category === 0) return t("r_floor_high", { rank });
  if (f.category === 2) return t("r_floor_pair", { rank });
  return hand(t, f.category);
}

function blackjack(s: Settings, t: T): string[] {
  const out = [
    t("r_bj_aim", { decks: s.shoe?.decks ?? 6 }),
    t(s.dealer_hits_soft_17 ? "r_bj_hits_17" : "r_bj_stands_17"),
    t("r_bj_blackjack", { pays: times(s.blackjack_pays) }),
    t("r_bj_double"),
  ];
  if (s.split) out.push(t("r_bj_split", { n: s.split.max_hands }));
  if (s.surrender === "not_against_ace") out.push(t("r_bj_surrender_no_ace"));
  else if (s.surrender && s.surrender !== "none") out.push(t("r_bj_surrender"));
  if (s.insurance) out.push(t("r_bj_insurance", { pays: times(s.insurance.pays) }));
  if (s.twenty_one_plus_three) out.push(t("r_bj_21_3"));
  return out;
}

function baccarat(s: Settings, t: T): string[] {
  const percent = Math.round(Number(times(s.banker_commission)) * 100);
  return [
    t("r_bac_aim", { decks: s.shoe?.decks ?? 8 }),
    t("r_bac_third"),
    t("r_bac_pays", {
      player: times(s.player_pays),
      banker: times(s.banker_pays),
      percent,
      tie: times(s.tie_pays),
    }),
    t(s.tie_returns_player_banker ? "r_bac_tie_returns" : "r_bac_tie_loses"),
  ];
}

function roulette(s: Settings, t: T): string[] {
  return [t("r_roulette_wheel"), t("r_roulette_bets"), t("r_roulette_colours", { n: s.colours ?? 0 })];
}

/** The rules of a profile of ``game`` as sentences in the language ``t`` speaks. */
export function rulesInWords(game: string, settings: Settings, t: T): string[] {
  if (game === "stud") return stud(settings, t);
  if (game === "holdem" || game === "holdem_bonus" || game === "three_card")
    return housePoker(game, settings, t);
  if (game === "blackjack") return blackjack(settings, t);
  if (game === "baccarat") return baccarat(settings, t);
  if (game === "roulette") return roulette(settings, t);
  return [];
}

export type PayRow = [string, string];

/** The pay tables of a profile, hands by name, lowest pay first. */
export function payTables(game: string, s: Settings, t: T): [string, PayRow[]][] {
  const out: [string, PayRow[]][] = [];
  const add = (title: string, table: unknown, name: (k: string) => string = (k) => hand(t, k)) => {
    if (!table || typeof table !== "object") return;
    const rows = Object.entries(table as Record<string, unknown>)
      .filter(([, v]) => typeof v === "number" || typeof v === "string")
      .sort((a, b) => Number(times(a[1] as string)) - Number(times(b[1] as string)))
      .map(([k, v]): PayRow => [name(k), `${times(v as string)} : 1`]);
    if (rows.length) out.push([title, rows]);
  };
  add(t("line_bet"), s.pay_table);
  add(t("line_ante"), s.ante_pays);
  if (s.bonus?.kind === "side_bet") add(t("line_bonus"), s.bonus.pays);
  for (const side of s.side_bets ?? []) {
    const title = known(`line_${side.line}`) ? t(`line_${side.line}` as Key) : side.line;
    add(title, side.pays);
    const hands = (side.hands ?? []).map((h: { box: string[]; dealer: string[]; pays: number }): PayRow => {
      const box = list(
        h.box.map((x) => holeCards(x, t)),
        t,
      );
      const dealer = h.dealer.length
        ? ` + ${t("r_dealer")}: ${list(
            h.dealer.map((x) => holeCards(x, t)),
            t,
          )}`
        : "";
      return [box + dealer, `${h.pays} : 1`];
    });
    if (hands.length)
      out.push([
        title,
        hands.sort((a: PayRow, b: PayRow) => Number.parseFloat(a[1]) - Number.parseFloat(b[1])),
      ]);
  }
  if (s.twenty_one_plus_three)
    add(t("line_twenty_one_plus_three"), s.twenty_one_plus_three, (k) => t(`r_bj_${k}` as Key));
  if (game === "roulette") add(t("pays"), s.pays, (k) => t(`r_bet_${k}` as Key));
  return out;
}

const RANKS: Record<string, string> = { A: "A", K: "K", Q: "Q", J: "J", T: "10" };

/** Two hole cards as a player reads them: "AKs" → "A-K suited", "88" → "pair of 8s" (a pair: "8-8"). */
function holeCards(code: string, t: T): string {
  const [a = "", b = "", kind = ""] = code.split("");
  const first = RANKS[a] ?? a;
  const second = RANKS[b] ?? b;
  if (a === b) return `${first}-${second}`;
  return `${first}-${second} ${t(kind === "s" ? "r_suited" : "r_offsuit")}`;
}
