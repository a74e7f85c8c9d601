"""No hidden card ever reaches the wrong viewer, over many rounds with several clients.

Two players at a public Russian-poker table and a spectator record every message
they receive while the players take random legal actions (exchanges, 6th cards,
insurance, folds...). After each round the house's view (every card) is read
from the table service, and each recorded message is checked against rules
written here, independently of the engine's projection:

* before the show a viewer sees the dealer's shown card and, for a player, only
  their own boxes' cards;
* at the show the dealer's cards and the hands of boxes still in play are public;
* a folded box's cards, anyone's discards and the undealt stock are never seen
  by anyone but the owner of the box.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from croupier.casino.tables import TableConfig
from croupier.games.base import Limits, Viewer
from croupier.games.common.leaks import cards_in
from croupier.store.round_models import TableMode

from .wskit import TableClient

Make = Callable[..., tuple[str, dict[str, str]]]
ROUNDS = 12


def choose(rng: random.Random, me: TableClient) -> dict[str, Any]:
    """A random legal action for the box in turn (cards picked from the box's own)."""
    rnd = me.round
    assert rnd is not None
    box = rnd["turn"]["box"]
    entry = rng.choice([e for e in rnd["legal"] if e["box"] == box])
    action: dict[str, Any] = {"box": box, "act": entry["act"]}
    if entry.get("cards"):
        mine = next(b for b in rnd["view"]["boxes"] if b["box"] == box)["cards"]
        count = rng.choice([c for c in entry["cards"] if c <= len(mine)])
        action["cards"] = rng.sample(mine, count)
    if "min_amount" in entry:
        action["amount"] = entry["min_amount"]
    return action


def allowed(house: dict[str, Any], message_round: dict[str, Any], own: set[int]) -> set[str]:
    """The cards a viewer owning boxes ``own`` may see in a message of this round."""
    dealer = house["dealer"]
    seen = {dealer["shown"]}
    view = message_round.get("view") or {}
    shown = view.get("phase") in ("after_show", "done") or message_round["phase"] == "settled"
    for box in house["boxes"]:
        if box["box"] in own:
            seen |= set(box["cards"]) | set(box.get("discards", ()))
        elif shown and box["stage"] != "folded":
            seen |= set(box["cards"])
    if shown:
        seen |= set(dealer["cards"])
        seen |= set((dealer.get("bought_game") or {}).values())
    return seen


def test_no_hidden_card_reaches_the_wrong_viewer_over_many_rounds(
    client: TestClient, player: Make
) -> None:
    rng = random.Random(20261129)
    floor = client.app.state.croupier.floor  # type: ignore[attr-defined]
    table_id = floor.tables.create(
        TableConfig("russian", Limits(100, 10_000, 1_000_000), TableMode.PUBLIC)
    ).id
    ann_card, ann_headers = player("Ann", chips=1_000_000)
    bob_card, bob_headers = player("Bob", chips=1_000_000)
    url = f"/ws/tables/{table_id}"
    with (
        client.websocket_connect(url, headers=ann_headers) as a,
        client.websocket_connect(url, headers=bob_headers) as b,
        client.websocket_connect(url + "?as=spectator") as s,
    ):
        ann, bob, watcher = TableClient(a, "ann"), TableClient(b, "bob"), TableClient(s, "s")
        clients = {ann_card: ann, bob_card: bob}
        ann.send(intent="sit", box=1)
        bob.send(intent="sit", box=2)
        checked = 0
        for _ in range(ROUNDS):
            marks = {c.name: len(c.messages) for c in (ann, bob, watcher)}
            ann.send(intent="stake", box=1, stake={"ante": 100})
            last = bob.send(intent="stake", box=2, stake={"ante": 100})["seq"]
            while True:
                for c in (ann, bob, watcher):
                    c.until(last)
                rnd = watcher.round
                assert rnd is not None
                if rnd["phase"] != "playing":
                    break
                actor = next(c for c in clients.values() if c.my_turn())
                answer = actor.send(intent="act", action=choose(rng, actor))
                assert answer["type"] == "ack", answer
                last = answer["seq"]
            house = floor.rounds.view(rnd["round_id"], Viewer.house()).view
            for c, own in ((ann, {1}), (bob, {2}), (watcher, set())):
                for message in c.messages[marks[c.name] :]:
                    state = message.get("state") or {}
                    mround = state.get("round")
                    if not mround or mround["round_id"] != rnd["round_id"]:
                        continue
                    leaked = cards_in(message) - allowed(house, mround, own)
                    assert not leaked, (c.name, message["seq"], sorted(leaked))
                    checked += 1
        assert checked > ROUNDS * 6  # every round was seen by all three, several times
