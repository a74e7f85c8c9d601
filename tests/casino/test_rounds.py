"""The round runner: a stud round from the stake to the settlement, through the ledger."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from croupier.cards.card import format_card
from croupier.cards.deck import Deck, shoe
from croupier.cards.fair import FairSeed
from croupier.casino import Casino, Profile, Role, round_records
from croupier.casino.replay import events_of, rebuild
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, TableInfo, TableMode, Tables
from croupier.games.base import Limits, Viewer
from croupier.store.round_models import Phase, RoundEvent, TableRound

LIMITS = Limits(100, 10_000, 1_000_000)


def seated_at_russian(
    casino: Casino, new_player: Callable[..., Profile]
) -> tuple[str, Tables, Rounds, TableInfo]:
    """A player with chips, seated at box 1 of a personal Russian-poker table."""
    ann = new_player().card_number
    casino.cashier.buy_chips("buy-1", ann, 100_000)
    tables, rounds = Tables(casino.store), Rounds(casino.store, casino.ledger)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PERSONAL))
    tables.sit(table.id, ann, 1)
    return ann, tables, rounds, table


def test_stud_round_stakes_held_then_settled_through_the_ledger(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann, _, rounds, table = seated_at_russian(casino, new_player)
    view = rounds.stake("s-1", table.id, ann, 1, {"ante": 1000})
    # Every seated box is staked: dealt at once, the ANTE held, the seed only committed.
    assert view.phase is Phase.PLAYING
    assert casino.ledger.balance(ann) == 99_000
    assert casino.ledger.holds(view.round_id) == {ann: 1000}
    assert view.server_seed is None and len(view.commitment) == 64
    assert "cards" in view.view["boxes"][0]  # the owner sees the own light box
    assert "cards" not in rounds.view(view.round_id, Viewer.spectator()).view["boxes"][0]
    view = rounds.act("a-1", view.round_id, ann, {"box": 1, "act": "fold"})
    assert view.phase is Phase.SETTLED
    assert view.settlement is not None and view.settlement["boxes"][0]["net"] == -1000
    assert casino.ledger.balance(ann) == 99_000
    assert view.server_seed is not None  # revealed after the settlement
    assert casino.audit().ok


def test_repeated_action_key_is_replayed_not_applied_twice(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann, _, rounds, table = seated_at_russian(casino, new_player)
    first = rounds.stake("s-1", table.id, ann, 1, {"ante": 1000})
    again = rounds.stake("s-1", table.id, ann, 1, {"ante": 1000})
    assert again.replayed and again.round_id == first.round_id
    assert casino.ledger.balance(ann) == 99_000
    played = rounds.act("a-1", first.round_id, ann, {"box": 1, "act": "play"})
    assert rounds.act("a-1", first.round_id, ann, {"box": 1, "act": "play"}).replayed
    assert played.events == rounds.view(first.round_id, Viewer.house()).events


def test_roulette_bet_over_the_position_maximum_holds_only_what_the_layout_took(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player().card_number
    casino.cashier.buy_chips("buy-1", ann, 100_000)
    tables, rounds = Tables(casino.store), Rounds(casino.store, casino.ledger)
    table = tables.create(TableConfig("roulette", Limits(100, 5_000, 1_000_000)))
    tables.sit(table.id, ann)
    rid = rounds.stake("s-1", table.id, ann, 1, {"chip": 100}).round_id
    bet = {"box": 1, "act": "bet", "spot": "straight:17", "amount": 9_000}
    view = rounds.act("b-1", rid, ann, bet)
    (placed,) = view.view["bets"] if view.view else []
    taken = placed["amount"] - placed["returned_over_maximum"]
    assert placed["returned_over_maximum"] > 0
    assert casino.ledger.holds(rid) == {ann: taken}
    # the position is now at its maximum: a further bet on it is accepted, none of it held
    again = rounds.act("b-2", rid, ann, {**bet, "amount": 1_000})
    assert again.view and again.view["bets"][-1]["returned_over_maximum"] == 1_000
    assert casino.ledger.holds(rid) == {ann: taken}
    closed = rounds.act("n-1", rid, ann, {"act": "no_more_bets"})
    assert closed.phase is Phase.SETTLED
    assert casino.audit().ok


def test_blackjack_shoe_carries_over_between_rounds_and_its_seed_stays_secret_until_retired(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann = new_player().card_number
    boss = new_player("Marina Boss", role=Role.MANAGER).card_number
    casino.cashier.buy_chips("buy-1", ann, 100_000)
    tables, rounds = Tables(casino.store), Rounds(casino.store, casino.ledger)
    table = tables.create(TableConfig("blackjack", LIMITS, TableMode.PERSONAL))
    tables.sit(table.id, ann, 1)
    first = rounds.stake("s-1", table.id, ann, 1, {"stake": 1000})
    while first.phase is Phase.PLAYING:
        first = rounds.act(f"a-{first.events}", first.round_id, ann, {"box": 1, "act": "stand"})
    assert first.phase is Phase.SETTLED
    assert first.server_seed is None  # the shoe goes on: its seed stays secret
    second = rounds.stake("s-2", table.id, ann, 1, {"stake": 1000})
    stakes = 2
    while second.phase is not Phase.PLAYING:  # a natural settles at the deal: deal again
        assert second.server_seed is None
        first, stakes = second, stakes + 1
        second = rounds.stake(f"s-{stakes}", table.id, ann, 1, {"stake": 1000})
    assert second.commitment == first.commitment and second.server_seed is None
    rounds.void(second.round_id, boss, "shoe retired for the test")
    seed = rounds.view(first.round_id, Viewer.house()).server_seed
    assert seed is not None  # retired: every round of the shoe shows the seed
    assert rounds.view(second.round_id, Viewer.house()).server_seed == seed
    # The second round was dealt from where the first left the shoe.
    with casino.store.read() as session:
        before = session.get_one(TableRound, first.round_id).shoe_offset
        offset = session.get_one(TableRound, second.round_id).shoe_offset
    shoe_cards = Deck.shuffled(FairSeed(bytes.fromhex(seed), "", 1), shoe(6)).stock
    dealt_first = rounds.view(first.round_id, Viewer.house()).view or {}
    used = len(dealt_first["dealer"]["cards"]) + sum(
        len(hand["cards"]) for box in dealt_first["boxes"] for hand in box["hands"]
    )
    assert offset == before + used
    dealt = rounds.view(second.round_id, Viewer.house()).view or {}
    assert dealt["boxes"][0]["hands"][0]["cards"][0] == format_card(shoe_cards[offset])
    assert casino.audit().ok


def test_a_dark_box_is_held_what_the_engine_stakes_for_it_bet_and_pre_buys_included(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    """Holds come from the engine's ``staked``: a dark box's BET and blind pre-buys
    are held with its ANTE, and the settlement stakes exactly what was held
    (a mismatch would void the round)."""
    ann, tables, rounds, table = seated_at_russian(casino, new_player)
    tables.sit(table.id, ann, 2)
    rounds.stake("s-1", table.id, ann, 1, {"ante": 1000})
    assert casino.ledger.balance(ann) == 99_000
    dark = {"ante": 1000, "dark": True, "prebuy": ["sixth", "insurance", "buy_game"]}
    view = rounds.stake("s-2", table.id, ann, 2, dark)
    assert view.phase is Phase.PLAYING
    with casino.store.read() as session:
        row = session.get_one(TableRound, view.round_id)
        rebuilt = rebuild(row, events_of(session, row.id))
    on_table = dict(rebuilt.engine.staked(rebuilt.state))
    assert on_table[1] == 1000 and on_table[2] > 1000 + 2 * 1000  # ANTE, BET, pre-buys
    assert casino.ledger.holds(view.round_id) == {ann: on_table[1] + on_table[2]}
    view = rounds.act("a-1", view.round_id, ann, {"box": 1, "act": "play"})
    while view.phase is Phase.PLAYING:  # a dealer without a game: take the ANTE
        turn = (view.view or {})["to_act"]
        act = {"box": turn["box"], "act": "take_ante"}
        view = rounds.act(f"a-{view.events}", view.round_id, ann, act)
    assert view.phase is Phase.SETTLED and view.settlement is not None
    staked = sum(line["staked"] for b in view.settlement["boxes"] for line in b["lines"])
    assert staked == on_table[1] + on_table[2] + 2 * 1000  # box 1's BET came with its play
    assert casino.ledger.balance(ann) == 100_000 + sum(b["net"] for b in view.settlement["boxes"])
    assert casino.audit().ok


def test_two_runners_staking_at_once_at_a_table_with_no_round_open_one_round(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    # Two runners are two server processes on one database: each looks for the table's
    # round, finds none, and one of them opens it under the table's lock; the other,
    # once the lock is its own, joins that round rather than opening a second one.
    players = [new_player(f"Player {n}").card_number for n in range(3)]
    tables = Tables(casino.store)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PUBLIC, boxes=3))
    for box, card in enumerate(players, 1):
        casino.cashier.buy_chips(f"buy-{box}", card, 100_000)
        tables.sit(table.id, card, box)
    runners = [Rounds(casino.store, casino.ledger) for _ in range(2)]
    start = threading.Barrier(2)

    def stake(n: int) -> str:
        start.wait()
        return runners[n].stake(f"s-{n}", table.id, players[n], n + 1, {"ante": 1000}).round_id

    with ThreadPoolExecutor(2) as pool:
        staked = list(pool.map(stake, range(2)))
    assert staked[0] == staked[1]  # the third box is not staked: still taking stakes
    assert runners[0].current(table.id) == staked[0]
    assert casino.ledger.holds(staked[0]) == {players[0]: 1000, players[1]: 1000}
    assert tables.get(table.id).open_round == staked[0]
    assert casino.audit().ok


def test_a_round_is_projected_once_per_viewer_until_it_changes(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    """The player's answer to a command is also their part of the event sent after it; the
    next command's change is projected anew (and a spectator never gets the player's view)."""
    ann, _, rounds, table = seated_at_russian(casino, new_player)
    staked = rounds.stake("s-1", table.id, ann, 1, {"ante": 1000})
    mine, theirs = rounds.views(staked.round_id, [Viewer.of(ann), Viewer.spectator()])
    assert mine is staked and theirs is rounds.view(staked.round_id, Viewer.spectator())
    assert theirs.view is not None and mine.view is not None
    assert "cards" not in theirs.view["boxes"][0] and "cards" in mine.view["boxes"][0]
    played = rounds.act("a-1", staked.round_id, ann, {"box": 1, "act": "play"})
    after = rounds.view(staked.round_id, Viewer.of(ann))
    assert after is played and after.events > staked.events


def test_another_runners_commands_are_caught_up_from_the_events_it_has_not_seen(
    casino: Casino, new_player: Callable[..., Profile], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second server process (a runner of its own on the same database) shows each of the
    first one's commands by reading the events it lacks and carrying its picture on: the
    same views as a replay from the seed, the seed replayed only for the first look."""
    ann, _, rounds, table = seated_at_russian(casino, new_player)
    other = Rounds(casino.store, casino.ledger)
    replayed: list[str] = []
    real_rebuild = round_records.rebuild

    def counted(row: TableRound, events: list[RoundEvent]) -> object:
        replayed.append(row.id)
        return real_rebuild(row, events)

    monkeypatch.setattr(round_records, "rebuild", counted)
    viewers = [Viewer.of(ann), Viewer.spectator(), Viewer.house()]
    staked = rounds.stake("s-1", table.id, ann, 1, {"ante": 1000})
    seen = [other.views(staked.round_id, viewers)]
    view = staked
    for key, act in (("a-1", "exchange"), ("a-2", "play")):
        legal = {entry.act for entry in view.legal}
        if act not in legal:
            continue
        action = {"box": 1, "act": act}
        if act == "exchange":
            shown = view.to_json()["view"]
            action["cards"] = next(b for b in shown["boxes"] if b["box"] == 1)["cards"][:1]
        view = rounds.act(key, staked.round_id, ann, action)
        seen.append(other.views(staked.round_id, viewers))
    assert replayed == [staked.round_id]  # the first look only: then the new events alone
    fresh = Rounds(casino.store, casino.ledger).views(staked.round_id, viewers)
    assert [v.to_json() for v in seen[-1]] == [v.to_json() for v in fresh]
    assert seen[-1][0].events == view.events


