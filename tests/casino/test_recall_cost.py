"""A recall costs the steps, not their square, and one round cannot grow without bound
(issue 12, finding 1: a 600-bet roulette round took 26 s to recall, 18 MB)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from croupier.casino import Casino, Profile
from croupier.casino import replay as replay_module
from croupier.casino.history import History, recall_of
from croupier.casino.replay import events_of, rebuild
from croupier.casino.round_view import lift_settlement
from croupier.casino.rounds import IllegalIntent, Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store.round_models import Phase, TableRound


def roulette_round(
    casino: Casino, new_player: Callable[..., Profile], bets: int, cap: int = 100
) -> tuple[Rounds, str, str]:
    ann = new_player().card_number
    casino.cashier.buy_chips("buy", ann, 10_000_000)
    tables = Tables(casino.store)
    rounds = Rounds(casino.store, casino.ledger, max_actions_per_box=cap)
    table = tables.create(TableConfig("roulette", Limits(100, 5_000, 1_000_000)))
    tables.sit(table.id, ann)
    rid = rounds.stake("s", table.id, ann, 1, {"chip": 100}).round_id
    for n in range(bets):
        spot = f"straight:{n % 37}"
        rounds.act(f"b{n}", rid, ann, {"box": 1, "act": "bet", "spot": spot, "amount": 100})
    return rounds, rid, ann


def test_recall_replays_the_round_once_not_once_per_step(
    casino: Casino, new_player: Callable[..., Profile], monkeypatch: pytest.MonkeyPatch
) -> None:
    rounds, rid, ann = roulette_round(casino, new_player, 30)
    rounds.act("close", rid, ann, {"act": "no_more_bets"})
    dealt: list[int] = []
    real = replay_module.start_deck

    def counting(row: TableRound, profile: Any) -> Any:
        dealt.append(1)
        return real(row, profile)

    monkeypatch.setattr(replay_module, "start_deck", counting)
    recall = History(casino.store).recall(ann, rid)
    assert len(recall.steps) == 33  # stake, deal, 30 bets, no more bets
    assert len(dealt) == 1  # the deck made once: one replay for all 33 steps


def test_recall_steps_match_a_replay_from_scratch_at_every_step(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    rounds, rid, ann = roulette_round(casino, new_player, 5)
    rounds.act("close", rid, ann, {"act": "no_more_bets"})
    viewer = Viewer.of(ann)
    with casino.store.read() as session:
        row = session.get_one(TableRound, rid)
        events = events_of(session, rid)
    recall = History(casino.store).recall(ann, rid)
    for i, step in enumerate(recall.steps):
        again = rebuild(row, events[: i + 1])
        expected = None if again.state is None else again.engine.project(again.state, viewer)
        assert step.view == lift_settlement(expected)[0]  # the settlement: once, in the recall


def test_actions_per_box_are_capped_and_the_one_over_changes_nothing(
    casino: Casino, new_player: Callable[..., Profile], snapshot: Callable[[], object]
) -> None:
    rounds, rid, ann = roulette_round(casino, new_player, 5, cap=5)
    before = snapshot()
    events = rounds.view(rid, Viewer.house()).events
    bet = {"box": 1, "act": "bet", "spot": "red", "amount": 100}
    with pytest.raises(IllegalIntent, match="at most 5 decisions a round"):
        rounds.act("one-too-many", rid, ann, bet)
    assert snapshot() == before
    assert rounds.view(rid, Viewer.house()).events == events
    # The cap counts decisions of one box: the round still closes (box 0, the player's call).
    assert rounds.act("close", rid, ann, {"act": "no_more_bets"}).phase is Phase.SETTLED
    assert casino.audit().ok


def test_the_cap_survives_a_restart(casino: Casino, new_player: Callable[..., Profile]) -> None:
    _rounds, rid, ann = roulette_round(casino, new_player, 3, cap=3)
    again = Rounds(casino.store, casino.ledger, max_actions_per_box=3)  # a fresh process
    with pytest.raises(IllegalIntent, match="at most 3 decisions"):
        again.act("x", rid, ann, {"box": 1, "act": "bet", "spot": "red", "amount": 100})


def test_recall_pictures_are_capped_in_size_the_last_always_shown(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    rounds, rid, ann = roulette_round(casino, new_player, 20)
    rounds.act("close", rid, ann, {"act": "no_more_bets"})
    with casino.store.read() as session:
        row = session.get_one(TableRound, rid)
        events = events_of(session, rid)
    summary = History(casino.store).last(ann)[0]
    full = recall_of(row, events, Viewer.of(ann), summary)
    small = recall_of(row, events, Viewer.of(ann), summary, budget=3_000)
    assert full.views_omitted == 0 and all(s.view is not None for s in full.steps[1:])
    assert 0 < small.views_omitted < len(events)
    assert small.steps[-1].view == full.steps[-1].view
    assert [s.kind for s in small.steps] == [s.kind for s in full.steps]
    assert small.to_json()["views_omitted"] == small.views_omitted
