"""Only the house deals at a public table (issue 13): when every seated box is staked, or when
the betting time after the last stake runs out; no player calls the deal, nor closes a public
wheel's bets for the others. The player of a personal table deals."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from croupier.casino import Casino, Profile, Refused
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store.round_models import Phase, TableMode
from croupier.store.testing import SettableClock

LIMITS = Limits(100, 10_000, 1_000_000)
# The rules here are the round runner's, the same on both databases: SQLite only, but for the
# house's deal after a seat is given back, which locks the round its own way on PostgreSQL.
sqlite_only = pytest.mark.parametrize("store", ["sqlite"], indirect=True)


def seated(
    casino: Casino,
    new_player: Callable[..., Profile],
    profile: str,
    mode: TableMode,
    boxes: list[int],
) -> tuple[Tables, Rounds, int, list[str]]:
    """A table of ``profile`` with one new player (50,000 in chips) at each of ``boxes``."""
    tables = Tables(casino.store)
    table = tables.create(TableConfig(profile, LIMITS, mode, decision_seconds=20))
    cards = []
    for i, box in enumerate(boxes):
        card = new_player(f"Player {i}").card_number
        casino.cashier.buy_chips(f"buy-{i}", card, 50_000)
        tables.sit(table.id, card, box)
        cards.append(card)
    return tables, Rounds(casino.store, casino.ledger), table.id, cards


@sqlite_only
def test_a_player_may_not_call_the_deal_at_a_public_table(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    _tables, rounds, table, (ann, _bob) = seated(
        casino, new_player, "russian", TableMode.PUBLIC, [1, 3]
    )
    staked = rounds.stake("s1", table, ann, 1, {"ante": 1000})
    with pytest.raises(Refused, match="the house deals") as refused:
        rounds.deal("d1", staked.round_id, ann)
    assert refused.value.code == "house_deals"
    after = rounds.view(staked.round_id, Viewer.house())
    assert (after.phase, after.events) == (Phase.BETTING, staked.events)  # nothing changed
    clock.advance(seconds=20)  # the betting time after the last stake: the house deals
    assert rounds.expire_due() == [staked.round_id]
    assert rounds.view(staked.round_id, Viewer.of(ann)).phase is Phase.PLAYING


def test_the_house_deals_a_public_table_once_every_seated_box_is_staked(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    tables, rounds, table, (ann, bob, cyril) = seated(
        casino, new_player, "russian", TableMode.PUBLIC, [1, 2, 3]
    )
    rounds.stake("s1", table, ann, 1, {"ante": 1000})
    waiting = rounds.stake("s2", table, bob, 2, {"ante": 1000})
    assert waiting.phase is Phase.BETTING  # Cyril's box is not staked yet
    assert rounds.deal_when_ready(table) is None  # nor is it now
    # Cyril stands up without staking: every seat left is staked, the house deals at once.
    tables.stand(table, cyril, 3)
    assert rounds.deal_when_ready(table) == waiting.round_id
    dealt = rounds.view(waiting.round_id, Viewer.of(ann))
    assert dealt.phase is Phase.PLAYING and [s.box for s in dealt.stakes] == [1, 2]
    assert rounds.deal_when_ready(table) is None  # dealt once


@sqlite_only
def test_the_player_of_a_personal_table_calls_the_deal(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    tables, rounds, table, (ann,) = seated(casino, new_player, "russian", TableMode.PERSONAL, [1])
    tables.sit(table, ann, 2)
    staked = rounds.stake("s1", table, ann, 1, {"ante": 1000})
    assert staked.phase is Phase.BETTING  # box 2 is Ann's too, and not staked
    assert rounds.deal("d1", staked.round_id, ann).phase is Phase.PLAYING


@sqlite_only
def test_at_a_public_wheel_only_the_house_closes_the_bets_while_another_has_a_box(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    _tables, rounds, table, (ann, bob) = seated(
        casino, new_player, "roulette", TableMode.PUBLIC, [1, 2]
    )
    rounds.stake("s1", table, ann, 1, {"chip": 100})
    rid = rounds.stake("s2", table, bob, 2, {"chip": 100}).round_id
    rounds.act("b1", rid, ann, {"box": 1, "act": "bet", "spot": "red", "amount": 100})
    for card in (ann, bob):  # neither is offered the call...
        seen = rounds.view(rid, Viewer.of(card))
        assert [a.act for a in seen.legal] == ["bet"]
        assert seen.view is not None
        assert [a["act"] for a in seen.view["legal_actions"]] == ["bet"]
    assert "no_more_bets" in [a.act for a in rounds.view(rid, Viewer.house()).legal]
    with pytest.raises(Refused, match="the house closes the bets") as refused:
        rounds.act("n1", rid, ann, {"act": "no_more_bets"})  # ...and neither may make it
    assert refused.value.code == "house_deals"
    clock.advance(seconds=20)  # the croupier spins when the betting time runs out
    assert rounds.expire_due() == [rid]
    assert rounds.view(rid, Viewer.of(bob)).phase is Phase.SETTLED


@sqlite_only
def test_a_player_alone_in_a_public_wheels_round_closes_the_bets(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    _tables, rounds, table, (ann,) = seated(casino, new_player, "roulette", TableMode.PUBLIC, [1])
    rid = rounds.stake("s1", table, ann, 1, {"chip": 100}).round_id
    rounds.act("b1", rid, ann, {"box": 1, "act": "bet", "spot": "red", "amount": 100})
    assert "no_more_bets" in [a.act for a in rounds.view(rid, Viewer.of(ann)).legal]
    assert rounds.act("n1", rid, ann, {"act": "no_more_bets"}).phase is Phase.SETTLED
