"""Every round's record: read back (the engine state rebuilt from its events, cached),
closed (settled through the ledger, or void), and brought back after a crash.

:class:`RoundRecords` is the part of the round runner that needs no intent: the
runner (:class:`~croupier.casino.rounds.Rounds`) adds stakes, decisions, the timer
and the manager's commands on top of it. The settlement is posted by the decision
that ends a round, in that decision's own transaction (:meth:`RoundRecords._settle_in`);
anything that stops it there (a crash, holds that disagree with the settlement) is
finished by :meth:`RoundRecords.finish`, which the runner calls after every command,
the clock calls for a round left idle, and :meth:`RoundRecords.recover` calls after a
restart (the settlement's idempotency key makes a repeat harmless).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import JSON, Connection, bindparam, literal, select, update
from sqlalchemy.orm import Session

from croupier.cards.deck import DeckExhausted
from croupier.casino.colour import ROULETTE, ColourSettings, pay_into
from croupier.casino.errors import BadInput, CasinoError, NotFound
from croupier.casino.holds import holds_mismatch
from croupier.casino.idempotency import earlier_answer
from croupier.casino.ledger import (
    LEDGER_STATUS,
    Ledger,
    PayInto,
    take_ledger_round,
    with_ledger_round,
)
from croupier.casino.players import find_player
from croupier.casino.replay import (
    Rebuilt,
    advance,
    check_round,
    rebuild,
    reveal_seed,
    shoe_left,
)
from croupier.casino.round_view import RoundView, make_view
from croupier.casino.tables import check_table_id, find_table
from croupier.games.base import RuleError, Settlement, Viewer
from croupier.store.db import Store
from croupier.store.hot import Hot, loaded, savepoint
from croupier.store.models import Round, RoundStatus, table_of
from croupier.store.round_models import (
    Phase,
    RoundEvent,
    RoundParticipant,
    StaffAction,
    TableRound,
)

OPEN_PHASES = (Phase.BETTING.value, Phase.PLAYING.value)
# What changes in a round's row (every other column is fixed when it opens, or changes
# with these): a kept picture of the round is current while these are as it shows them.
_ROUNDS = ROUNDS_TABLE = table_of(TableRound)
_PARTICIPANTS = table_of(RoundParticipant)
_NET = Hot(
    update(_PARTICIPANTS)
    .where(
        _PARTICIPANTS.c.round_id == bindparam("of_round"),
        _PARTICIPANTS.c.person_id == bindparam("person"),
    )
    .values(net=bindparam("net"))
)
_CURRENT = Hot(
    select(_ROUNDS.c.id).where(
        _ROUNDS.c.table_id == bindparam("table_id"),
        _ROUNDS.c.phase.in_([literal(phase) for phase in OPEN_PHASES]),
    )
)
_EVENTS_TABLE = table_of(RoundEvent)
# A round's events from ``since`` to the row's count (``upto``): what a kept picture lacks.
_EVENTS = Hot(
    select(_EVENTS_TABLE)
    .where(
        _EVENTS_TABLE.c.round_id == bindparam("of_round"),
        _EVENTS_TABLE.c.seq >= bindparam("since"),
        _EVENTS_TABLE.c.seq < bindparam("upto"),
    )
    .order_by(_EVENTS_TABLE.c.seq)
)
_ROW = select(_ROUNDS).where(_ROUNDS.c.id == bindparam("round_id"))
_IDLE = Hot(
    select(_ROUNDS.c.id, _ROUNDS.c.events)
    .where(
        _ROUNDS.c.phase == literal(Phase.PLAYING.value),
        _ROUNDS.c.last_event_at < bindparam("since"),
    )
    .order_by(_ROUNDS.c.id)
)
_ROW_READ = Hot(_ROW)
# A command's read of its round: the row locked, with the ledger's round (locked too).
_ROW_WRITING = Hot(with_ledger_round(_ROW, _ROUNDS.c.id))  # SQLite: its one writer locks
_ROW_LOCKED = Hot(with_ledger_round(_ROW, _ROUNDS.c.id).with_for_update())
# A round's row is read once per command and not tracked by the session: the command
# writes what changed in it once, with this statement, just before its commit (the ORM's
# unit of work wrote it up to twice a command, at each flush, and cost more than that).
# Its seed_revealed is written with it (as read under the row's lock, or revealed by this
# command); reveal_seed writes it for the other rounds of a shoe.
_WRITE_ROW = Hot(
    update(_ROUNDS)
    .where(_ROUNDS.c.id == bindparam("row_id"))
    .values(
        events=bindparam("events"),
        phase=bindparam("phase"),
        last_event_at=bindparam("last_event_at"),
        closed_at=bindparam("closed_at"),
        settlement=bindparam("settlement", type_=JSON(none_as_null=True)),  # None: SQL NULL
        seed_revealed=bindparam("seed_revealed"),
    )
)
# session.info's entry: the round rows this transaction changed, to write before its commit.
_CHANGED = "croupier.round_rows"
# Decisions one box may take in a round (a casino setting): a hundred roulette bets is
# far more than a real player places, and it bounds what one round stores and recalls.
MAX_ACTIONS_PER_BOX = 100
# Rounds whose rebuilt state is kept (open ones and the last closed at each table, in practice).
CACHED_ROUNDS = 4096


class RoundRecords:
    """Rounds read, closed and recovered; :class:`~croupier.casino.rounds.Rounds` runs them."""

    def __init__(
        self,
        store: Store,
        ledger: Ledger | None = None,
        colours: ColourSettings | None = None,
        *,
        max_actions_per_box: int = MAX_ACTIONS_PER_BOX,
    ) -> None:
        if not isinstance(max_actions_per_box, int) or max_actions_per_box < 1:
            raise BadInput(f"max_actions_per_box must be at least 1, got {max_actions_per_box!r}")
        self.store = store
        self.ledger = ledger or Ledger(store)
        self.colours = colours or ColourSettings()
        self.max_actions_per_box = max_actions_per_box
        # round id -> rebuilt state at an event count: a cache only; the events are the truth.
        self._cache: dict[str, Rebuilt] = {}
        # The rounds as last committed here, row and state, for views (the live round kept
        # in memory: a view reads three columns to see that no one changed the round since,
        # not the row and its events). Written only after a commit, so a reader on another
        # thread never sees a command's state before it is stored.
        self._shown: dict[str, tuple[TableRound, Rebuilt]] = {}
        # The views made of each round's kept picture, by viewer: the player's answer to a
        # command is also their part of the event sent after it, and every spectator's
        # snapshot and join at that picture is one view (made again once the picture is new).
        self._seen: dict[str, tuple[tuple[TableRound, Rebuilt], dict[Viewer, RoundView]]] = {}
        # The rows the current command wrote (its picture is kept once it commits): each
        # command thread's own (on PostgreSQL a server runs commands on several threads).
        self._local = threading.local()
        # Per table, its last round committed here (number, phase): where a stake will
        # most likely go (a hint only: the stake reads the table's round in its transaction).
        self._last_at: dict[int, tuple[int, str]] = {}

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """A write transaction; if it fails, states cached inside it (of events that
        were rolled back) are dropped with it."""
        try:
            with self.store.write() as session:
                yield session
                write_rows(session)
        except BaseException:
            self._rolled_back()
            raise
        self._committed()

    def _touch(self, session: Session, row: TableRound) -> None:
        """``row`` changed in this transaction: written before its commit, shown after it."""
        session.info.setdefault(_CHANGED, {})[row.id] = row
        self._touched[row.id] = row

    @property
    def _touched(self) -> dict[str, TableRound]:
        touched: dict[str, TableRound] | None = getattr(self._local, "touched", None)
        if touched is None:
            touched = self._local.touched = {}
        return touched

    def _rolled_back(self) -> None:
        # The states this command cached of the rounds it wrote were never stored (a state
        # cached from a read is at a committed count, and kept).
        touched = self._touched
        for round_id in touched:
            self._cache.pop(round_id, None)
        touched.clear()

    def _committed(self) -> dict[str, tuple[TableRound, Rebuilt]]:
        """The command's transaction is stored: what it wrote is what views show now
        (returned too: a view read meanwhile on another thread may replace it with the
        older picture it read, which the next view's version check then sets right)."""
        stored = {}
        for round_id, row in self._touched.items():
            last = self._last_at.get(row.table_id)
            if last is None or last[0] <= row.number:
                self._last_at[row.table_id] = (row.number, row.phase)
            rebuilt = self._cache.get(round_id)
            if rebuilt is not None and rebuilt.events == row.events:
                self._shown[round_id] = stored[round_id] = (row, rebuilt)
            else:
                self._shown.pop(round_id, None)
        self._touched.clear()
        while len(self._shown) > CACHED_ROUNDS:  # the oldest first (dicts keep their order)
            self._shown.pop(next(iter(self._shown)), None)
        return stored

    def _view_of(self, picture: tuple[TableRound, Rebuilt], viewer: Viewer) -> RoundView:
        """:func:`make_view` of a kept picture, made once per viewer (the picture is never
        changed: a command that changes the round keeps a new one)."""
        round_id = picture[0].id
        seen = self._seen.get(round_id)
        if seen is None or seen[0] is not picture:
            seen = self._seen[round_id] = (picture, {})
            while len(self._seen) > CACHED_ROUNDS:  # the oldest first
                self._seen.pop(next(iter(self._seen)), None)
        view = seen[1].get(viewer)
        if view is None:
            view = seen[1][viewer] = make_view(picture[0], picture[1], viewer)
        return view

    # -------------------------------------------------------- reading

    def _rebuilt(self, session: Session, row: TableRound) -> Rebuilt:
        cached = self._cache.get(row.id)
        if cached is not None and cached.events == row.events:
            return cached
        rebuilt = self._caught_up(session, row)
        self._cache[row.id] = rebuilt
        while len(self._cache) > CACHED_ROUNDS:  # the oldest first (dicts keep their order)
            self._cache.pop(next(iter(self._cache)), None)
        return rebuilt

    def _caught_up(self, target: Session | Connection, row: TableRound) -> Rebuilt:
        """The round's state at ``row``'s event count: the picture kept of it carried on
        through the events stored since (another process's commands), else replayed from
        its seed. Only a committed picture is carried on (a command's own cached state
        may be rolled back), and only the events the row counts are read (a later commit
        may add more between the row's read and theirs)."""
        shown = self._shown.get(row.id)
        base = shown[1] if shown is not None and shown[1].events <= row.events else None
        since = 0 if base is None else base.events
        events = [
            loaded(RoundEvent, found._asdict())
            for found in _EVENTS.rows(
                target, {"of_round": row.id, "since": since, "upto": row.events}
            )
        ]
        return rebuild(row, events) if base is None else advance(row, base, events)

    def _row(self, session: Session, round_id: object, *, lock: bool = False) -> TableRound:
        rid = check_round(round_id)
        if lock:
            statement = _ROW_WRITING if self.store.dialect == "sqlite" else _ROW_LOCKED
        else:
            statement = _ROW_READ
        found = statement.first(session, {"round_id": rid})
        if found is None:
            raise NotFound(f"no round {rid!r}", "round_not_found")
        return round_row(found, session)

    def view(self, round_id: str, viewer: Viewer) -> RoundView:
        """The round as ``viewer`` may see it now (a spectator, a player, the house)."""
        return self.views(round_id, [viewer])[0]

    def views(self, round_id: str, viewers: list[Viewer]) -> list[RoundView]:
        """The round as each of ``viewers`` may see it, from one read of it."""
        picture = self._picture(check_round(round_id))
        return [self._view_of(picture, viewer) for viewer in viewers]

    def kept_view(self, round_id: str, viewer: Viewer) -> tuple[int, RoundView] | None:
        """The round as ``viewer`` saw it at its last commit made or read here, with that
        picture's place in the round's history (:func:`history_order`), read from memory:
        what a command here just did, for other processes' spectators (the server's bus).
        None when no picture of it is kept."""
        picture = self._shown.get(check_round(round_id))
        if picture is None:
            return None
        return history_order(picture[0]), self._view_of(picture, viewer)

    def _picture(self, round_id: str) -> tuple[TableRound, Rebuilt]:
        """The round as committed: the one kept when nothing changed it since (another
        process, another runner), else carried on to its row (one read of the row, one
        of the events it has that the kept picture has not)."""
        shown = self._shown.get(round_id)
        with self.store.glance() as connection:
            found = _ROW_READ.first(connection, {"round_id": round_id})
            if found is None:
                raise NotFound(f"no round {round_id!r}", "round_not_found")
            if shown is not None and _version(found) == _version(shown[0]):
                return shown
            row = round_row(found)
            rebuilt = self._caught_up(connection, row)
        picture = (row, rebuilt)
        if rebuilt.events == row.events:
            self._shown[round_id] = picture
        return picture

    def engine_state(self, round_id: str) -> tuple[int, Rebuilt]:
        """The round's table and its engine state, whole: for the house's own
        computations (the advisor reads only what the box's owner may know)."""
        with self.store.read() as session:
            row = self._row(session, round_id)
            return row.table_id, self._rebuilt(session, row)

    def current(self, table_id: int) -> str | None:
        """The table's round in betting or play, if any."""
        number = check_table_id(table_id)
        with self.store.glance() as connection:  # asked before every decision
            found: str | None = _CURRENT.scalar(connection, {"table_id": number})
        if found is None:  # none, or no such table: which one, the table lookup says
            with self.store.read() as session:
                find_table(session, self.store, table_id)
        return found

    def round_of_key(self, key: str, operation: str) -> str | None:
        """The round an earlier ``operation`` (``round_act``, ``round_deal``) with ``key``
        answered with, if it ran."""
        answer = earlier_answer(self.store, key, operation)
        found = None if answer is None else answer.get("round_id")
        return found if isinstance(found, str) else None

    def open_rounds(self) -> list[str]:
        with self.store.read() as session:
            return list(
                session.scalars(
                    select(TableRound.id)
                    .where(TableRound.phase.in_(OPEN_PHASES))
                    .order_by(TableRound.opened_at, TableRound.id)
                )
            )

    # -------------------------------------------------------- the end of a round

    def finish(self, round_id: str) -> bool:
        """Settle a round whose engine is done (True when it is closed now).

        Safe to repeat: the ledger's settlement key makes a second call a replay.
        """
        with self.store.read() as session:
            row = self._row(session, round_id)
            if row.phase != Phase.PLAYING.value:
                return row.phase in (Phase.SETTLED.value, Phase.VOID.value)
            rebuilt = self._rebuilt(session, row)
            paid_in = self._paid_in(row)
        settlement = rebuilt.settlement
        if settlement is None:
            return False
        mismatch = self._holds_mismatch(round_id, settlement)
        if mismatch:
            # The engine's settlement and what was held disagree: a fault, never a
            # reason to move chips nobody staked. Every stake goes back, and why is kept.
            self._void(round_id, f"the settlement does not match the holds: {mismatch}")
            return True
        self.ledger.settle(f"{round_id}/settle", round_id, settlement, paid_in)
        self._close(round_id, Phase.SETTLED, settlement)
        return True

    def _settle_in(self, session: Session, row: TableRound, done: Rebuilt) -> None:
        """The decision that ended the round settles and closes it in its own transaction.
        Anything amiss (the holds and the settlement disagree: the ledger refuses it, under
        a savepoint) is left to :meth:`finish`, which voids the round after the decision
        is stored."""
        settlement = done.settlement
        assert settlement is not None
        paid_in = self._paid_in(row)
        # A colour's winnings may make the session's own objects (its stack): then the
        # session's savepoint, which forgets them too; else one on the cursor (cheaper).
        nested = session.begin_nested() if paid_in is not None else savepoint(session)
        try:
            with nested:
                self.ledger.settle_in(session, f"{row.id}/settle", row.id, settlement, paid_in)
        except CasinoError:
            return
        self._close_in(session, row, done, Phase.SETTLED, settlement)

    def _paid_in(self, row: TableRound) -> PayInto | None:
        """Where the settlement pays each box: roulette pays a colour in its colour chips."""
        return pay_into(self.store, row.table_id) if row.game == ROULETTE else None

    def _holds_mismatch(self, round_id: str, settlement: Settlement) -> str:
        if self.ledger.round_status(round_id) is not RoundStatus.OPEN:
            return ""  # settled already: the settle below replays it
        return holds_mismatch(self.ledger.holds(round_id), settlement)

    def _close(
        self, round_id: str, phase: Phase, settlement: Settlement | None, why: str = ""
    ) -> None:
        with self._writing() as session:
            row = self._row(session, round_id, lock=True)
            if row.phase not in OPEN_PHASES:
                return
            self._close_in(session, row, self._rebuilt(session, row), phase, settlement, why)

    def _close_in(
        self,
        session: Session,
        row: TableRound,
        rebuilt: Rebuilt,
        phase: Phase,
        settlement: Settlement | None,
        why: str = "",
    ) -> None:
        """Close ``row`` (locked, open) in the caller's transaction."""
        self._touch(session, row)
        row.phase = phase.value
        row.closed_at = self.store.now()
        if phase is not Phase.SETTLED or shoe_left(rebuilt.profile, rebuilt.state) is None:
            # Nothing more is dealt from this seed: every round it dealt shows it now (a
            # round that is the first of its seed is the only one: its row says so).
            if row.shoe_offset:
                reveal_seed(session, row.table_id, row.commitment)
            row.seed_revealed = True
        nets: dict[str, int] = {}
        if settlement is not None:
            row.settlement = settlement.to_json()
            for box in settlement.boxes:
                nets[box.player] = nets.get(box.player, 0) + box.net
        elif why:
            row.settlement = {"void": why}
        # The participants are the players of the round's stakes (each one's first stake
        # made them one, in its transaction).
        players = sorted({box.player for box in rebuilt.setup.boxes})
        nets_of = [
            {"of_round": row.id, "person": find_player(session, card).id, "net": nets.get(card, 0)}
            for card in players
        ]
        _NET.many(session, nets_of)
        # A closed round stays cached (its settlement is on screen until the next round):
        # its state is final, kept at its event count, so a view needs no replay.

    def _void(self, round_id: str, reason: str) -> None:
        if self.ledger.round_status(round_id) is RoundStatus.OPEN:
            self.ledger.void(f"{round_id}/void", round_id, reason)
        self._close(round_id, Phase.VOID, None, reason)

    def settle_stuck(self, idle: timedelta, now: datetime | None = None) -> list[str]:
        """Settle rounds in play, idle for ``idle``, whose engine is done: the process that
        stored their last decision died before settling. Returns the rounds closed now."""
        since = (now or self.store.now()) - idle
        with self.store.glance() as connection:
            idle_rounds = _IDLE.rows(connection, {"since": since})
        return [
            round_id
            for round_id, events in idle_rounds
            if not self._waiting(round_id, events) and self.finish(round_id)
        ]

    def _waiting(self, round_id: str, events: int) -> bool:
        """Whether the round, at ``events`` events, is one this process holds waiting for a
        decision (its engine not done): nothing to settle, no need to read it again. (A
        round idle at a personal table is looked at by the clock four times a second.)"""
        known = self._cache.get(round_id)
        return (
            known is not None
            and known.events == events
            and known.state is not None
            and known.settlement is None
        )

    # -------------------------------------------------------- after a crash

    def recover(self) -> list[str]:
        """Bring every open round back after a restart: replay its events; settle a
        round whose last decision was stored but not yet settled; void (returning
        every stake) a round whose record cannot be replayed. Returns what was done."""
        done = []
        for round_id in self.open_rounds():
            self._cache.pop(round_id, None)
            try:
                with self.store.read() as session:
                    row = self._row(session, round_id)
                    status = session.get_one(Round, round_id).status
                    voided = session.scalar(
                        select(StaffAction)
                        .where(StaffAction.round_id == round_id, StaffAction.action == "void")
                        .order_by(StaffAction.id.desc())
                        .limit(1)
                    )
                    self._rebuilt(session, row)
            except (RuleError, DeckExhausted, KeyError, ValueError, TypeError) as error:
                self._void(round_id, f"the record could not be replayed: {error}")
                done.append(f"{round_id}: void ({error})")
                continue
            if voided is not None:  # a manager's void cut short by the crash
                self._void(round_id, f"by manager: {voided.reason}")
                done.append(f"{round_id}: void")
            elif status == RoundStatus.VOID.value:
                self._close(round_id, Phase.VOID, None)
                done.append(f"{round_id}: void")
            elif self.finish(round_id):
                done.append(f"{round_id}: settled")
            else:
                done.append(f"{round_id}: resumed")
        return done


def _version(row: Any) -> tuple[int, str, bool]:
    """What changes in a round's row when anything in the round changes."""
    return row.events, row.phase, row.seed_revealed


def history_order(row: TableRound) -> int:
    """Where a picture of a round stands in its table's history, as one number that only
    grows: the round's number, then its events, then its seed revealed (the last change
    of a closed round).

    >>> class Row: number, events, seed_revealed = 3, 17, False
    >>> history_order(Row()) < history_order(Row()) + 1
    True
    """
    return (row.number << 24) | (row.events << 1) | int(row.seed_revealed)


def round_row(found: Any, session: Session | None = None) -> TableRound:
    """A round's row as read on the driver's cursor, as the object the runner works on: not
    the session's (a command writes what it changes itself, :func:`write_rows`). A command's
    read with the ledger's round (:func:`~croupier.casino.ledger.with_ledger_round`) hands
    that to the ledger of ``session``'s transaction."""
    values = found._asdict()
    if LEDGER_STATUS in values:
        if session is None:
            raise TypeError("a read with the ledger's round is a command's: give its session")
        take_ledger_round(session, values["id"], values)
    return loaded(TableRound, values)


def write_rows(session: Session) -> None:
    """Write the round rows this transaction changed (before its commit)."""
    changed: dict[str, TableRound] = session.info.pop(_CHANGED, {})
    if changed:
        _WRITE_ROW.many(
            session,
            [
                {
                    "row_id": row.id,
                    "events": row.events,
                    "phase": row.phase,
                    "last_event_at": row.last_event_at,
                    "closed_at": row.closed_at,
                    "settlement": row.settlement,
                    "seed_revealed": row.seed_revealed,
                }
                for row in changed.values()
            ],
        )


__all__ = [
    "CACHED_ROUNDS",
    "MAX_ACTIONS_PER_BOX",
    "OPEN_PHASES",
    "RoundRecords",
    "history_order",
    "round_row",
    "write_rows",
]
