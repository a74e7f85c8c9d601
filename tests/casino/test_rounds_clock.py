"""The decision clock: public tables get the default action, personal tables wait."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import event

from croupier.casino import Casino, Profile
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store.hot import Sent
from croupier.store.round_models import Phase, TableMode
from croupier.store.testing import SettableClock

LIMITS = Limits(100, 10_000, 1_000_000)


def seated(
    casino: Casino, new_player: Callable[..., Profile], mode: TableMode, players: int
) -> tuple[int, list[str]]:
    tables = Tables(casino.store)
    table = tables.create(TableConfig("russian", LIMITS, mode, decision_seconds=20))
    cards = []
    for i in range(players):
        card = new_player(f"Player {i}").card_number
        casino.cashier.buy_chips(f"buy-{i}", card, 50_000)
        tables.sit(table.id, card, 2 * i + 1)
        cards.append(card)
    return table.id, cards


def test_public_box_that_does_not_decide_in_time_gets_the_default_fold(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    table, (ann, bob) = seated(casino, new_player, TableMode.PUBLIC, 2)
    rounds = Rounds(casino.store, casino.ledger)
    rounds.stake("s1", table, ann, 1, {"ante": 1000})
    view = rounds.stake("s2", table, bob, 3, {"ante": 1000})
    assert view.turn is not None and view.turn.box == 1
    assert view.deadline == clock() + timedelta(seconds=20)
    clock.advance(seconds=19)
    assert rounds.expire_due() == []  # not yet
    clock.advance(seconds=1)
    assert rounds.expire_due() == [view.round_id]
    after = rounds.view(view.round_id, Viewer.house())
    assert after.view is not None and after.view["boxes"][0]["stage"] == "folded"
    assert after.turn is not None and after.turn.box == 3  # box 3's clock starts now


def test_late_clock_decides_every_box_whose_time_ran_out_in_turn(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    table, (ann, bob) = seated(casino, new_player, TableMode.PUBLIC, 2)
    rounds = Rounds(casino.store, casino.ledger)
    rounds.stake("s1", table, ann, 1, {"ante": 1000})
    rid = rounds.stake("s2", table, bob, 3, {"ante": 1000}).round_id
    # Called 45 s late: box 1 ran out at 20 s, box 3 at 40 s: both fold, the round settles.
    clock.advance(seconds=45)
    assert rounds.expire_due() == [rid]
    closed = rounds.view(rid, Viewer.house())
    assert closed.phase is Phase.SETTLED
    assert closed.settlement is not None
    assert [b["net"] for b in closed.settlement["boxes"]] == [-1000, -1000]
    assert casino.audit().ok


def test_personal_table_waits_for_its_player(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    table, (ann,) = seated(casino, new_player, TableMode.PERSONAL, 1)
    rounds = Rounds(casino.store, casino.ledger)
    view = rounds.stake("s1", table, ann, 1, {"ante": 1000})
    assert view.deadline is None
    clock.advance(hours=5)
    assert rounds.expire_due() == []
    assert rounds.view(view.round_id, Viewer.house()).events == view.events


def test_public_betting_deals_when_the_time_after_the_last_stake_runs_out(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    table, (ann, _bob) = seated(casino, new_player, TableMode.PUBLIC, 2)
    rounds = Rounds(casino.store, casino.ledger)
    view = rounds.stake("s1", table, ann, 1, {"ante": 1000})
    assert view.phase is Phase.BETTING  # Bob's box is not staked yet
    clock.advance(seconds=20)
    rounds.expire_due()
    dealt = rounds.view(view.round_id, Viewer.of(ann))
    assert dealt.phase is Phase.PLAYING and [s.box for s in dealt.stakes] == [1]


def test_clock_writes_nothing_while_no_decision_time_has_run_out(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    """The clock runs four times a second: with nothing due it reads the deadlines once and
    opens no transaction (it used to lock and rebuild every open public round)."""
    table, (ann, bob) = seated(casino, new_player, TableMode.PUBLIC, 2)
    rounds = Rounds(casino.store, casino.ledger)
    rounds.stake("s1", table, ann, 1, {"ante": 1000})
    rid = rounds.stake("s2", table, bob, 3, {"ante": 1000}).round_id
    begun: list[object] = []

    def began(connection: object) -> None:
        begun.append(connection)

    event.listen(casino.store.engine, "begin", began)
    try:
        sent = Sent.statements
        clock.advance(seconds=19)
        assert rounds.expire_due() == []
        assert (Sent.statements - sent, begun) == (1, [])
    finally:
        event.remove(casino.store.engine, "begin", began)
    clock.advance(seconds=1)
    assert rounds.expire_due() == [rid]  # and once it has, the box is decided as before
