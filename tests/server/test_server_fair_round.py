"""Provably fair over the API (issue 13): the commitment shows before any stake, the player
sets the client seed before the round, and the recall reveals a seed that deals the round."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from fastapi.testclient import TestClient

from croupier.cards.card import format_card
from croupier.cards.fair import FairSeed

from .test_server_ws import LIMITS, open_table
from .wskit import seated_at_personal_table, two_seated

Make = Callable[..., tuple[str, dict[str, str]]]


def test_commitment_before_the_round_and_the_client_seed_set_by_the_player(
    client: TestClient, player: Make
) -> None:
    _card, headers = player(chips=100_000)
    with seated_at_personal_table(client, headers, "russian", LIMITS) as me:
        table_id = me.state["table"]["id"]
        url = f"/api/tables/{table_id}/round"
        shown = client.post(url, json={}, headers=headers)
        assert shown.status_code == 200, shown.text
        before = shown.json()
        assert before["phase"] == "betting" and len(before["commitment"]) == 64
        chosen = client.post(url, json={"client_seed": "lucky-7"}, headers=headers).json()
        assert (chosen["round_id"], chosen["commitment"], chosen["client_seed"]) == (
            before["round_id"],
            before["commitment"],
            "lucky-7",
        )
        assert me.send(intent="stake", box=1, stake={"ante": 100})["type"] == "ack"
        late = client.post(url, json={"client_seed": "changed my mind"}, headers=headers)
        assert (late.status_code, late.json()["error"]["code"]) == (403, "round_in_play")
        me.finish()
    recall = client.get(f"/api/history/{before['round_id']}", headers=headers).json()
    server_seed = bytes.fromhex(recall["server_seed"])
    assert hashlib.sha256(server_seed).hexdigest() == before["commitment"]
    assert (recall["client_seed"], recall["shoe_offset"]) == ("lucky-7", 0)
    deck = FairSeed(server_seed, "lucky-7", recall["nonce"]).shuffle(range(52))
    # five cards one at a time to the box, then to the dealer: the box holds every other card
    dealt = next(step["view"] for step in recall["steps"] if step["view"] is not None)
    assert dealt["boxes"][0]["cards"] == [format_card(c) for c in deck[0:10:2]]


def test_the_client_seed_is_fixed_once_a_stake_is_down(client: TestClient, player: Make) -> None:
    table_id = open_table(client)  # public: the deal waits for every seated box
    _anna, anna_headers = player(chips=100_000)
    _boris, boris_headers = player("Boris Ivanov", chips=100_000)
    url = f"/api/tables/{table_id}/round"
    with two_seated(client, table_id, anna_headers, boris_headers) as (anna, _boris):
        assert client.post(url, json={"client_seed": "a"}, headers=anna_headers).status_code == 200
        assert anna.send(intent="stake", box=1, stake={"ante": 100})["type"] == "ack"
        late = client.post(url, json={"client_seed": "b"}, headers=boris_headers)
        assert (late.status_code, late.json()["error"]["code"]) == (403, "client_seed_closed")
        same = client.post(url, json={"client_seed": "a"}, headers=boris_headers)
        assert same.status_code == 200  # the seed it already has: nothing changes


def test_only_a_seated_player_and_only_plain_text(client: TestClient, player: Make) -> None:
    _card, headers = player(chips=100_000)
    _other, stranger = player("Boris Ivanov", chips=100_000)
    with seated_at_personal_table(client, headers, "roulette", LIMITS) as me:
        url = f"/api/tables/{me.state['table']['id']}/round"
        refused = client.post(url, json={"client_seed": "mine"}, headers=stranger)
        assert refused.json()["error"]["code"] == "box_not_yours"
        bad = client.post(url, json={"client_seed": "a\u202eb"}, headers=headers)
        assert bad.status_code == 422 and bad.json()["error"]["where"] == "client_seed"
        long = client.post(url, json={"client_seed": "x" * 65}, headers=headers)
        assert long.status_code == 422
        assert client.post(url, json={"client_seed": "ok"}, headers=headers).status_code == 200
