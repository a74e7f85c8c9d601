"""Every engine the project has is playable over the table WebSocket: a round per profile."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.games.base import Limits
from croupier.games.registry import GAMES
from croupier.profiles import load, profile_ids

from .wskit import TableClient, seated_at_personal_table

Make = Callable[..., tuple[str, dict[str, str]]]
LIMITS = Limits(100, 10_000, 1_000_000)

# How a box is staked in each game (round-script form), the same shapes the browser sends.
STAKES: dict[str, dict[str, Any]] = {
    "stud": {"ante": 100},
    "holdem": {"ante": 100},
    "holdem_bonus": {"ante": 100},
    "three_card": {"ante": 100},
    "blackjack": {"stake": 100},
    "baccarat": {"stakes": {"banker": 100}},
    "roulette": {"chip": 100},
}
# Decisions a cautious player takes, first open one wins; roulette bets one spot, then closes.
PREFER = ("bet", "no_more_bets", "stand", "check", "play", "call", "take_ante", "fold")
PLAYABLE = [pid for pid in profile_ids() if load(pid).game in GAMES]


def decide(me: TableClient) -> dict[str, Any]:
    rnd = me.round
    assert rnd is not None
    turn = rnd["turn"]
    legal = [e for e in rnd["legal"] if e["box"] in (turn["box"], 0)]
    entry = next((e for a in PREFER for e in legal if e["act"] == a), legal[0])
    action: dict[str, Any] = {"box": entry["box"], "act": entry["act"]}
    if entry.get("hand"):
        action["hand"] = entry["hand"]
    if entry["act"] == "bet" and rnd["game"] == "roulette":
        already = any(e.get("act") == "no_more_bets" for e in legal)
        action.update({"spot": "red", "amount": 100} if not already else {})
        if already:
            action = {"box": 0, "act": "no_more_bets"}
    elif "min_amount" in entry:
        action["amount"] = entry["min_amount"]
    return action


@pytest.mark.parametrize("profile_id", PLAYABLE)
def test_every_profile_plays_a_round_over_the_websocket(
    client: TestClient, player: Make, profile_id: str
) -> None:
    game = load(profile_id).game
    _card, headers = player(chips=100_000)
    with seated_at_personal_table(client, headers, profile_id, LIMITS) as me:
        staked = me.send(intent="stake", box=1, stake=STAKES[game])
        assert staked["type"] == "ack", staked
        me.until(staked["seq"])
        for _ in range(40):
            rnd = me.round
            assert rnd is not None
            if rnd["phase"] != "playing":
                break
            answer = me.send(intent="act", action=decide(me))
            assert answer["type"] == "ack", (answer, rnd["legal"])
            me.until(answer["seq"])
        rnd = me.round
        assert rnd is not None and rnd["phase"] == "settled", rnd
    net = rnd["settlement"]["boxes"][0]["net"]
    assert client.get("/api/balance", headers=headers).json()["balance"] == 100_000 + net
