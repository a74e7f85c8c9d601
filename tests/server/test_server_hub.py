"""The hub: every subscriber gets its own projection, in order; a slow one is cut off alone."""

from __future__ import annotations

import asyncio
import json

from croupier.games.base import JSON, Viewer
from croupier.server.hub import Frame, Hub, _standard_json, frame_text


def test_each_viewer_gets_its_own_projection_and_spectators_share_one() -> None:
    calls: list[str | None] = []

    def project(viewer: Viewer) -> JSON:
        calls.append(viewer.player)
        return {"for": viewer.player}

    async def run() -> list[JSON]:
        channel = Hub().channel("t")
        ann = channel.subscribe(Viewer.of("ann"), project)
        watchers = [channel.subscribe(Viewer.spectator(), project) for _ in range(5)]
        calls.clear()
        channel.publish("act", project)
        assert sorted(calls, key=str) == [None, "ann"]  # once per distinct viewer
        return [ann.queue.get_nowait(), ann.queue.get_nowait(), watchers[4].queue.get_nowait()]

    snapshot, event, watcher_snapshot = asyncio.run(run())
    assert (snapshot["type"], snapshot["seq"]) == ("snapshot", 0)
    assert (event["type"], event["seq"], event["state"]) == ("event", 1, {"for": "ann"})
    assert watcher_snapshot["state"] == {"for": None}


def test_an_events_json_text_is_made_once_per_distinct_viewer_and_shared_by_its_sockets() -> None:
    async def run() -> tuple[list[JSON], list[JSON]]:
        channel = Hub().channel("t")
        players = [channel.subscribe(Viewer.of(name), lambda v: {}) for name in ("ann", "bob")]
        watchers = [channel.subscribe(Viewer.spectator(), lambda v: {}) for _ in range(4)]
        for subscriber in players + watchers:
            subscriber.queue.get_nowait()  # the snapshots
        channel.publish("act", lambda v: {"for": v.player}, by="ann")
        return [p.queue.get_nowait() for p in players], [w.queue.get_nowait() for w in watchers]

    played, watched = asyncio.run(run())
    assert all(message is watched[0] for message in watched)  # one message for every spectator
    texts = [frame_text(message) for message in watched]
    assert all(text is texts[0] for text in texts)  # one JSON text, sent to each socket
    assert played[0] is not played[1]  # each player has their own
    assert frame_text(played[0]) == (
        '{"type":"event","table":"t","seq":1,"state":{"for":"ann"},"event":"act","by":"ann"}'
    )
    assert '"for":null' in texts[0]


def test_a_subscriber_too_far_behind_is_cut_off_and_the_others_carry_on() -> None:
    async def run() -> tuple[bool, int, bool]:
        hub = Hub(max_queued=3)
        channel = hub.channel("t")
        slow = channel.subscribe(Viewer.spectator(), lambda v: {})
        fast = channel.subscribe(Viewer.of("bob"), lambda v: {})
        for _ in range(5):
            channel.publish("act", lambda v: {})
            while not fast.queue.empty():  # bob reads everything at once
                fast.queue.get_nowait()
        ending = []
        while not slow.queue.empty():
            ending.append(slow.queue.get_nowait())
        return slow.dropped, len(channel.subscribers), ending[-1] is None

    dropped, left, closed = asyncio.run(run())
    assert dropped and closed  # the writer sees the end marker and closes; it reconnects
    assert left == 1


def test_a_messages_json_text_keeps_its_value_whichever_encoder_writes_it() -> None:
    # orjson (when installed) and the standard library write other scripts, numeric keys and
    # integers beyond 64 bits differently or not at all: the value read back is the same.
    message: JSON = {"state": {"name": "Анна", 7: ["♠A"], "seed": 2**80, "share": 0.5}}
    expected = {"state": {"name": "Анна", "7": ["♠A"], "seed": 2**80, "share": 0.5}}
    assert json.loads(frame_text(message)) == expected
    assert json.loads(frame_text(Frame(message))) == expected
    assert json.loads(_standard_json(message)) == expected
