"""The house-poker profiles: the shipped ones load; a broken one is refused
at load time with a message naming the file and the field."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from croupier.games.house_poker.profile import HouseProfile, parse_profile, starting_hands
from croupier.poker.hand import Category
from croupier.profiles import PROFILE_DIR, ProfileError, load

SHIPPED = {
    "texas-holdem": "holdem",
    "texas-holdem-aa-bonus": "holdem",
    "texas-holdem-bonus": "holdem_bonus",
    "three-card": "three_card",
    "three-card-standard": "three_card",
    "three-card-pair-plus-40-30-6-3-1": "three_card",
}


def _data(profile_id: str) -> dict[str, Any]:
    return tomllib.loads((PROFILE_DIR / f"{profile_id}.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("profile_id", "game"), SHIPPED.items())
def test_shipped_house_poker_profiles_load(profile_id: str, game: str) -> None:
    profile = load(profile_id)
    assert isinstance(profile, HouseProfile) and profile.game == game and profile.id == profile_id


def test_023_ante_mechanism_is_a_profile_setting_not_a_profile_name() -> None:
    """The seed's mechanism and the standard one follow ``[ante] paid``, whatever the id."""
    data = _data("three-card-standard")
    data["id"] = "three-card"
    assert parse_profile(data, "renamed.toml").ante_bonus == load("three-card-standard").ante_bonus
    seed = _data("three-card")
    seed["id"] = "three-card-standard"
    assert parse_profile(seed, "renamed.toml").ante_bonus == {}


def test_021_022_023_decided_tables_are_profile_data() -> None:
    assert load("texas-holdem").ante_pays[Category.ROYAL_FLUSH] == 50
    assert load("three-card-standard").ante_bonus == {
        Category.STRAIGHT: 1,
        Category.THREE_OF_A_KIND: 4,
        Category.STRAIGHT_FLUSH: 5,
    }
    seed = load("three-card")
    assert (seed.ante_paid, seed.ante_bonus) == ("by_table_on_a_win", {})
    assert [seed.ante_pays[c] for c in (Category.STRAIGHT, Category.THREE_OF_A_KIND,
                                        Category.STRAIGHT_FLUSH)] == [2, 5, 6]  # fmt: skip
    assert load("texas-holdem-bonus").dealer_floor is None


def _broken(profile_id: str, change: Any) -> str:
    data = copy.deepcopy(_data(profile_id))
    change(data)
    with pytest.raises(ProfileError) as refused:
        parse_profile(data, "broken.toml")
    return str(refused.value)


@pytest.mark.parametrize(
    ("profile_id", "change", "message"),
    [
        ("texas-holdem", lambda d: d.update(colour="red"), "broken.toml: colour: unknown setting"),
        ("texas-holdem", lambda d: d["streets"][0].update(decision="bet_or_check"),
         "streets[0].decision: the first decision is to play or fold"),
        ("texas-holdem", lambda d: d["streets"][0].update(antes="0"),
         "streets[0].antes: a street's stake must be more than nothing"),
        ("texas-holdem", lambda d: d["streets"][0].update(board_before=6),
         "streets: turns more board cards than the deal has"),
        ("texas-holdem", lambda d: d["dealer"]["qualifies_with"].update(rank="X"),
         "dealer.qualifies_with.rank: 'X' is not a rank"),
        ("texas-holdem", lambda d: d["ante"]["pays"].update(ace_king=1),
         "ante.pays.ace_king: is not a hand of this ranking"),
        ("texas-holdem", lambda d: d["ante"]["pays"].update(flush=-2),
         "ante.pays.flush: must be at least 1"),
        ("texas-holdem", lambda d: d["dark"].update(preset=["turn"]) if "dark" in d else
         d.update(dark={"preset": ["turn"]}), "dark.preset: must list lines a dark box may stake"),
        ("texas-holdem-bonus", lambda d: d["side_bets"][0]["hands"].update({"AKx": 3}),
         "side_bets[0].hands.AKx: 'AKx': the third letter is s (suited) or o (offsuit)"),
        ("texas-holdem-bonus", lambda d: d["side_bets"][0]["hands"].update({"TT-22": 3}),
         "a run goes from the lower pair up"),
        ("texas-holdem-bonus", lambda d: d["side_bets"][0]["hands"].update({"AA & AK": 3}),
         'write a top prize as "AA & dealer AA"'),
        ("three-card", lambda d: d["deal"].update(board_cards=2),
         "deal.ranking: three-card poker deals 3 cards and no board"),
        ("three-card", lambda d: d["ante"]["pays"].update(two_pair=1),
         "ante.pays.two_pair: is not a hand of this ranking"),
        ("three-card", lambda d: d["ante"].update(paid="always"),
         "ante.paid: 'always' is not one of by_table_on_a_win, even_money_plus_bonus"),
        ("three-card", lambda d: d["ante"].update(bonus={"straight": 1}),
         'ante.bonus: an ANTE bonus whatever the dealer holds needs paid = "even_money_plus'),
        ("three-card", lambda d: d["ante"].update(paid="even_money_plus_bonus"),
         'ante.bonus: missing: paid = "even_money_plus_bonus" needs its table'),
        ("three-card-standard", lambda d: d["ante"]["pays"].update(straight=2),
         "ante.pays.straight: must be 1: this mechanism pays the ANTE 1:1"),
        ("three-card-standard", lambda d: d["ante"].update(paid="by_table_on_a_win"),
         "ante.bonus: an ANTE bonus whatever the dealer holds needs"),
        ("three-card", lambda d: d["side_bets"][0].update(line="insurance"),
         "side_bets[0].line: 'insurance' is not one of bonus, pair_plus"),
        ("three-card", lambda d: d["table"].update(dark_boxes_per_player=1) or d.update(
            dark={"preset": ["bet"]}), "dark.preset: must list lines a dark box may stake"),
    ],
)  # fmt: skip
def test_broken_profile_is_refused_naming_the_field(
    profile_id: str, change: Any, message: str
) -> None:
    assert message in _broken(profile_id, change)


def test_starting_hands_notation() -> None:
    assert starting_hands("22-44") == {"22", "33", "44"}
    assert starting_hands("KA") == {"AKs", "AKo"}
    with pytest.raises(ValueError, match="neither suited nor offsuit"):
        starting_hands("AAs")


def test_a_pay_table_variant_is_named_after_what_it_pays() -> None:
    """``three-card-pair-plus-40-30-6-3-1`` pays PAIR PLUS 40-30-6-3-1, high to low."""
    bet = load("three-card-pair-plus-40-30-6-3-1").side_bet("pair_plus")
    assert bet is not None
    table = "-".join(str(n) for _, n in sorted(bet.pays.items(), key=lambda x: -x[1]))
    assert table == "40-30-6-3-1"
