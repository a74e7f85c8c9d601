"""A public table gives back, between rounds, the seats of players who left (issue 13: public
tables kept them): gone past the grace with no socket there, or logged out. A box in play
finishes under the rules first; a personal table keeps its player."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from croupier.casino import Casino, Profile
from croupier.casino.colour_desk import Colours
from croupier.casino.presence import Presence
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store.round_models import Phase, TableMode
from croupier.store.testing import SettableClock

LIMITS = Limits(100, 10_000, 1_000_000)
GRACE = timedelta(seconds=120)
sqlite_only = pytest.mark.parametrize("store", ["sqlite"], indirect=True)


def logged_in(casino: Casino, new_player: Callable[..., Profile], name: str) -> tuple[str, str]:
    """A new player with 50,000 in chips and a live session: (card, session token)."""
    card = new_player(name).card_number
    casino.cashier.buy_chips(f"buy-{name}", card, 50_000)
    return card, casino.auth.login(card, "correct horse").token


def test_public_table_frees_the_seat_of_a_player_who_left(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    tables, presence = Tables(casino.store), Presence(casino.store)
    table = tables.create(TableConfig("roulette", LIMITS, TableMode.PUBLIC)).id
    (ann, _), (bob, _) = (logged_in(casino, new_player, n) for n in ("Ann", "Bob"))
    tables.sit(table, ann, 1)
    tables.sit(table, bob, 2)
    Colours(casino.store).buy("c1", table, ann, 500, 10)  # 5,000 of Ann's chips in colour
    assert casino.ledger.balance(ann) == 45_000
    clock.advance(seconds=100)
    presence.seen([(table, bob)])  # Bob's socket is open at the table; Ann's is not
    clock.advance(seconds=20)
    assert presence.free_departed(GRACE) == []  # Ann has been away exactly the grace
    clock.advance(seconds=1)
    assert presence.free_departed(GRACE) == [(table, ann)]
    assert tables.get(table).seats == {2: bob}  # the lobby shows box 1 free
    # Her colour chips were changed back, as standing up does.
    assert Colours(casino.store).of(table, ann) is None
    assert casino.ledger.balance(ann) == 50_000
    assert casino.audit().ok


def test_public_table_keeps_the_seat_of_a_player_in_the_round_until_it_ends(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    tables, presence = Tables(casino.store), Presence(casino.store)
    rounds = Rounds(casino.store, casino.ledger)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PUBLIC, decision_seconds=20)).id
    (ann, _), (bob, _) = (logged_in(casino, new_player, n) for n in ("Ann", "Bob"))
    tables.sit(table, ann, 1)
    tables.sit(table, bob, 3)
    rounds.stake("s1", table, ann, 1, {"ante": 1000})
    rid = rounds.stake("s2", table, bob, 3, {"ante": 1000}).round_id
    clock.advance(seconds=130)  # both gone past the grace, mid-round
    assert presence.free_departed(GRACE) == []  # their boxes are in play: not mid-round
    assert rounds.expire_due() == [rid]  # the clock folds both boxes; the round settles
    assert rounds.view(rid, Viewer.house()).phase is Phase.SETTLED
    assert presence.free_departed(GRACE) == [(table, ann), (table, bob)]  # between rounds
    assert tables.get(table).seats == {}


@sqlite_only
def test_public_table_frees_the_seat_of_a_player_who_logged_out_at_once(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    tables, presence = Tables(casino.store), Presence(casino.store)
    rounds = Rounds(casino.store, casino.ledger)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PUBLIC)).id
    (ann, token), (bob, _) = (logged_in(casino, new_player, n) for n in ("Ann", "Bob"))
    tables.sit(table, ann, 1)
    tables.sit(table, bob, 3)
    waiting = rounds.stake("s1", table, bob, 3, {"ante": 1000})
    casino.auth.logout(token)  # no grace: a player who logged out is gone
    assert presence.free_departed(GRACE) == [(table, ann)]
    # Bob's box is the only seat left, and staked: the house deals without the clock.
    assert rounds.deal_when_ready(table) == waiting.round_id


@sqlite_only
def test_personal_table_keeps_its_player_however_long_away(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    tables, presence = Tables(casino.store), Presence(casino.store)
    ann, token = logged_in(casino, new_player, "Ann")
    table = tables.open_personal(ann, "russian").id
    clock.advance(hours=5)
    casino.auth.logout(token)
    assert presence.free_departed(GRACE) == []
    assert tables.get(table).seats == {1: ann}
