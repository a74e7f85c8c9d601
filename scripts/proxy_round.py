"""One public round played through the load balancer, a backend killed in the middle.

Run by scripts/deploy-check.sh once nginx is up in front of two ``croupier serve``
processes: ``python scripts/proxy_round.py http://127.0.0.1:PORT HOST:PORT=PID ...``.

Two players register and buy chips through the proxy, open their table sockets
through it until they are on different backends (nginx answers the handshake with
the backend it chose, in ``X-Croupier-Upstream``: a header of the check's own
configuration), sit at the public Russian-poker table and stake (the deal follows).
The first decides; the second sees it (it crossed Redis). Then the second player's
backend is killed (SIGKILL): its socket drops, it reconnects to the same address, the
proxy sends it to the living process, its first message is a snapshot of the round
where it was, and the two play the round to its settlement, which the first player,
who never reconnected, sees. Prints what happened; exits non-zero on any miss.
"""

from __future__ import annotations

import itertools
import json
import os
import secrets
import signal
import sys
import time
from contextlib import ExitStack
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

PASSWORD = "proxy check password"
ANTE = 2500
WAIT_S = 20.0
_keys = itertools.count(1)


class Player:
    """A player's account and table socket, through the proxy."""

    def __init__(self, proxy: str, name: str) -> None:
        self.proxy, self.name = proxy, name
        self.http = httpx.Client(base_url=proxy, timeout=30)
        document = f"{secrets.randbelow(10**6):06d}"
        made = self.http.post(
            "/api/register",
            json={
                "full_name": f"{name} Proxy",
                "birth_date": "1990-05-17",
                "document_type": "passport",
                "document_number": f"4510 {document}",
                "password": PASSWORD,
            },
        )
        made.raise_for_status()
        self.card: str = made.json()["card_number"]
        login = self.http.post("/api/login", json={"card_number": self.card, "password": PASSWORD})
        login.raise_for_status()
        self.token: str = login.json()["token"]
        bought = self.http.post(
            "/api/cashier/buy",
            json={"key": f"proxy-chips-{self.card}", "amount": 10 * ANTE},
            headers={"Authorization": f"Bearer {self.token}"},
        )
        bought.raise_for_status()
        self.socket: ClientConnection | None = None
        self.sockets = ExitStack()
        self.backend = ""
        self.state: dict[str, Any] = {}
        self.seq = -1

    def join(self, table_id: int) -> dict[str, Any]:
        """Open the table socket through the proxy (as a browser on the proxy's page would:
        its Origin is the proxy's address); the first message, a snapshot."""
        url = self.proxy.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        self.socket = self.sockets.enter_context(
            connect(
                url,
                additional_headers={"Authorization": f"Bearer {self.token}"},
                origin=Origin(self.proxy),
            )
        )
        assert self.socket.response is not None
        self.backend = self.socket.response.headers.get("X-Croupier-Upstream", "")
        first = self.receive()
        if first["type"] != "snapshot":
            raise SystemExit(f"{self.name}: the first message is {first}, not a snapshot")
        return first

    def receive(self) -> dict[str, Any]:
        assert self.socket is not None
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=WAIT_S))
        if message["type"] in ("snapshot", "event"):
            self.state, self.seq = message["state"], message["seq"]
        return message

    def send(self, **fields: Any) -> dict[str, Any]:
        """An intent; its ack (anything else ends the check)."""
        assert self.socket is not None
        key = f"{self.name}-{next(_keys)}"
        self.socket.send(json.dumps({"type": "intent", "key": key, **fields}))
        while True:
            message = self.receive()
            if message.get("key") == key:
                if message["type"] != "ack":
                    raise SystemExit(f"{self.name}: {fields} answered {message}")
                return message

    def until(self, seq: int) -> dict[str, Any]:
        while self.seq < seq:
            self.receive()
        return self.state

    @property
    def round(self) -> dict[str, Any]:
        found: dict[str, Any] = self.state.get("round") or {}
        return found

    def my_turn(self) -> bool:
        rnd = self.round
        turn = rnd.get("turn") or {}
        return rnd.get("phase") == "playing" and turn.get("player") == self.state.get("you")

    def decide(self) -> dict[str, Any]:
        """Play the box whose turn it is (it must be this player's): the first of play,
        take the ANTE, fold that the rules offer now."""
        rnd = self.round
        if not self.my_turn():
            raise SystemExit(f"{self.name}: not this player's turn: {rnd}")
        box = rnd["turn"]["box"]
        acts = {entry["act"] for entry in rnd["legal"] if entry["box"] == box}
        act = next(a for a in ("play", "take_ante", "fold", *sorted(acts)) if a in acts)
        return self.send(intent="act", action={"box": box, "act": act})


