"""Who is still at a public table: seats of players who left are given back between rounds.

Issue 13: public tables kept players who had left, so their boxes stayed taken and the
lobby showed them seated. A seat remembers when its player was last seen at the table
(``Seat.seen_at``: the server notes every player with a socket open there,
:meth:`Presence.seen`). A player is gone from a public table when

* no socket of theirs has been open there for the casino's grace time (a reload or a
  dropped connection comes back well within it), or
* they have no live login session (logged out, or the session expired).

:meth:`Presence.free_departed` then gives their seats back, as standing up does (colour
chips changed back, RULES.md §2.6), but only between rounds: a player with a box in the
table's open round keeps their seats until it closes, the box playing on under the rules
(the clock decides for it, folding where the game folds). A personal table keeps its
player: nobody else may sit there, and it waits for them.

Everything is read from the database, so it holds with several server processes: each
notes its own sockets, the clock's owner frees the seats.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy import Select, func, or_, select, tuple_, update

from croupier.casino.colour import ColourSettings, leave
from croupier.casino.round_records import OPEN_PHASES
from croupier.store.db import Store
from croupier.store.models import LoginSession, Person, UtcDateTime
from croupier.store.round_models import (
    GameTable,
    RoundParticipant,
    Seat,
    TableMode,
    TableRound,
)

# How long a player may be away from a public table (no socket open there) before their
# seat is given back: a reload, a dropped connection or a look at the cashier is shorter.
DEFAULT_SEAT_GRACE_SECONDS = 120


class Presence:
    """Notes players seen at their tables; frees the public seats of those gone."""

    def __init__(self, store: Store, colours: ColourSettings | None = None) -> None:
        self.store = store
        self.colours = colours or ColourSettings()

    def seen(self, present: Iterable[tuple[int, str]], now: datetime | None = None) -> int:
        """Each (table id, card number) pair's seats there seen ``now``; how many."""
        pairs = sorted(set(present))
        if not pairs:
            return 0
        now = now or self.store.now()
        people = select(Person.id).where(
            Person.id == Seat.person_id, tuple_(Seat.table_id, Person.card_number).in_(pairs)
        )
        with self.store.write() as session:
            done = session.execute(update(Seat).where(people.exists()).values(seen_at=now))
            return int(getattr(done, "rowcount", 0) or 0)

    def free_departed(self, grace: timedelta, now: datetime | None = None) -> list[tuple[int, str]]:
        """Give back, between rounds, the public seats of players gone (see the module);
        (table id, card number) of each player whose seats were given back."""
        now = now or self.store.now()
        due = _departed(now - grace, now)
        with self.store.read() as session:  # most looks find nobody: no write for them
            if session.scalars(due.limit(1)).first() is None:
                return []
        if self.store.dialect != "sqlite":  # SQLite's write transaction excludes the others
            due = due.with_for_update(of=Seat)
        gone: dict[tuple[int, str], None] = {}
        with self.store.write() as session:  # looked for again: the player may be back
            for seat in session.scalars(due).all():
                table = session.get_one(GameTable, seat.table_id)
                person = session.get_one(Person, seat.person_id)
                leave(session, self.store, table, person, seat.box, self.colours, "left the table")
                session.delete(seat)
                gone[(seat.table_id, person.card_number)] = None
            session.flush()
        return list(gone)


def _departed(since: datetime, now: datetime) -> Select[Seat]:
    """The seats at open public tables whose player was last seen before ``since`` or has
    no live session, and has no box in the table's open round."""
    last_seen = func.coalesce(Seat.seen_at, Seat.seated_at, type_=UtcDateTime())
    live = (
        select(LoginSession.id)
        .where(
            LoginSession.person_id == Seat.person_id,
            LoginSession.ended_at.is_(None),
            LoginSession.expires_at > now,
        )
        .exists()
    )
    in_round = (
        select(RoundParticipant.round_id)
        .join(TableRound, TableRound.id == RoundParticipant.round_id)
        .where(
            TableRound.table_id == Seat.table_id,
            TableRound.phase.in_(OPEN_PHASES),
            RoundParticipant.person_id == Seat.person_id,
        )
        .exists()
    )
    return (
        select(Seat)
        .join(GameTable, GameTable.id == Seat.table_id)
        .where(
            GameTable.mode == TableMode.PUBLIC.value,
            GameTable.closed_at.is_(None),
            or_(last_seen < since, ~live),
            ~in_round,
        )
        .order_by(Seat.table_id, Seat.box)
    )


__all__ = ["DEFAULT_SEAT_GRACE_SECONDS", "Presence"]
