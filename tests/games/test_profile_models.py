"""Profiles are validated models: a malformed file is refused naming the file,
the field (dotted as in the TOML) and why; a loaded profile is frozen and
hashable; ``croupier profiles --schema`` prints the shape a file must have."""

from __future__ import annotations

import copy
import pickle
import tomllib
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from pydantic import ValidationError

from croupier.play.catalog import schema
from croupier.profiles import PROFILE_DIR, ProfileError, load, parse, profile_ids


def _data(profile_id: str) -> dict[str, Any]:
    return tomllib.loads((PROFILE_DIR / f"{profile_id}.toml").read_text(encoding="utf-8"))


def _refusal(profile_id: str, change: Callable[[dict[str, Any]], object]) -> str:
    data = copy.deepcopy(_data(profile_id))
    change(data)
    with pytest.raises(ProfileError) as refused:
        parse(data, "bad.toml")
    return str(refused.value)


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """A change setting the dotted ``path`` of a profile's data to ``value``."""

    def change(data: dict[str, Any]) -> None:
        *sections, key = path.split(".")
        for section in sections:
            data = data.setdefault(section, {})
        data[key] = value

    return change


@pytest.mark.parametrize(
    ("profile_id", "path", "value", "message"),
    [
        # an unknown key, at the top and inside a section
        ("blackjack", "split.resplit", True, "bad.toml: split.resplit: unknown setting"),
        ("baccarat", "pays.dragon", "25", "bad.toml: pays.dragon: unknown setting"),
        ("six-card", "order.shuffle", "yes", "bad.toml: order.shuffle: unknown setting"),
        # a wrong type: nothing is coerced
        ("six-card", "table.boxes", "6", "bad.toml: table.boxes: must be a whole number"),
        ("six-card", "table.boxes", True, "bad.toml: table.boxes: must be a whole number"),
        ("blackjack", "dealer.hits_soft_17", "no", "dealer.hits_soft_17: must be true or false"),
        ("six-card", "name", 7, "bad.toml: name: must be text"),
        ("baccarat", "pays.tie", 8.0, 'pays.tie: must be a number of ANTEs as text, like "1"'),
        ("russian", "buy_game.price", "-1", "buy_game.price: cannot be negative"),
        ("russian", "dealer", "ace_king", "bad.toml: dealer: must be a table"),
        ("roulette", "pays.corner", "8", "bad.toml: pays.corner: must be a whole number"),
        ("blackjack", "shoe.decks", 0, "bad.toml: shoe.decks: must be at least 1"),
        ("texas-holdem-bonus", "deal.hole_cards", 1, "deal.hole_cards: must be at least 2"),
        ("texas-holdem", "streets", [], "bad.toml: streets: must list at least 1"),
        # a value outside an enumerated setting
        ("six-card", "order.deal", "anticlockwise",
         "order.deal: 'anticlockwise' is not one of clockwise, larger_ante_first"),
        ("russian", "buy_game.when", "never",
         "buy_game.when: 'never' is not one of before_show, after_show"),
        ("blackjack", "double_on", "any", "double_on: 'any' is not one of any_two, nine_to_eleven"),
        ("russian", "dealer.qualifies_with", "jackpot",
         "dealer.qualifies_with: 'jackpot' is not a hand class"),
        ("russian", "dark.prebuy", ["sixth", "bonus"],
         "dark.prebuy[1]: 'bonus' is not one of sixth, buy_game, insurance"),
        # settings that contradict each other
        ("russian", "dealer.no_game_high_card", True,
         'dealer.no_game_high_card: needs no_game = "ante_to_combinations"'),
        ("blackjack", "shoe.cut_card", 312,
         "shoe.cut_card: must leave fewer cards than the shoe's 312"),
        ("russian", "table.light_boxes_per_player", 2,
         "table.several_light: light_boxes_per_player already allows several light boxes"),
        ("russian", "buy_game.fee_back_if_not_higher", True,
         "buy_game.fee_back_if_not_higher: only a game bought before the show can"),
        ("russian", "bonus.kind", "fee", "bonus.pays: a BONUS fee is kept by the house"),
        ("three-card", "dealer.qualifies_with.class", "ace_king",
         "dealer.qualifies_with.class: ace_king is not a hand of this ranking"),
        ("texas-holdem", "deal.board_cards", 6,
         "deal.board_cards: a best-five hand needs 5 to 7 cards"),
    ],
)  # fmt: skip
def test_a_malformed_profile_is_refused_naming_file_field_and_why(
    profile_id: str, path: str, value: object, message: str
) -> None:
    assert message in _refusal(profile_id, _set(path, value))


