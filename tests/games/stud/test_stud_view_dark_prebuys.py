"""A dark box's blind pre-buys (6th card, insurance, a game) are its owner's
business until the show: the security review found them in everybody's view."""

from __future__ import annotations

from typing import Any

from studkit import GAME, act, box, play, start

from croupier.games.base import JSON, Viewer

ALL_PREBUYS = ["sixth", "insurance", "buy_game"]


def _round(prebuy: list[str]) -> Any:
    return start(
        "russian",
        [box(1, player="ann"), box(2, player="bob", dark=True, prebuy=prebuy)],
        {1: "2c 7d 9h Js 4c", 2: "Qh Qd Qc 7s 4h"},
        "Ac Kc 9s 8s 2d",
        stock="3d 5c 6s 8d Td",
    )


def _dark(view: JSON) -> JSON:
    item: JSON = next(b for b in view["boxes"] if b["box"] == 2)
    return item


def test_dark_box_prebuys_hidden_from_other_players_and_spectators_before_the_show() -> None:
    state = _round(ALL_PREBUYS)
    plain = _round([])
    for viewer in (Viewer.of("ann"), Viewer.spectator()):
        seen = _dark(GAME.project(state, viewer))
        # Exactly what a dark box without pre-buys shows: nothing tells them apart.
        assert seen == _dark(GAME.project(plain, viewer)), viewer
        assert seen["card_count"] == 5 and seen["fees"] == 0 and seen["insurance"] == 0
        assert seen["dark"] is True and seen["ante"] == 1000 and seen["stage"] == "played"
        assert "cards" not in seen


def test_dark_box_prebuys_seen_by_its_owner_and_the_house() -> None:
    state = _round(ALL_PREBUYS)
    for viewer in (Viewer.of("bob"), Viewer.house()):
        seen = _dark(GAME.project(state, viewer))
        assert seen["card_count"] == 6 and seen["fees"] > 0 and seen["insurance"] > 0, viewer
        assert "prebuys_hidden" not in seen


def test_dark_box_prebuys_public_after_the_show() -> None:
    state = play(_round(ALL_PREBUYS), act("fold", 1))
    seen = _dark(GAME.project(state, Viewer.spectator()))
    assert seen["card_count"] == 6 and seen["fees"] > 0 and seen["insurance"] > 0
    assert len(seen["cards"]) == 6
