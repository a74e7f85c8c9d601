"""Conservation and audit after many random rounds through the runner."""

from __future__ import annotations

import pytest

from croupier.casino import Casino
from croupier.casino.drill import Drill
from croupier.store.testing import SettableClock


def run_drill(casino: Casino, clock: SettableClock, seed: int, steps: int) -> Drill:
    drill = Drill(casino, seed)
    drill.setup(players=6, tables=10, chips=200_000)
    for i in range(steps):
        drill.step()
        if i % 7 == 0:
            clock.advance(seconds=11)
            drill.expire()
    return drill


def test_conservation_and_audit_after_random_rounds(casino: Casino, clock: SettableClock) -> None:
    drill = run_drill(casino, clock, seed=11, steps=300)
    assert len(drill.history_rounds()) > 30 and drill.log.refused > 0
    assert drill.books() == []


@pytest.mark.soak
def test_conservation_and_audit_after_thousands_of_random_rounds(
    casino: Casino, clock: SettableClock
) -> None:
    drill = run_drill(casino, clock, seed=1, steps=6000)
    assert len(drill.history_rounds()) >= 1000
    assert drill.books() == []
