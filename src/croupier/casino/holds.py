"""A round's holds, as the runner takes them and checks them against the settlement.

The runner takes a hold in the *same* database transaction that stores the
event it pays for (:func:`hold_chips`), so an event without its hold, or a
hold without its event, cannot exist. What it holds is what the engine says
the event put on the table: its ``staked`` after the event less before it
(the casino prices nothing itself). At the end the engine's settlement must
stake exactly what each player holds (:func:`holds_mismatch`); if it does
not, an engine's ``staked`` and its settlement disagree, and the runner
voids the round rather than move chips nobody staked.

>>> from croupier.games.base import BoxSettlement, Settlement, StakeLine
>>> done = Settlement((BoxSettlement(1, "ann", (StakeLine("ante", 100, 0),)),))
>>> holds_mismatch({"ann": 100}, done)
''
>>> holds_mismatch({"ann": 150}, done)
'card ann holds 150, settlement stakes 100'
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session

from croupier.casino.accounts import Line, locked_accounts, post
from croupier.casino.ledger import open_round_currency, require_player
from croupier.casino.responsible import check_not_excluded
from croupier.games.base import Settlement
from croupier.store.db import Store
from croupier.store.models import AccountKind, Person, TxKind


def hold_chips(
    session: Session, store: Store, round_id: str, person: Person, amount: int, memo: str
) -> None:
    """Move ``amount`` of the player's chips into the round's hold (in this transaction).

    Refused (raising, so the caller's transaction writes nothing) for staff, a
    self-excluded player, chips that are not there, or a round that is not open.
    """
    if amount <= 0:
        return
    now = store.now()
    doing = f"{memo} of {amount} on round {round_id}"
    require_player(person, doing)
    check_not_excluded(session, person, now, doing)
    currency = open_round_currency(session, store, round_id)
    wanted = [
        (AccountKind.PLAYER, currency, person, None),
        (AccountKind.HOLD, currency, person, round_id),
    ]
    chips, hold = locked_accounts(session, store, wanted)
    post(
        session,
        store,
        kind=TxKind.STAKE,
        currency=currency,
        lines=[Line(chips, -amount, memo), Line(hold, amount, memo)],
        now=now,
        person_id=person.id,
        round_id=round_id,
        memo=f"{memo} on round {round_id}",
        locked=True,
    )


def holds_mismatch(held: Mapping[str, int], settlement: Settlement) -> str:
    """Where the settlement's stakes differ from the holds, in words ("" when they agree)."""
    holds = {card: amount for card, amount in held.items() if amount}
    staked: dict[str, int] = {}
    for box in settlement.boxes:
        staked[box.player] = staked.get(box.player, 0) + box.staked
    staked = {card: amount for card, amount in staked.items() if amount}
    return "; ".join(
        f"card {card} holds {holds.get(card, 0)}, settlement stakes {staked.get(card, 0)}"
        for card in sorted(holds.keys() | staked.keys())
        if holds.get(card, 0) != staked.get(card, 0)
    )