def test_a_missing_setting_is_named() -> None:
    assert "bad.toml: settle.ante_on_win: missing" in _refusal(
        "six-card", lambda d: d["settle"].pop("ante_on_win")
    )
    assert "bad.toml: twenty_one_plus_three.flush: missing" in _refusal(
        "blackjack", lambda d: d["twenty_one_plus_three"].pop("flush")
    )
    assert "bad.toml: improve[0].exchange_prices.9: a card count must be 1 to 5" in _refusal(
        "russian", lambda d: d["improve"][0]["exchange_prices"].update({"9": "1"})
    )


def test_a_loaded_profile_is_frozen_hashable_and_equal_to_a_fresh_read() -> None:
    for pid in profile_ids():
        profile = load(pid)
        again = parse(_data(pid), f"{pid}.toml")
        assert again == profile and hash(again) == hash(profile)
        assert {profile: pid}[again] == pid
        assert pickle.loads(pickle.dumps(profile)) == profile  # math lab workers get it pickled
        assert set(profile.published()) >= {"id", "name", "source", "game"}
        field = "id"
        with pytest.raises(ValidationError, match="frozen"):
            setattr(profile, field, "other")


def test_toml_numbers_keep_the_types_the_engines_read() -> None:
    russian, blackjack = load("russian"), load("blackjack")
    assert russian.improve[0].exchange_prices == {n: Fraction(1) for n in range(1, 6)}
    assert isinstance(russian.improve, tuple) and russian.dark_prebuy == (
        "sixth",
        "insurance",
        "buy_game",
    )
    assert blackjack.blackjack_pays == Fraction(3, 2) and blackjack.insurance.minimum == 5000
    assert load("baccarat").banker_commission == Fraction(1, 20)


def test_a_changed_profile_is_checked_again() -> None:
    blackjack = load("blackjack")
    assert blackjack.changed(split={"max_hands": 2}).split.max_hands == 2
    assert blackjack.changed(split={"max_hands": 2}).split.resplit_aces
    with pytest.raises(ValidationError, match="surrender"):
        blackjack.changed(surrender="early")


def _properties(node: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    node = root["$defs"][node["$ref"].split("/")[-1]] if "$ref" in node else node
    objects = [n for n in node.get("anyOf", [node]) if "$ref" in n or "properties" in n]
    if objects and objects[0] is not node:
        return _properties(objects[0], root)
    return node


def _covered(data: Any, node: dict[str, Any], root: dict[str, Any], path: str) -> None:
    """Every key of ``data`` is a property of its schema ``node``, all the way down."""
    node = _properties(node, root)
    if isinstance(data, dict) and "properties" in node:
        assert node.get("additionalProperties") is False, path
        for key, value in data.items():
            assert key in node["properties"], f"{path}.{key}"
            _covered(value, node["properties"][key], root, f"{path}.{key}")
    elif isinstance(data, list) and "items" in node:
        for i, item in enumerate(data):
            _covered(item, node["items"], root, f"{path}[{i}]")


def test_the_schema_describes_every_shipped_file() -> None:
    for pid in profile_ids():
        shape = schema(pid)
        assert set(shape["required"]) >= {"id", "name"}
        _covered(_data(pid), shape, shape, pid)
    stud = schema("stud")
    assert stud == schema("russian")
    assert stud["$defs"]["Settle"]["properties"]["tie"]["enum"] == ["push", "player"]
