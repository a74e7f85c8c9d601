"""Crash: a process running rounds is killed (SIGKILL) at random points; nothing is lost.

After every kill, :meth:`Rounds.recover` replays each open round from its
stored events; every one resumes (or, if it cannot be replayed, is voided
with its stakes returned), and the books balance: the audit passes, each
player's chips equal what was bought plus their round nets, and each open
round holds exactly what its stored events cost (an event is never stored
without its hold, nor a hold taken without its event).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from sqlalchemy import func, select

from croupier.casino import Casino
from croupier.casino.drill import Drill
from croupier.casino.rounds import Rounds
from croupier.games.base import Viewer
from croupier.store.round_models import Phase, RoundEvent

# However loaded the machine, a drill stores its first events within this long.
DEADLINE_S = 180.0


def stored_events(casino: Casino) -> int:
    with casino.store.read() as session:
        return int(session.scalar(select(func.count()).select_from(RoundEvent)) or 0)


def run_and_kill(casino: Casino, seed: int, events: int) -> None:
    """Run a drill in another process; SIGKILL it once ``events`` more round events are stored.

    Killing on the database's progress rather than on the clock puts the kill
    at the same point of play on a quiet or a loaded machine.
    """
    target = stored_events(casino) + events
    process = subprocess.Popen(
        [sys.executable, "-m", "croupier.casino.drill", casino.store.url, str(seed), "1000000"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + DEADLINE_S
    try:
        while stored_events(casino) < target:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            assert time.monotonic() < deadline, f"no {events} events in {DEADLINE_S} s"
            time.sleep(0.02)  # polling the store, not waiting for a time
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()


def crash_many(casino: Casino, kills: list[int]) -> None:
    """Kill a drill after each count of new events in ``kills`` (varied: random points of
    play). Issue 12's kill-and-recover attack: 3 kills in ``make test``, 16 in ``make soak``."""
    drill = Drill(casino, seed=5)
    drill.setup(players=5, tables=6, chips=300_000)
    closed_before = 0
    for i, events in enumerate(kills):
        run_and_kill(casino, 100 + i, events)
        rounds = Rounds(casino.store, casino.ledger)
        report = rounds.recover()
        assert all(r.endswith(("resumed", "settled", "void")) for r in report), report
        assert drill.books() == [], f"after kill {i + 1} at {events} new events"
        # Each open round is exactly where its events put it: a fresh runner agrees.
        for round_id in rounds.open_rounds():
            view = Rounds(casino.store).view(round_id, Viewer.house())
            assert view.phase in (Phase.BETTING, Phase.PLAYING)
            assert view == rounds.view(round_id, Viewer.house())
        closed = len(drill.history_rounds())
        assert closed >= closed_before
        closed_before = closed
    assert closed_before > 0, "the killed processes never got a round through"
    # The rounds carry on after the last crash and the books still balance.
    drill.attach()
    for _ in range(60):
        drill.step()
    assert drill.books() == []


@pytest.mark.sizes(3, 16)  # kills
def test_crash_at_random_points_every_round_resumes_and_books_balance(
    casino: Casino, size: int
) -> None:
    crash_many(casino, [23 + (i * 37) % 71 for i in range(size)])
