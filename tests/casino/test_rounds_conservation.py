"""Conservation and audit after many random rounds through the runner."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from croupier.casino import Casino
from croupier.casino.drill import Drill
from croupier.store.models import Person
from croupier.store.round_models import RoundParticipant
from croupier.store.testing import SettableClock


def check_books(casino: Casino, drill: Drill, chips_each: int) -> None:
    """``croupier audit`` passes, and every balance is what was bought plus the round nets."""
    report = casino.audit()
    assert report.ok, report.summary()
    with casino.store.read() as session:
        totals: dict[str, int] = {}
        for card, net in session.execute(
            select(Person.card_number, RoundParticipant.net)
            .join(Person, Person.id == RoundParticipant.person_id)
            .where(RoundParticipant.net.is_not(None))
        ):
            totals[card] = totals.get(card, 0) + (net or 0)
    for card in drill.log.players:
        held = sum(
            amount
            for rid in drill.rounds.open_rounds()
            for holder, amount in casino.ledger.holds(rid).items()
            if holder == card
        )
        assert casino.ledger.balance(card) + held == chips_each + totals.get(card, 0), card


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
    assert drill.log.closed > 30 and drill.log.refused > 0
    check_books(casino, drill, 200_000)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_conservation_and_audit_after_thousands_of_random_rounds(
    casino: Casino, clock: SettableClock, seed: int
) -> None:
    drill = run_drill(casino, clock, seed=seed, steps=6000)
    assert drill.log.closed > 1000
    check_books(casino, drill, 200_000)
