"""What every round command shares: its one transaction, its events, the deal.

A command at a table (a stake, a deal, a decision, the timer's default) is one database
transaction run once per idempotency key (:meth:`RoundCommands._run`): the key's record,
the events it appends (:meth:`RoundCommands._append`), their holds and, for the decision
that ends the round, its settlement and close commit together or not at all. The round's
row is written once, just before the commit (:func:`~croupier.casino.round_records.write_rows`).
The stakes (:mod:`croupier.casino.stakes`) and the decisions (:mod:`croupier.casino.rounds`)
are built on this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.orm import Session

from croupier.casino.errors import Refused
from croupier.casino.idempotency import run_once
from croupier.casino.replay import start_deck
from croupier.casino.round_records import RoundRecords, write_rows
from croupier.casino.round_view import RoundView
from croupier.games.base import JSON, Viewer
from croupier.store.hot import Hot
from croupier.store.models import table_of
from croupier.store.round_models import EventKind, GameTable, Phase, RoundEvent, TableRound

TIMER = "timer"
# The house's own deal at a public table: every seated box staked once a seat was given back.
HOUSE = "dealer"
NOT_YOURS = "box_not_yours"
# At a public table the house deals and closes the bets, never one player for the others.
HOUSE_DEALS = "house_deals"
_APPEND = Hot(insert(table_of(RoundEvent)))


class IllegalIntent(Refused):
    """An intent the rules refuse now (out of turn, not on the menu); nothing changed."""


class RoundCommands(RoundRecords):
    """The transaction of a round command, its events and the deal."""

    def _append(
        self,
        session: Session,
        row: TableRound,
        kind: EventKind,
        actor: str,
        payload: JSON,
        price: int = 0,
        at: datetime | None = None,
    ) -> None:
        at = at or self.store.now()
        _APPEND.rows(
            session,
            {
                "round_id": row.id,
                "seq": row.events,
                "kind": kind.value,
                "actor": actor,
                "payload": payload,
                "price": price,
                "at": at,
            },
        )
        row.events += 1
        row.last_event_at = at
        self._touch(session, row)

    def _deal(self, session: Session, row: TableRound, actor: str) -> None:
        rebuilt = self._rebuilt(session, row)
        if not rebuilt.setup.boxes:
            raise Refused(f"round {row.id}: no box is staked, nothing to deal", "nothing_to_deal")
        state = rebuilt.engine.start(rebuilt.setup, start_deck(row, rebuilt.profile))
        self._append(session, row, EventKind.DEAL, actor, {})
        row.phase = Phase.PLAYING.value
        self._cache[row.id] = replace(rebuilt, state=state, events=row.events)

    def _run(
        self,
        key: str,
        operation: str,
        request: Mapping[str, Any],
        body: Any,
        card_number: str,
        round_id: str | None = None,
    ) -> RoundView:
        """``body`` run once for ``key``; ``round_id``: the round it answers with, when the
        request names it or it can be foreseen (written with the key at once)."""

        def unflushed(session: Session) -> JSON:
            # The round's row is written once, at the commit, not before every read of
            # the command (its reads are of other rows; what they need is flushed).
            with session.no_autoflush:
                answer: JSON = body(session)
            write_rows(session)
            return answer

        try:
            expected = None if round_id is None else {"round_id": round_id}
            answer, replayed = run_once(
                self.store, key, operation, request, unflushed, expected=expected
            )
        except BaseException:
            # A refused or failed command rolled back: no cached state may outlive it.
            self._rolled_back()
            raise
        stored = self._committed()
        round_id = answer["round_id"]
        viewer = Viewer.of(str(card_number))
        shown = stored.get(round_id)
        if shown is not None and not replayed:  # just committed: no need to look again
            row, committed = shown
            if row.phase != Phase.PLAYING.value or committed.settlement is None:
                return self._view_of(shown, viewer)
        known = self._cache.get(round_id)
        if replayed or known is None or (known.state is not None and known.settlement is not None):
            self.finish(round_id)
        return replace(self.view(round_id, viewer), replayed=replayed)

    @staticmethod
    def _table(session: Session, row: TableRound) -> GameTable:
        return session.get_one(GameTable, row.table_id)


__all__ = ["HOUSE", "HOUSE_DEALS", "NOT_YOURS", "TIMER", "IllegalIntent", "RoundCommands"]