def public_russian_table(proxy: str) -> int:
    tables = httpx.get(f"{proxy}/api/tables", timeout=30).json()
    return int(next(t["id"] for t in tables if t["profile"] == "russian" and t["mode"] == "public"))


def on_other_backend(player: Player, other: Player, table_id: int) -> None:
    """Reconnect ``player`` until the proxy puts it on another backend than ``other``'s."""
    for _ in range(10):
        if player.backend and player.backend != other.backend:
            return
        assert player.socket is not None
        player.socket.close()
        player.join(table_id)
    raise SystemExit(f"both players stay on {other.backend}: is the proxy balancing?")


def main(proxy: str, backends: dict[str, int]) -> None:
    table_id = public_russian_table(proxy)
    ann, bob = Player(proxy, "Ann"), Player(proxy, "Bob")
    ann.join(table_id)
    bob.join(table_id)
    on_other_backend(bob, ann, table_id)
    print(f"ann is on {ann.backend}, bob on {bob.backend}, both through {proxy}")
    ann.send(intent="sit", box=1)
    bob.send(intent="sit", box=2)
    ann.send(intent="stake", box=1, stake={"ante": ANTE})
    seq = bob.send(intent="stake", box=2, stake={"ante": ANTE})["seq"]
    round_id = ann.until(seq)["round"]["round_id"]
    seq = ann.decide()["seq"]  # box 1 decides first
    if bob.until(seq)["round"]["turn"]["box"] != 2:  # seen on the other process
        raise SystemExit(f"bob did not see ann's decision: {bob.round}")
    print(f"round {round_id} dealt; ann decided on {ann.backend}, bob saw it on {bob.backend}")

    dead = bob.backend
    os.kill(backends[dead], signal.SIGKILL)
    try:  # the proxy closes bob's socket when its backend dies
        while True:
            bob.receive()
    except (ConnectionClosed, TimeoutError):
        pass
    deadline = time.monotonic() + WAIT_S
    while True:  # bob's client reconnects to the same address, as the browser does
        try:
            bob.join(table_id)
            break
        except (OSError, ConnectionClosed) as error:
            if time.monotonic() > deadline:
                raise SystemExit(f"bob could not reconnect through the proxy: {error}") from None
            time.sleep(0.2)
    if bob.backend == dead or bob.round.get("round_id") != round_id:
        raise SystemExit(f"bob resumed on {bob.backend} with {bob.round}")
    print(f"{dead} killed; bob reconnected through the proxy to {bob.backend}, seq {bob.seq}")
    while bob.round.get("phase") == "playing":  # the round played out through the proxy
        actor = next((p for p in (ann, bob) if p.my_turn()), None)
        if actor is None:
            raise SystemExit(f"nobody's turn in a round in play: {bob.round}")
        seq = actor.decide()["seq"]
        ann.until(seq)
        bob.until(seq)
    settled = ann.round
    if settled.get("round_id") != round_id or settled.get("phase") != "settled":
        raise SystemExit(f"ann did not see the round settled: {settled}")
    ann.send(intent="stand", box=1)
    bob.send(intent="stand", box=2)
    print(f"round {round_id} settled; ann saw it without reconnecting")
    ann.sockets.close()
    bob.sockets.close()


if __name__ == "__main__":
    pairs = dict(arg.split("=", 1) for arg in sys.argv[2:])
    main(sys.argv[1], {address: int(pid) for address, pid in pairs.items()})
