"""The round runner: stakes, decisions and the timer, each stored before it is acknowledged.

A round at a table goes through phases (:class:`~croupier.store.round_models.Phase`):

* **betting**: the round is opened with a fresh provably fair seed; only its
  SHA-256 commitment is shown. Seated players stake their boxes
  (:meth:`Rounds.stake`); the stakes are checked by the engine right away
  and held by the ledger. The deal comes when every seated box is staked;
  at a personal table when its player asks for it (:meth:`Rounds.deal`); at a
  public table, where only the house deals, when the decision time passes
  after the last stake.
* **playing**: the engine waits for decisions (:meth:`Rounds.act`). At a
  public table a box that does not decide within the decision time gets the
  engine's default action (:meth:`Rounds.expire_due`); a personal table
  waits for its player.
* **settled** / **void**: the ledger posted the settlement (or gave every
  hold back); the seed is revealed.

Every accepted command is one database transaction that appends the event
*and* places its holds, so a crash can never separate them. The engine state
is never stored: it is the replay of the events from the stored seed, so
after a crash :meth:`Rounds.recover` rebuilds every open round and carries
on exactly where it was. The decision that ends a round posts its settlement
and closes it in the same transaction; what could not be settled there is
finished afterwards. The runner is built in layers, one concept each:
:mod:`croupier.casino.round_records` reads, closes and recovers a round's record;
:mod:`croupier.casino.round_commands` runs a command's one transaction (its idempotency
key, its events, the deal); :mod:`croupier.casino.stakes` opens rounds and takes stakes;
this module takes the decisions, runs the clock and the manager's commands.

The service knows nothing of HTTP: errors are the casino's
(:class:`~croupier.casino.errors.BadInput`, ``NotFound``, ``Refused``...),
views are plain data projected per :class:`~croupier.games.base.Viewer`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import literal, select
from sqlalchemy.orm import Session

from croupier.cards.deck import DeckExhausted
from croupier.casino.colour import ROULETTE, fund_bet
from croupier.casino.disputes import check_manager, log_staff_action
from croupier.casino.errors import BadInput, CasinoError, Refused, RoundClosed
from croupier.casino.holds import hold_chips
from croupier.casino.players import ask_player, find_player
from croupier.casino.replay import check_round, parse_action, rebuild, unasked_fields
from croupier.casino.round_commands import HOUSE_DEALS, NOT_YOURS, TIMER, IllegalIntent
from croupier.casino.round_records import MAX_ACTIONS_PER_BOX, OPEN_PHASES, ROUNDS_TABLE
from croupier.casino.round_view import RoundView, house_calls
from croupier.casino.stakes import Stakes
from croupier.games.base import JSON, Action, RuleError, Viewer
from croupier.games.codes import code_of
from croupier.games.script import action_json
from croupier.store.hot import Hot
from croupier.store.models import Person
from croupier.store.round_models import EventKind, Phase, TableMode, TableRound

# The clock's one read per tick: every open public round's deadline (its last event's time
# plus the table's decision time), on the driver's cursor.
_DEADLINES = Hot(
    select(
        ROUNDS_TABLE.c.id,
        ROUNDS_TABLE.c.events,
        ROUNDS_TABLE.c.last_event_at,
        ROUNDS_TABLE.c.decision_seconds,
    )
    .where(
        ROUNDS_TABLE.c.phase.in_([literal(p) for p in OPEN_PHASES]),
        ROUNDS_TABLE.c.mode == literal(TableMode.PUBLIC.value),
    )
    .order_by(ROUNDS_TABLE.c.id)
)


class Rounds(Stakes):
    """Drives the engines of every table: one method per intent, each one transaction.

    The stakes and the deal are :class:`~croupier.casino.stakes.Stakes`'; here the
    decisions, the clock and the manager's commands."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Open public rounds whose deadline passed with nothing to decide, at this event
        # count (a betting round nobody has staked in): the clock leaves them till it moves.
        self._nothing_due: dict[str, int] = {}

    # -------------------------------------------------------- decisions

    def act(
        self, key: str, round_id: str, card_number: str, action: Mapping[str, Any]
    ) -> RoundView:
        """One decision of a player, in round-script form (``{"box": 1, "act": "play"}``).

        Refused, changing nothing, when the round is not in play, the box is
        not the player's, the rules do not allow it now (out of turn, not on
        the menu), or the chips it costs are not there.
        """
        if not isinstance(action, Mapping):
            raise BadInput(f"action must be an object like {{'box': 1, 'act': 'play'}}: {action!r}")
        request = {"round": round_id, "card": card_number, "action": dict(action)}

        def body(session: Session) -> JSON:
            player = ask_player(session, card_number)  # one round trip with the round's
            row = self._row(session, round_id, lock=True)
            person = player()
            parsed = parse_action(row.game, action)
            self._apply(session, row, person, parsed, person.card_number)
            return {"round_id": row.id}

        return self._run(key, "round_act", request, body, card_number, check_round(round_id))

    def _apply(
        self,
        session: Session,
        row: TableRound,
        person: Person | None,
        action: Action,
        actor: str,
        at: datetime | None = None,
    ) -> None:
        if row.phase != Phase.PLAYING.value:
            raise RoundClosed(
                f"round {row.id} is {row.phase}: it takes no decisions", "round_closed"
            )
        rebuilt = self._rebuilt(session, row)
        owners = {s.box: s.player for s in rebuilt.setup.boxes}
        if person is not None:
            card = person.card_number
            if action.box == 0:
                if card not in owners.values():
                    raise Refused(
                        f"round {row.id}: card {card} has no box in this round", NOT_YOURS
                    )
                if house_calls(row, owners, card):
                    raise Refused(
                        f"round {row.id}: at a public table the house closes the bets for "
                        "every player in the round, when the betting time runs out",
                        HOUSE_DEALS,
                    )
            elif owners.get(action.box) != card:
                raise Refused(
                    f"round {row.id} box {action.box}: card {card} does not hold it", NOT_YOURS
                )
            # Every decision is stored for good and replayed by every recall: a box that
            # could bet without end would make the round's record (and its recall) huge.
            taken = rebuilt.actions.get(action.box, 0)
            if taken >= self.max_actions_per_box:
                where = f"box {action.box}" if action.box else f"card {card}"
                raise IllegalIntent(
                    f"round {row.id} {where}: at most {self.max_actions_per_box} decisions "
                    "a round; this round takes no more from it",
                    "too_many_decisions",
                    most=self.max_actions_per_box,
                )
            unasked = unasked_fields(rebuilt.engine.legal_actions(rebuilt.state), action)
            if unasked:
                raise BadInput(
                    f"round {row.id}: {action.act} takes no {', '.join(unasked)} "
                    "(unknown field for this action)",
                    "unknown_field",
                )
        try:
            rebuilt.engine.verify(rebuilt.state, action)
            state = rebuilt.engine.apply(rebuilt.state, action)
        except (RuleError, DeckExhausted) as error:
            code, params = code_of(error)
            raise IllegalIntent(f"round {row.id}: {error}", code, **params) from None
        added = _added(rebuilt.engine.staked(rebuilt.state), rebuilt.engine.staked(state))
        if any(amount < 0 for amount in added.values()):  # an engine fault: refuse, hold nothing
            raise IllegalIntent(f"round {row.id}: {action.act} would take chips off the table")
        price = sum(added.values())
        self._append(session, row, EventKind.ACTION, actor, action_json(action), price, at)
        for box, amount in sorted(added.items()):
            payer = owners.get(box)
            if payer is None:
                raise IllegalIntent(f"round {row.id}: {action.act} stakes on box {box}, no one's")
            owner = person
            if owner is None or owner.card_number != payer:  # the timer, or another's box
                owner = find_player(session, payer)
            memo = f"box {box} {action.act}"
            if row.game != ROULETTE or not fund_bet(
                session,
                self.store,
                self._table(session, row),
                row.id,
                owner,
                box,
                amount,
                memo,
                self.colours,
            ):
                hold_chips(session, self.store, row.id, owner, amount, memo)
        done = rebuilt.acted(action, state, row.events)
        self._cache[row.id] = done
        if done.settlement is not None:
            self._settle_in(session, row, done)

    # -------------------------------------------------------- the clock

    def expire_due(self, now: datetime | None = None) -> list[str]:
        """Let the timer decide at public tables whose decision time has passed.

        A box waited on longer than the table's decision time gets the
        engine's default action (fold, stand...); the next box's time starts
        when the previous one's ran out, so a late call decides exactly what a
        punctual clock would have. A betting round whose last stake is that
        old is dealt. Personal tables wait for their player. Returns the
        rounds touched.

        The clock calls this four times a second: one read of the open public rounds'
        deadlines, and a write transaction only for a round whose deadline has passed
        (and not again for one found with nothing to decide, until it has a new event).
        """
        now = now or self.store.now()
        with self.store.glance() as connection:
            open_rounds = _DEADLINES.rows(connection, {})
        touched = []
        for round_id, events, last_event_at, seconds in open_rounds:
            if last_event_at + timedelta(seconds=seconds) > now:
                continue
            if self._nothing_due.get(round_id) == events:
                continue
            if self._expire(round_id, now):
                touched.append(round_id)
                self.finish(round_id)
            else:  # due but nothing to decide (no box staked yet...): until its next event
                self._nothing_due[round_id] = events
        open_ids = {r[0] for r in open_rounds}
        for gone in [r for r in self._nothing_due if r not in open_ids]:
            del self._nothing_due[gone]
        return touched

    def _expire(self, round_id: str, now: datetime) -> bool:
        acted = False
        with self._writing() as session:
            row = self._row(session, round_id, lock=True)
            while row.phase in OPEN_PHASES:
                deadline = row.last_event_at + timedelta(seconds=row.decision_seconds)
                if deadline > now:
                    break
                rebuilt = self._rebuilt(session, row)
                if row.phase == Phase.BETTING.value:
                    if not rebuilt.setup.boxes:
                        break
                    self._deal(session, row, TIMER)
                    row.last_event_at = deadline
                    acted = True
                    continue
                if rebuilt.state is None or rebuilt.settlement is not None:
                    break
                default = rebuilt.engine.default_action(rebuilt.state)
                if default is None:
                    break
                self._apply(session, row, None, default, TIMER, deadline)
                acted = True
        return acted

    tick = expire_due

    # -------------------------------------------------------- the manager

    def _log(
        self, session: Session, round_id: str, person: Person, action: str, reason: str
    ) -> TableRound:
        """Lock an open round and log the staff action on it (in the caller's transaction)."""
        row = self._row(session, round_id, lock=True)
        if row.phase not in OPEN_PHASES:
            raise RoundClosed(f"round {row.id} is {row.phase} already")
        log_staff_action(session, row.id, person, action, reason, self.store.now())
        return row

    def void(self, round_id: str, manager_card: str, reason: str) -> RoundView:
        """A manager voids a disputed round: every stake goes back; logged (who, when, why)."""
        person = check_manager(self.store, manager_card, reason, f"void round {round_id}")
        with self._writing() as session:
            self._log(session, round_id, person, "void", reason)
        # Logged first: a crash before the chips go back is finished by recover().
        self._void(round_id, f"by manager {person.card_number}: {reason}")
        return self.view(round_id, Viewer.house())

    def settle_disputed(self, round_id: str, manager_card: str, reason: str) -> RoundView:
        """A manager settles a disputed round as it stands: every box still to
        decide gets the engine's default action (logged as the manager's), then
        the round is settled; logged (who, when, why)."""
        person = check_manager(self.store, manager_card, reason, f"settle round {round_id}")
        with self._writing() as session:
            row = self._log(session, round_id, person, "settle", reason)
            if row.phase == Phase.BETTING.value:
                self._deal(session, row, person.card_number)
            while (rebuilt := self._rebuilt(session, row)).settlement is None:
                default = rebuilt.engine.default_action(rebuilt.state)
                if default is None:
                    raise Refused(f"round {row.id}: the engine has no default to finish with")
                self._apply(session, row, None, default, f"manager {person.id}")
        self.finish(round_id)
        return self.view(round_id, Viewer.house())


def _added(before: Mapping[int, int], after: Mapping[int, int]) -> dict[int, int]:
    """Per box, the chips a step put on the table: the engine's ``staked`` after it
    less before it (only the boxes that changed).

    >>> _added({1: 100, 2: 50}, {1: 300, 2: 50, 3: 20})
    {1: 200, 3: 20}
    """
    return {
        box: amount - before.get(box, 0)
        for box, amount in after.items()
        if amount != before.get(box, 0)
    }


__all__ = [
    "MAX_ACTIONS_PER_BOX",
    "OPEN_PHASES",
    "CasinoError",
    "IllegalIntent",
    "RoundView",
    "Rounds",
    "rebuild",
]
