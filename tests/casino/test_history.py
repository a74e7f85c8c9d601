"""History: every round stored; the last ten recalled step by step, all of them paged."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest

from croupier.cards.card import format_card, parse_card
from croupier.cards.fair import FairSeed
from croupier.casino import Casino, NotFound, Profile, Refused
from croupier.casino.history import RECALL_DEPTH, History
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import JSON, Limits, Viewer
from croupier.store.round_models import Phase, TableMode
from croupier.store.testing import SettableClock

LIMITS = Limits(100, 10_000, 1_000_000)


def two_players(casino: Casino, new_player: Callable[..., Profile]) -> tuple[int, str, str, Rounds]:
    ann, bob = new_player().card_number, new_player("Boris").card_number
    casino.cashier.buy_chips("buy-a", ann, 500_000)
    casino.cashier.buy_chips("buy-b", bob, 500_000)
    tables = Tables(casino.store)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PUBLIC))
    tables.sit(table.id, ann, 1)
    tables.sit(table.id, bob, 3)
    return table.id, ann, bob, Rounds(casino.store, casino.ledger)


def play_round(
    rounds: Rounds, table: int, ann: str, bob: str, n: int
) -> tuple[str, list[JSON | None]]:
    """Both fold; returns the round and what Anna was shown after each of her commands."""
    shown = [rounds.stake(f"s{n}a", table, ann, 1, {"ante": 1000}).view]
    view = rounds.stake(f"s{n}b", table, bob, 3, {"ante": 500})
    shown.append(rounds.view(view.round_id, Viewer.of(ann)).view)
    shown.append(rounds.act(f"f{n}a", view.round_id, ann, {"box": 1, "act": "fold"}).view)
    rounds.act(f"f{n}b", view.round_id, bob, {"box": 3, "act": "fold"})
    shown.append(rounds.view(view.round_id, Viewer.of(ann)).view)
    return view.round_id, shown


def test_history_pages_through_all_rounds_newest_first(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    table, ann, bob, rounds = two_players(casino, new_player)
    ids = []
    for n in range(12):
        ids.append(play_round(rounds, table, ann, bob, n)[0])
        clock.advance(minutes=1)
    history = History(casino.store)
    first = history.page(ann, 1, 5)
    assert (first.total, first.pages) == (12, 3)
    assert [r.round_id for r in first.rounds] == ids[::-1][:5]
    assert [r.round_id for r in history.page(ann, 3, 5).rounds] == ids[::-1][10:]
    assert all(r.net == -1000 and r.phase is Phase.SETTLED for r in first.rounds)
    assert [r.net for r in history.page(bob, 1, 2).rounds] == [-500, -500]
    with pytest.raises(Refused, match=f"last {RECALL_DEPTH}"):
        history.recall(ann, ids[1])  # the 11th newest
    history.recall(ann, ids[2])  # the 10th newest
    with pytest.raises(NotFound):
        history.recall(ann, "t9-r9")


def test_recall_replays_each_step_as_the_player_saw_it(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    table, ann, bob, rounds = two_players(casino, new_player)
    rid, shown = play_round(rounds, table, ann, bob, 0)
    recall = History(casino.store).recall(ann, rid)
    views = [step.view for step in recall.steps]
    # stake, stake, deal, Anna's fold, Bob's fold: Anna saw the views after her commands.
    assert [step.kind for step in recall.steps] == ["stake", "stake", "deal", "action", "action"]
    assert views[0] is None and shown[0] is None
    assert views[2] == shown[1] and views[3] == shown[2] and views[4] == shown[3]
    # The deck was the committed one.
    assert recall.server_seed is not None
    assert hashlib.sha256(bytes.fromhex(recall.server_seed)).hexdigest() == recall.commitment
    assert recall.settlement is not None and recall.summary.net == -1000


def test_recall_never_shows_a_card_the_player_could_not_see(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    table, ann, bob, rounds = two_players(casino, new_player)
    rid, _ = play_round(rounds, table, ann, bob, 0)
    for step in History(casino.store).recall(bob, rid).steps:
        if step.view is not None:
            annas_box = step.view["boxes"][0]
            assert "cards" not in annas_box  # Anna folded: her cards stay hers
    house = History(casino.store).recall_for_staff(rid)
    assert "cards" in (house.steps[-1].view or {})["boxes"][0]


def test_open_round_keeps_its_seed_secret(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    table, ann, bob, rounds = two_players(casino, new_player)
    rounds.stake("s", table, ann, 1, {"ante": 1000})
    rid = rounds.stake("t", table, bob, 3, {"ante": 1000}).round_id
    recall = History(casino.store).recall(ann, rid)  # dealt, not settled
    assert recall.server_seed is None and recall.summary.net is None
    assert recall.dealing is None  # the dealing order only once the seed is revealed
    assert rounds.view(rid, Viewer.of(ann)).server_seed is None


def rederived(seed: FairSeed, dealing: JSON) -> list[tuple[str, str | None]]:
    """Every card the recall says was dealt, as (hand, card) re-derived from the seed alone:
    the committed shuffle, and each reshuffle of the cards not dealt yet plus the discards
    (None where a discard is not the viewer's to know)."""
    shuffles: dict[str, list[int | None]] = {"deal": list(seed.shuffle(range(52)))}
    for r in dealing["reshuffles"]:
        discards = [None if c is None else parse_card(c) for c in r["discards"]]
        rest: list[int | None] = shuffles[r["of"]][r["rest_from"] :]
        shuffles[r["label"]] = list(seed.stream(r["label"]).shuffle(rest + discards))
    out = []
    for d in dealing["cards"]:
        card = shuffles[d["shuffle"]][d["position"]]
        out.append((d["to"], None if card is None else format_card(card)))
    return out


def test_recall_gives_every_card_dealt_in_order_and_discards_only_to_their_owner(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    """[002] online: Anna exchanges two cards (shuffled back first), Boris folds; every card
    of the round re-derives from the revealed seed to the hand the house saw it in."""
    ann, bob = new_player().card_number, new_player("Boris").card_number
    casino.cashier.buy_chips("buy-a", ann, 500_000)
    casino.cashier.buy_chips("buy-b", bob, 500_000)
    tables = Tables(casino.store)
    table = tables.create(TableConfig("russian-online", LIMITS, TableMode.PUBLIC)).id
    tables.sit(table, ann, 1)
    tables.sit(table, bob, 3)
    rounds = Rounds(casino.store, casino.ledger)
    rounds.stake("sa", table, ann, 1, {"ante": 1000})
    rid = rounds.stake("sb", table, bob, 3, {"ante": 500}).round_id
    mine = rounds.view(rid, Viewer.of(ann)).view
    assert mine is not None
    give = mine["boxes"][0]["cards"][:2]
    rounds.act("xa", rid, ann, {"box": 1, "act": "exchange", "cards": give})
    rounds.act("pa", rid, ann, {"box": 1, "act": "play"})
    rounds.act("fb", rid, bob, {"box": 3, "act": "fold"})
    history = History(casino.store)
    anna, boris = history.recall(ann, rid), history.recall(bob, rid)
    assert anna.server_seed is not None and anna.dealing is not None
    seed = FairSeed(bytes.fromhex(anna.server_seed), anna.client_seed, anna.nonce)
    house = history.recall_for_staff(rid).steps[-1].view or {}
    held: dict[str, list[str]] = {"dealer": house["dealer"]["cards"]}
    for box in house["boxes"]:
        held[f"box:{box['box']}"] = box["cards"] + box["discards"]
    dealt = rederived(seed, anna.dealing)
    # larger ANTE first: five rounds of Anna, Boris, the dealer; then Anna's two new cards
    assert [to for to, _ in dealt[:3]] == ["box:1", "box:3", "dealer"]
    assert [to for to, _ in dealt[15:]] == ["box:1", "box:1"]
    for hand, cards in held.items():
        assert sorted(c for to, c in dealt if to == hand) == sorted(cards), hand
    [reshuffle] = anna.dealing["reshuffles"]
    assert (reshuffle["hand"], reshuffle["discards"]) == ("box:1", give)
    assert boris.dealing is not None
    assert boris.dealing["reshuffles"][0]["discards"] == [None, None]  # not his to know
    assert boris.dealing["cards"] == anna.dealing["cards"]
