"""The leak scan over the real server (issue 12, regression suite): every stud and
house-poker profile, light and dark boxes, random pre-buys and random legal play,
each message of every WebSocket (two players and a spectator) checked.

What a viewer may see is worked out from the round's state alone, never from the
projection code: each message's round names how many of its events it shows, the
round is replayed from its stored events to that point, and the rules of the
engine-level property test (``croupier.games.common.leaks.MAY_SEE``, used by
tests/games/test_privacy.py) say which cards that viewer may see then. Beside the
cards, a dark box's pre-buys stay with its owner, and the
round's server seed goes to its participants only, once it is closed.

The scan is checked too: leaks planted on purpose in the server's path (every viewer
given the house's view, pre-buys not hidden, the seed shown to a spectator) are caught.

One implementation, one size knob (rounds per profile): a couple of rounds each in
``make test``, many in ``make soak``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.casino import round_view
from croupier.casino.replay import events_of, rebuild
from croupier.casino.tables import TableConfig
from croupier.games.base import Limits, Viewer
from croupier.games.common.leaks import MAY_SEE, cards_in
from croupier.games.house_poker import HousePokerGame
from croupier.games.stud import StudGame
from croupier.profiles import load, profile_ids
from croupier.store.round_models import TableMode, TableRound

from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]
LIMITS = Limits(100, 10_000, 1_000_000)
SCANNED_GAMES = ("stud", "holdem", "holdem_bonus", "three_card")  # stud and house poker
PROFILES = [p for p in profile_ids() if load(p).game in SCANNED_GAMES]
MOST_STEPS = 200  # decisions in one round, far above any game's (a loop would be a bug)


@dataclass
class Seat:
    """A player at the scanned table: their socket, card number, boxes."""

    client: TableClient
    card: str
    boxes: list[int]


@dataclass
class Scan:
    """What a scan saw: every message of every viewer (card number, None: spectator)."""

    viewers: list[tuple[str | None, TableClient]] = field(default_factory=list)
    rounds: set[str] = field(default_factory=set)
    dark_boxes: int = 0
    prebuys: int = 0
    messages: int = 0


def choose(rng: random.Random, me: TableClient) -> dict[str, Any]:
    """A random legal decision for the box in turn; cards picked from those the player
    sees of the box (a dark box, unseen, takes a decision that names no cards)."""
    rnd = me.round
    assert rnd is not None
    box = rnd["turn"]["box"]
    mine = next((b for b in rnd["view"]["boxes"] if b["box"] == box), {}).get("cards") or []
    menu = [e for e in rnd["legal"] if e["box"] == box]
    menu = [e for e in menu if not e.get("cards") or any(n <= len(mine) for n in e["cards"])]
    entry = rng.choice(menu)
    action: dict[str, Any] = {"box": box, "act": entry["act"]}
    if entry.get("cards"):
        count = rng.choice([n for n in entry["cards"] if n <= len(mine)])
        action["cards"] = rng.sample(mine, count)
    if entry.get("min_amount") is not None:
        action["amount"] = entry["min_amount"]
    if entry.get("hand") is not None:
        action["hand"] = entry["hand"]
    return action


def scan(
    client: TestClient, player: Make, profile_id: str, rounds: int, dark: float = 0.5
) -> tuple[Scan, list[str]]:
    """Play ``rounds`` rounds of the profile with two players (one at a personal game)
    and a spectator, each player's boxes light or (by the share ``dark``) dark; every
    leak found in what each socket received."""
    profile = load(profile_id)
    table = profile.table  # type: ignore[attr-defined]
    personal = table.owner_sees_all_boxes  # the personal game [002]: its owner alone
    tables = client.app.state.croupier.floor.tables  # type: ignore[attr-defined]
    mode = TableMode.PERSONAL if personal else TableMode.PUBLIC
    table_id = tables.create(TableConfig(profile_id, LIMITS, mode)).id
    rng = random.Random(f"{profile_id}/{rounds}/{dark}")
    found = Scan()
    with ExitStack() as sockets:
        seats: list[Seat] = []
        names = ["Anna Scan"] if personal else ["Anna Scan", "Boris Scan"]
        per_player = 2 if table.boxes >= 2 * len(names) else 1
        for n, name in enumerate(names):
            card, headers = player(name, chips=10**7)
            url = f"/ws/tables/{table_id}"
            socket = sockets.enter_context(client.websocket_connect(url, headers=headers))
            me = Seat(TableClient(socket, f"p{n}"), card, [])
            for box in range(n * per_player + 1, (n + 1) * per_player + 1):
                if me.client.send(intent="sit", box=box)["type"] == "ack":
                    me.boxes.append(box)
            assert me.boxes, f"{name} could not sit"
            seats.append(me)
            found.viewers.append((card, me.client))
        if not personal:
            url = f"/ws/tables/{table_id}?as=spectator"
            watcher = TableClient(sockets.enter_context(client.websocket_connect(url)), "s")
            found.viewers.append((None, watcher))
        for number in range(rounds):
            last = play_round(rng, profile_id, seats, dark, number, found)
            for _card, viewer in found.viewers:
                viewer.until(last)
    return found, leaks(client, found)


def play_round(
    rng: random.Random, profile_id: str, seats: list[Seat], dark: float, number: int, found: Scan
) -> int:
    """Stake every box, play random legal decisions to the settlement; the last seq."""
    dark_per_player = load(profile_id).table.dark_boxes_per_player  # type: ignore[attr-defined]
    prebuys = getattr(load(profile_id), "dark_prebuy", None) or ()
    last = 0
    for me in seats:
        ante = rng.choice([100, 200, 500])  # a player's boxes: equal antes, as some tables want
        darks = 0
        for i, box in enumerate(me.boxes):
            light: dict[str, Any] = {"stakes": {"ante": ante}}
            # Every scan of a table with dark boxes has one at least, with every pre-buy.
            first = number == 0 and i == 0
            bought = [p for p in prebuys if first or rng.random() < 0.5]
            dark_box = {**light, "dark": True, "prebuy": bought}
            ways = [light] if darks >= dark_per_player else [light, dark_box]
            if first or rng.random() < dark:
                ways.reverse()
            for stake in ways:  # the seating rules may want the other (one light box...)
                answer = me.client.send(intent="stake", box=box, stake=stake)
                if answer["type"] == "ack":
                    break
            assert answer["type"] == "ack", (profile_id, ways, answer)
            if stake.get("dark"):
                darks += 1
                found.dark_boxes += 1
                found.prebuys += len(stake["prebuy"])
            last = max(last, answer["seq"])
    for _step in range(MOST_STEPS):
        for me in seats:
            me.client.until(last)
        rnd = seats[0].client.round
        assert rnd is not None
        found.rounds.add(rnd["round_id"])
        if rnd["phase"] != "playing":
            assert rnd["phase"] == "settled", rnd
            return last
        actor = next(me for me in seats if me.client.my_turn())
        answer = actor.client.send(intent="act", action=choose(rng, actor.client))
        assert answer["type"] == "ack", answer
        last = answer["seq"]
    raise AssertionError(f"{profile_id}: a round of {MOST_STEPS} decisions")


def leaks(client: TestClient, found: Scan) -> list[str]:
    """Every message of every viewer checked against the round's state at that message."""
    store = client.app.state.croupier.casino.store  # type: ignore[attr-defined]
    replays: dict[str, tuple[TableRound, list[Any]]] = {}
    with store.read() as session:
        for round_id in found.rounds:
            replays[round_id] = (
                session.get_one(TableRound, round_id),
                events_of(session, round_id),
            )
    states: dict[tuple[str, int], Any] = {}
    found_leaks = []
    for who, viewer in found.viewers:
        for message in viewer.messages:
            found.messages += 1
            rnd = (message.get("state") or {}).get("round")
            if rnd is None or rnd["round_id"] not in replays:
                leaked = cards_in(message)  # no round shown: no card at all
                if leaked:
                    found_leaks.append(f"{who}: cards {sorted(leaked)} outside a round")
                continue
            row, events = replays[rnd["round_id"]]
            at = (row.id, rnd["events"])
            if at not in states:
                states[at] = rebuild(row, events[: rnd["events"]])
            rebuilt = states[at]
            where = (
                f"{row.profile} round {row.number} event {rnd['events']} to {who or 'spectator'}"
            )
            may_see = MAY_SEE[row.game]
            allowed = set() if rebuilt.state is None else may_see(rebuilt.state, who)
            leaked = cards_in(message) - allowed
            if leaked:
                found_leaks.append(f"{where}: cards {sorted(leaked)}")
            owners = {s.box: s.player for s in rebuilt.setup.boxes}
            for stake in rnd["stakes"]:
                if stake.get("prebuy") and owners.get(stake["box"]) != who:
                    found_leaks.append(f"{where}: box {stake['box']} pre-buys {stake['prebuy']}")
            participant = who in owners.values()
            if rnd["server_seed"] is not None and not (
                participant and rnd["phase"] in ("settled", "void")
            ):
                found_leaks.append(f"{where}: the server seed")
    return found_leaks


