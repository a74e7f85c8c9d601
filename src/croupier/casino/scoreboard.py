"""A table's scoreboards: baccarat's, the results of the rounds dealt from its current shoe;
roulette's, the numbers its wheel gave last.

The shoe a table deals from is one committed seed: a round that carries on from the
table's previous one shares its server seed (:meth:`~croupier.casino.stakes.Stakes._open`),
a new shoe gets a new one. So the current shoe's rounds are the table's rounds with the
seed of its latest round, and its scoreboard is their results in order: who won and by how
many points, a natural, the pairs. Only what every player at the table saw dealt face up is
given: no seed (it stays secret until the shoe is retired), no player, no stake.

>>> ShoeRound(3, "banker", 4, 7, False, False, True).to_json()["result"]
'banker'
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from croupier.casino.errors import BadInput
from croupier.casino.tables import check_table_id, find_table
from croupier.games.base import JSON
from croupier.store.db import Store
from croupier.store.round_models import Phase, TableRound

# A shoe of eight decks deals about eighty rounds; a bound keeps a damaged table cheap.
MAX_SHOE_ROUNDS = 200
# The wheel's board shows the last twenty numbers; hot and cold are counted over more.
WHEEL_NUMBERS = 100


@dataclass(frozen=True, slots=True)
class ShoeRound:
    """One settled round of the shoe as the scoreboards show it."""

    number: int
    result: str  # "player", "banker" or "tie"
    player_points: int
    banker_points: int
    player_pair: bool
    banker_pair: bool
    natural: bool

    def to_json(self) -> JSON:
        return {
            "number": self.number,
            "result": self.result,
            "player_points": self.player_points,
            "banker_points": self.banker_points,
            "player_pair": self.player_pair,
            "banker_pair": self.banker_pair,
            "natural": self.natural,
        }


def _pair(hands: list[JSON], side: str) -> bool:
    """The side's first two cards are of one rank ("Kh", "Kd")."""
    cards: list[str] = next((list(h.get("cards", [])) for h in hands if h.get("name") == side), [])
    return len(cards) >= 2 and str(cards[0])[:1] == str(cards[1])[:1]


def _shoe_round(row: TableRound) -> ShoeRound | None:
    settled = row.settlement or {}
    result = settled.get("result")
    if result not in ("player", "banker", "tie"):
        return None  # void, or not settled by the engine
    hands = [h for h in settled.get("dealer", []) if isinstance(h, dict)]
    return ShoeRound(
        row.number,
        result,
        int(settled.get("player_points", 0)),
        int(settled.get("banker_points", 0)),
        _pair(hands, "player"),
        _pair(hands, "banker"),
        bool(settled.get("natural", False)),
    )


def shoe_results(store: Store, table_id: int) -> tuple[ShoeRound, ...]:
    """The settled rounds of the table's current shoe, first dealt first."""
    check_table_id(table_id)
    with store.read() as session:
        table = find_table(session, store, table_id)
        if table.game != "baccarat":
            raise BadInput(
                f"table {table_id}: its scoreboards are baccarat's, it deals {table.game}"
            )
        latest = session.scalars(
            select(TableRound.server_seed)
            .where(TableRound.table_id == table_id)
            .order_by(TableRound.number.desc())
            .limit(1)
        ).first()
        if latest is None:
            return ()
        rows = session.scalars(
            select(TableRound)
            .where(
                TableRound.table_id == table_id,
                TableRound.server_seed == latest,
                TableRound.phase == Phase.SETTLED.value,
            )
            .order_by(TableRound.number.desc())
            .limit(MAX_SHOE_ROUNDS)
        ).all()
        found = [_shoe_round(row) for row in reversed(rows)]
    return tuple(r for r in found if r is not None)


def wheel_results(store: Store, table_id: int) -> tuple[int, ...]:
    """The numbers a roulette table's wheel gave in its last settled rounds, the latest first
    (at most :data:`WHEEL_NUMBERS`): what everyone at the table saw, nothing more."""
    check_table_id(table_id)
    with store.read() as session:
        table = find_table(session, store, table_id)
        if table.game != "roulette":
            raise BadInput(f"table {table_id}: the wheel board is roulette's, not {table.game}'s")
        settlements = session.scalars(
            select(TableRound.settlement)
            .where(TableRound.table_id == table_id, TableRound.phase == Phase.SETTLED.value)
            .order_by(TableRound.number.desc())
            .limit(WHEEL_NUMBERS)
        ).all()
    pockets = ((s or {}).get("pocket") for s in settlements)
    return tuple(p for p in pockets if isinstance(p, int))  # a void round has no number
