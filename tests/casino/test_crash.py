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

from croupier.casino import Casino
from croupier.casino.drill import Drill
from croupier.casino.rounds import Rounds
from croupier.games.base import Viewer
from croupier.store.round_models import Phase


def run_and_kill(url: str, seed: int, after: float) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "croupier.casino.drill", url, str(seed), "1000000"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    time.sleep(after)
    assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
    process.send_signal(signal.SIGKILL)
    process.wait()


def crash_many(casino: Casino, kills: list[float]) -> None:
    drill = Drill(casino, seed=5)
    drill.setup(players=5, tables=6, chips=300_000)
    closed_before = 0
    for i, after in enumerate(kills):
        run_and_kill(casino.store.url, 100 + i, after)
        rounds = Rounds(casino.store, casino.ledger)
        report = rounds.recover()
        assert all(r.endswith(("resumed", "settled", "void")) for r in report), report
        assert drill.books() == [], f"after kill {i + 1} at {after}s"
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


def test_crash_at_random_points_every_round_resumes_and_books_balance(casino: Casino) -> None:
    crash_many(casino, [2.5, 3.1, 3.7])


@pytest.mark.slow
def test_crash_at_many_points_every_round_resumes_and_books_balance(casino: Casino) -> None:
    crash_many(casino, [2.2 + 0.37 * i for i in range(16)])
