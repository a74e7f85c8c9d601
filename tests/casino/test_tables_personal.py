"""Personal tables a player opens (security review findings 3 and 5): refused before anything
is made for a player who may not play, capped per player, an empty one reused, and limits
only from the casino's tiers (RULES.md §0, [003])."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from croupier.casino import BadInput, Casino, Profile, Refused, Role
from croupier.casino.tables import TableConfig, Tables, limit_tier
from croupier.games.base import Limits
from croupier.games.common.tiers import LIMIT_TIERS
from croupier.profiles import load
from croupier.store import Store
from croupier.store.round_models import GameTable, TableMode

NewPlayer = Callable[..., Profile]


def table_count(store: Store) -> int:
    with store.read() as session:
        found: int = session.scalar(select(func.count()).select_from(GameTable)) or 0
    return found


def test_limit_tiers_are_the_rulebook_tiers_with_the_casinos_maximum_stake() -> None:
    roubles = [(t.limits.min_stake // 100, t.limits.max_payout // 100) for t in LIMIT_TIERS]
    assert roubles == [(5, 2000), (25, 3000), (50, 5000), (100, 12000)]  # [003]
    for tier in LIMIT_TIERS:
        assert tier.limits.max_stake == 10 * tier.limits.min_stake
        assert tier.limits.max_stake <= tier.limits.max_payout


@pytest.mark.parametrize("name", ["1", "", "25 ", "1000000000000", 25, None])
def test_limit_tier_unknown_names_are_refused(name: object) -> None:
    with pytest.raises(BadInput, match="limit tier must be one of 5, 25, 50, 100"):
        limit_tier(name)


def test_personal_table_gets_exactly_its_tiers_limits(store: Store, new_player: NewPlayer) -> None:
    ann = new_player("Ann")
    info = Tables(store).open_personal(ann.card_number, "russian", "100")
    assert info.limits == Limits(100_00, 1000_00, 12000_00)
    assert info.mode.value == "personal" and info.seats == {1: ann.card_number}


def test_personal_table_refused_for_a_self_excluded_player_before_anything_is_made(
    store: Store, casino: Casino, new_player: NewPlayer
) -> None:
    ann = new_player("Ann")
    casino.responsible.self_exclude(ann.card_number)
    with pytest.raises(Refused, match="self-excluded"):
        Tables(store).open_personal(ann.card_number, "russian")
    assert table_count(store) == 0


def test_personal_table_refused_for_staff_before_anything_is_made(
    store: Store, new_player: NewPlayer
) -> None:
    boss = new_player("Marina Boss", role=Role.MANAGER)
    with pytest.raises(Refused, match="staff"):
        Tables(store).open_personal(boss.card_number, "russian")
    assert table_count(store) == 0


def test_personal_tables_are_capped_per_player(store: Store, new_player: NewPlayer) -> None:
    ann, bob = new_player("Ann"), new_player("Bob")
    tables = Tables(store)
    first = tables.open_personal(ann.card_number, "russian", "5", 2)
    second = tables.open_personal(ann.card_number, "russian", "25", 2)
    with pytest.raises(Refused, match=rf"2 personal table\(s\) \({first.id}, {second.id}\)"):
        tables.open_personal(ann.card_number, "russian", "50", 2)
    assert table_count(store) == 2
    assert tables.open_personal(bob.card_number, "russian", "50", 2).id == 3  # Bob's own cap


def test_personal_table_left_empty_is_reused_not_multiplied(
    store: Store, new_player: NewPlayer
) -> None:
    ann, bob = new_player("Ann"), new_player("Bob")
    tables = Tables(store)
    for _ in range(20):  # open and leave, again and again: one table
        info = tables.open_personal(ann.card_number, "russian", "25", 2)
        tables.stand(info.id, ann.card_number, 1)
    assert table_count(store) == 1
    again = tables.open_personal(bob.card_number, "russian", "25", 2)
    assert again.id == info.id and again.seats == {1: bob.card_number}
    other = tables.open_personal(ann.card_number, "russian", "50", 2)  # another tier: new
    assert other.id != info.id and table_count(store) == 2


def test_play_again_at_a_table_of_ones_own_goes_back_to_it(
    store: Store, new_player: NewPlayer
) -> None:
    """Issue 13: Play for a game and tier the player already sits at is the way back to that
    table (it used to open a second one, or be refused at the cap)."""
    ann = new_player("Ann")
    tables = Tables(store)
    first = tables.open_personal(ann.card_number, "russian", "25", 2)
    second = tables.open_personal(ann.card_number, "baccarat", "25", 2)
    assert tables.open_personal(ann.card_number, "russian", "25", 2).id == first.id
    assert tables.open_personal(ann.card_number, "baccarat", "25", 2).id == second.id
    assert table_count(store) == 2
    with pytest.raises(Refused, match="at most 2"):  # another tier is another table
        tables.open_personal(ann.card_number, "russian", "50", 2)


def test_a_public_wheel_seats_a_player_a_colour_a_personal_one_its_player(store: Store) -> None:
    """Issue 13: the public roulette table had one box, so one player; a box is a colour."""
    tables = Tables(store)
    limits = limit_tier("25").limits
    public = tables.create(TableConfig("roulette", limits, TableMode.PUBLIC))
    personal = tables.create(TableConfig("roulette", limits, TableMode.PERSONAL))
    assert (public.boxes, personal.boxes) == (load("roulette").colours, 1)
    assert tables.create(TableConfig("baccarat", limits, TableMode.PUBLIC)).boxes == 7