@pytest.mark.sizes(2, 40)  # rounds per profile
@pytest.mark.parametrize("profile_id", PROFILES)
def test_leak_scan_no_socket_gets_a_card_prebuy_or_seed_it_may_not_see(
    client: TestClient, player: Make, profile_id: str, size: int
) -> None:
    found, leaked = scan(client, player, profile_id, size)
    assert not leaked, leaked[:10]
    assert len(found.rounds) == size
    assert found.messages > size * len(found.viewers) * 2  # every round seen, several times
    if load(profile_id).table.dark_boxes_per_player:  # type: ignore[attr-defined]
        assert found.dark_boxes > 0


# ---------------------------------------------------------------- the scan checked


def _house_view_for_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    for engine in (StudGame, HousePokerGame):
        real = engine.project
        monkeypatch.setattr(
            engine,
            "project",
            lambda self, state, viewer, real=real: real(self, state, Viewer.house()),
        )


def _prebuys_for_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(round_view, "stake_seen_by", lambda stake, viewer: stake)


def _seed_for_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(round_view, "participant", lambda viewer, stakes: True)


PLANTS: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], str]] = {
    "house view": (_house_view_for_everyone, "cards"),
    "pre-buys": (_prebuys_for_everyone, "pre-buys"),
    "seed": (_seed_for_everyone, "server seed"),
}


@pytest.mark.parametrize("plant", PLANTS)
def test_leak_scan_catches_leaks_planted_in_the_server(
    client: TestClient, player: Make, monkeypatch: pytest.MonkeyPatch, plant: str
) -> None:
    planting, kind = PLANTS[plant]
    planting(monkeypatch)
    found, leaked = scan(client, player, "russian", 1, dark=0.0)
    assert found.prebuys > 0
    assert leaked and all(kind in line for line in leaked), leaked[:5]