def test_one_runner_on_two_command_threads_plays_two_tables_at_once(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    """A server on PostgreSQL runs commands on two threads: one runner, two tables (the same
    player at both: the house and the player's chips are locked by both, in id order), each
    thread's answers its own table's rounds, the books exact."""
    ann = new_player().card_number
    casino.cashier.buy_chips("buy-1", ann, 1_000_000)
    tables, rounds = Tables(casino.store), Rounds(casino.store, casino.ledger)
    made = [tables.create(TableConfig("russian", LIMITS, TableMode.PERSONAL)) for _ in range(2)]
    for table in made:
        tables.sit(table.id, ann, 1)
    start = threading.Barrier(2)

    def play(n: int) -> list[tuple[int, Phase]]:
        table_id = made[n].id
        start.wait()
        seen = []
        for k in range(6):
            staked = rounds.stake(f"s-{n}-{k}", table_id, ann, 1, {"ante": 1000})
            done = rounds.act(f"a-{n}-{k}", staked.round_id, ann, {"box": 1, "act": "fold"})
            seen += [(staked.table_id, staked.phase), (done.table_id, done.phase)]
        return seen

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(play, range(2)))
    for table, seen in zip(made, results, strict=True):
        assert seen == [(table.id, Phase.PLAYING), (table.id, Phase.SETTLED)] * 6
    assert casino.ledger.balance(ann) == 1_000_000 - 12 * 1000  # every ANTE folded
    assert casino.audit().ok
