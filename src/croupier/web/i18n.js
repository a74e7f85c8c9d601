// Interface text in English and Russian. Game words (ANTE, BONUS) stay as casinos print them.
const TEXT = {
  en: {
    lobby: "Lobby", cashier: "Cashier", history: "History", login: "Log in", logout: "Log out",
    balance: "Balance", register: "Register", full_name: "Full name", birth_date: "Date of birth",
    document_type: "Identity document", document_number: "Document number", password: "Password",
    doc_passport: "Passport", doc_foreign_passport: "Foreign passport", doc_id_card: "National ID card",
    doc_driving_licence: "Driving licence", doc_residence_permit: "Residence permit", doc_military_id: "Military ID",
    card_number: "Player card number", registered: "Registered. Your player card number is",
    adult_rule: "Only adults (18 or older) may register.",
    table: "Table", game: "Game", profile: "Rules", limits: "Limits", mode: "Mode", free_boxes: "Free boxes",
    players: "Players", spectators: "Spectators", open: "Open", personal: "personal", public: "public",
    create_personal: "Create a personal table", create: "Create",
    buy_chips: "Buy chips", cash_out: "Cash out", amount: "Amount (roubles)", deposit_limits: "Deposit limits",
    period_1: "24 hours", period_7: "7 days", period_30: "30 days", no_limit: "no limit", set: "Set",
    pending: "pending from", self_exclusion: "Self-exclusion", months: "Months (at least 6)",
    exclude: "Exclude me", excluded_until: "Excluded until", reality_check: "Reality check every (minutes)",
    colour_chips: "Colour", colour_count: "Colour chips", colour_buy: "Buy colour chips at",
    colour_back: "Change back", colour_away: "away: if used now, worth",
    dealer: "Dealer", box: "Box", sit: "Sit", stand_up: "Stand up", free: "free", you: "you",
    stake: "Stake", ante: "ANTE", dark: "dark box", deal: "Deal", your_turn: "Your turn",
    waiting_for: "waiting for", decide_in: "decide in", settled: "Settled", net: "net",
    dealer_qualifies: "dealer qualifies", dealer_no_game: "dealer has no game",
    rules: "Rules and pay table", pick_cards: "Click your cards to choose them, then the action.",
    commitment: "Deck commitment", seed: "Server seed", verify: "Check the deck", verified: "The deck matches the commitment",
    not_verified: "The deck does NOT match the commitment", step: "Step", prev: "Previous", next: "Next",
    watching_as_spectator: "You are watching as a spectator.", login_to_play: "Log in to play.",
    round: "Round", phase: "phase", no_round: "No round yet: sit and stake to start one.",
    exchange: "Exchange", buy_sixth: "Buy 6th card", discard: "Discard", play: "Play", fold: "Fold",
    take_half: "Take half", insure: "Insure", buy_game: "Buy a game", take_ante: "Take ANTE",
    stand: "Stand", hit: "Hit", double: "Double", split: "Split", surrender: "Surrender",
    insurance: "Insurance", even_money: "Even money", bet: "Bet", check: "Check", raise: "Raise",
    no_more_bets: "No more bets", call: "Call", spot: "Spot", price: "price",
    rounds_played: "Your rounds", when: "When", recall: "Recall",
    reality_reminder: "Reality check: another",
  },
  ru: {
    lobby: "Лобби", cashier: "Касса", history: "История", login: "Войти", logout: "Выйти",
    balance: "Баланс", register: "Регистрация", full_name: "ФИО", birth_date: "Дата рождения",
    document_type: "Документ", document_number: "Номер документа", password: "Пароль",
    doc_passport: "Паспорт РФ", doc_foreign_passport: "Заграничный паспорт", doc_id_card: "Удостоверение личности",
    doc_driving_licence: "Водительское удостоверение", doc_residence_permit: "Вид на жительство", doc_military_id: "Военный билет",
    card_number: "Номер карты игрока", registered: "Готово. Номер вашей карты игрока",
    adult_rule: "Регистрироваться могут только совершеннолетние (18 лет и старше).",
    table: "Стол", game: "Игра", profile: "Правила", limits: "Лимиты", mode: "Режим", free_boxes: "Свободные боксы",
    players: "Игроки", spectators: "Зрители", open: "Открыть", personal: "личный", public: "общий",
    create_personal: "Создать личный стол", create: "Создать",
    buy_chips: "Купить фишки", cash_out: "Обменять фишки", amount: "Сумма (руб.)", deposit_limits: "Лимиты депозита",
    period_1: "24 часа", period_7: "7 дней", period_30: "30 дней", no_limit: "без лимита", set: "Установить",
    pending: "вступит в силу", self_exclusion: "Самоисключение", months: "Месяцев (не меньше 6)",
    exclude: "Исключить меня", excluded_until: "Исключён до", reality_check: "Напоминание каждые (минут)",
    colour_chips: "Цвет", colour_count: "Цветные фишки", colour_buy: "Купить цветные фишки по",
    colour_back: "Обменять обратно", colour_away: "долгое отсутствие: сейчас стоят",
    dealer: "Дилер", box: "Бокс", sit: "Сесть", stand_up: "Встать", free: "свободен", you: "вы",
    stake: "Ставка", ante: "АНТЕ", dark: "тёмный бокс", deal: "Раздать", your_turn: "Ваш ход",
    waiting_for: "ждём", decide_in: "решение через", settled: "Расчёт", net: "итог",
    dealer_qualifies: "у дилера игра", dealer_no_game: "у дилера нет игры",
    rules: "Правила и таблица выплат", pick_cards: "Выберите карты щелчком, затем действие.",
    commitment: "Хэш колоды", seed: "Серверный сид", verify: "Проверить колоду", verified: "Колода совпадает с хэшем",
    not_verified: "Колода НЕ совпадает с хэшем", step: "Шаг", prev: "Назад", next: "Вперёд",
    watching_as_spectator: "Вы смотрите как зритель.", login_to_play: "Войдите, чтобы играть.",
    round: "Раунд", phase: "фаза", no_round: "Раунда ещё нет: сядьте и сделайте ставку.",
    exchange: "Обмен", buy_sixth: "Купить 6-ю карту", discard: "Сбросить", play: "Играть", fold: "Пас",
    take_half: "Взять половину", insure: "Страховка", buy_game: "Купить игру", take_ante: "Забрать АНТЕ",
    stand: "Хватит", hit: "Ещё", double: "Удвоить", split: "Разделить", surrender: "Сдаться",
    insurance: "Страховка", even_money: "Один к одному", bet: "Ставка", check: "Чек", raise: "Рейз",
    no_more_bets: "Ставок больше нет", call: "Колл", spot: "Поле", price: "цена",
    rounds_played: "Ваши раунды", when: "Когда", recall: "Просмотр",
    reality_reminder: "Напоминание: прошло ещё",
  },
};

let lang = localStorage.getItem("lang") || (navigator.language || "en").slice(0, 2);
if (!TEXT[lang]) lang = "en";

export function t(key) {
  return TEXT[lang][key] ?? TEXT.en[key] ?? key;
}

export function language() {
  return lang;
}

export function setLanguage(next) {
  lang = TEXT[next] ? next : "en";
  localStorage.setItem("lang", lang);
  document.documentElement.lang = lang;
  translate(document);
}

export function translate(root) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}
