"""The round runner: stakes, decisions and the timer, each stored before it is acknowledged.

A round at a table goes through phases (:class:`~croupier.store.round_models.Phase`):

* **betting**: the round is opened with a fresh provably fair seed; only its
  SHA-256 commitment is shown. Seated players stake their boxes
  (:meth:`Rounds.stake`); the stakes are checked by the engine right away
  and held by the ledger. The deal comes when every seated box is staked,
  when a participant asks for it (:meth:`Rounds.deal`), or, at a public
  table, when the decision time passes after the last stake.
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
finished afterwards (:mod:`croupier.casino.round_records`: reading, closing and
recovering a round's record live there, this module runs the intents on top).

The service knows nothing of HTTP: errors are the casino's
(:class:`~croupier.casino.errors.BadInput`, ``NotFound``, ``Refused``...),
views are plain data projected per :class:`~croupier.games.base.Viewer`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import Session

from croupier.cards.deck import DeckExhausted
from croupier.cards.fair import FairSeed, new_server_seed
from croupier.casino.colour import ROULETTE, check_box_chip, fund_bet
from croupier.casino.disputes import check_manager, log_staff_action
from croupier.casino.errors import BadInput, CasinoError, Refused, RoundClosed
from croupier.casino.holds import hold_chips
from croupier.casino.idempotency import run_once
from croupier.casino.ledger import open_round_in
from croupier.casino.players import find_person
from croupier.casino.replay import (
    check_round,
    parse_action,
    parse_stake,
    rebuild,
    seed_of,
    shoe_dealt,
    shoe_left,
    start_deck,
    unasked_fields,
)
from croupier.casino.round_records import (
    MAX_ACTIONS_PER_BOX,
    OPEN_PHASES,
    RoundRecords,
    write_rows,
)
from croupier.casino.round_view import RoundView, make_view
from croupier.casino.tables import find_table, load_profile
from croupier.casino.text import check_text
from croupier.games.base import (
    JSON,
    Action,
    Limits,
    RoundSetup,
    RuleError,
    Viewer,
)
from croupier.games.codes import code_of
from croupier.games.common.stakes import box_to_json
from croupier.games.script import action_json
from croupier.store.models import Person, table_of
from croupier.store.round_models import (
    EventKind,
    GameTable,
    Phase,
    RoundEvent,
    RoundParticipant,
    Seat,
    TableMode,
    TableRound,
)

TIMER = "timer"
# SQLAlchemy Core on the decision path: the ORM's unit of work cost more than the statements.
_APPEND = insert(table_of(RoundEvent))
_SEATS = table_of(Seat)
_SEATED = select(_SEATS.c.box, _SEATS.c.person_id).where(_SEATS.c.table_id == bindparam("table_id"))
_NEW_PARTICIPANT = insert(table_of(RoundParticipant))
_ROUNDS = table_of(TableRound)
_NEW_ROUND = insert(_ROUNDS)
_OPENED_WITH = {c.name for c in _ROUNDS.columns} - {"closed_at", "settlement"}  # NULL until closed
_TAKING = select(TableRound).where(
    TableRound.table_id == bindparam("table_id"), TableRound.phase.in_(OPEN_PHASES)
)
_TAKING_LOCKED = _TAKING.with_for_update()
_SITTERS = select(_SEATS.c.person_id).where(_SEATS.c.table_id == bindparam("table_id"))
_SET_CLIENT_SEED = (
    update(_ROUNDS)
    .where(_ROUNDS.c.id == bindparam("row_id"))
    .values(client_seed=bindparam("client_seed"))
)
MAX_CLIENT_SEED = 64
NOT_YOURS = "box_not_yours"


class IllegalIntent(Refused):
    """An intent the rules refuse now (out of turn, not on the menu); nothing changed."""


# ---------------------------------------------------------------- the runner


class Rounds(RoundRecords):
    """Drives the engines of every table: one method per intent, each one transaction."""

    # -------------------------------------------------------- writing helpers

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
        session.connection().execute(
            _APPEND,
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

    def _open(self, session: Session, table: GameTable, client_seed: str) -> TableRound:
        number = table.rounds_played + 1
        table.rounds_played = number
        round_id = f"t{table.id}-r{number}"
        now = self.store.now()
        seed = FairSeed(new_server_seed(), client_seed, number)
        offset = 0
        # Only a game dealt from a shoe (blackjack, baccarat) carries on from the last round.
        shoe = getattr(load_profile(table.profile), "shoe", None) is not None
        previous = None
        if shoe:
            previous = session.scalars(
                select(TableRound).where(
                    TableRound.table_id == table.id, TableRound.number == number - 1
                )
            ).one_or_none()
        if previous is not None and previous.phase == Phase.SETTLED.value:
            rebuilt = self._rebuilt(session, previous)
            left = shoe_left(rebuilt.profile, rebuilt.state)
            if left is not None and not previous.seed_revealed:
                # The shoe goes on: the same committed seed, further in.
                seed = seed_of(previous)
                offset = shoe_dealt(rebuilt.profile, left)
        open_round_in(session, self.store, round_id, table.currency)
        row = TableRound(
            id=round_id,
            table_id=table.id,
            number=number,
            game=table.game,
            profile=table.profile,
            limits=Limits(table.min_stake, table.max_stake, table.max_payout).to_json(),
            mode=table.mode,
            decision_seconds=table.decision_seconds,
            server_seed=seed.server_seed.hex(),
            client_seed=seed.client_seed,
            nonce=seed.nonce,
            commitment=seed.commitment,
            shoe_offset=offset,
            seed_revealed=False,
            phase=Phase.BETTING.value,
            events=0,
            opened_at=now,
            last_event_at=now,
        )
        session.connection().execute(
            _NEW_ROUND,
            {c.name: getattr(row, c.name) for c in _ROUNDS.columns if c.name in _OPENED_WITH},
        )
        self._cache[row.id] = rebuild(row, ())  # nothing to read back: no events yet
        self._touch(session, row)
        return row

    def _betting_round(
        self, session: Session, table: GameTable, client_seed: str = ""
    ) -> TableRound:
        statement = _TAKING_LOCKED if self.store.dialect != "sqlite" else _TAKING
        row = session.scalars(statement, {"table_id": table.id}).one_or_none()
        if row is None:
            return self._open(session, table, client_seed)
        session.expunge(row)  # not tracked: the command writes it itself (write_rows)
        if row.phase != Phase.BETTING.value:
            raise Refused(
                f"table {table.id}: round {row.id} is in play; stakes wait for the next",
                "round_in_play",
            )
        return row

    def _deal(self, session: Session, row: TableRound, actor: str) -> None:
        rebuilt = self._rebuilt(session, row)
        if not rebuilt.setup.boxes:
            raise Refused(f"round {row.id}: no box is staked, nothing to deal", "nothing_to_deal")
        state = rebuilt.engine.start(rebuilt.setup, start_deck(row, rebuilt.profile))
        self._append(session, row, EventKind.DEAL, actor, {})
        row.phase = Phase.PLAYING.value
        self._cache[row.id] = replace(rebuilt, state=state, events=row.events)

    # -------------------------------------------------------- intents

    def open(self, table_id: int, card_number: str, client_seed: str | None = None) -> RoundView:
        """The table's round taking stakes, opened (with a fresh committed seed) if there is
        none, so a seated player sees its commitment before any stake; with ``client_seed``
        the player's part of the deck, set before the round's first stake (a shoe's: before
        its first round), after the commitment was shown, so the house cannot pick a server
        seed to suit it."""
        if client_seed is not None:
            if not isinstance(client_seed, str) or len(client_seed) > MAX_CLIENT_SEED:
                raise BadInput(f"client seed must be text of at most {MAX_CLIENT_SEED} characters")
            check_text(client_seed, "client seed")
        with self._writing() as session:
            table = find_table(session, self.store, table_id, lock=True)
            person = find_person(session, card_number)
            sitters = session.connection().execute(_SITTERS, {"table_id": table.id}).scalars()
            if person.id not in set(sitters):
                raise Refused(
                    f"table {table.id}: card {person.card_number} holds no box", NOT_YOURS
                )
            row = self._betting_round(session, table)
            if client_seed is not None and client_seed != row.client_seed:
                if row.events or row.shoe_offset:
                    raise Refused(
                        f"round {row.id}: the client seed is fixed once a stake is down or the "
                        "shoe goes on",
                        "client_seed_closed",
                    )
                row.client_seed = client_seed
                # the row is not tracked (write_rows writes what commands change): say it here
                session.connection().execute(
                    _SET_CLIENT_SEED, {"row_id": row.id, "client_seed": client_seed}
                )
                self._cache[row.id] = rebuild(row, ())
                self._touch(session, row)
        return self.view(row.id, Viewer.of(person.card_number))

    def stake(
        self, key: str, table_id: int, card_number: str, box: int, stake: Mapping[str, Any]
    ) -> RoundView:
        """Stake a box the player holds for the table's next deal.

        ``stake`` is the game's box in round-script form without ``box`` and
        ``player`` (stud: ``{"ante": 1000, "bonus": 100, "dark": false}``).
        The engine checks it with the stakes already down (limits, seating
        rules); its chips are held at once. When every seated box is staked,
        the cards are dealt.
        """
        if not isinstance(box, int) or isinstance(box, bool):
            raise BadInput(f"box must be a whole number, got {box!r}")
        if not isinstance(stake, Mapping):
            raise BadInput(f"stake for box {box} must be an object like {{'ante': 1000}}")
        request = {"table": table_id, "card": card_number, "box": box, "stake": dict(stake)}

        def body(session: Session) -> JSON:
            table = find_table(session, self.store, table_id, lock=True)
            person = find_person(session, card_number)
            card = person.card_number
            connection = session.connection()
            seated = dict(connection.execute(_SEATED, {"table_id": table.id}).all())
            if seated.get(box) != person.id:
                raise Refused(
                    f"table {table.id} box {box}: card {card} does not hold this box", NOT_YOURS
                )
            row = self._betting_round(session, table)
            rebuilt = self._rebuilt(session, row)
            if any(s.box == box for s in rebuilt.setup.boxes):
                raise Refused(f"round {row.id} box {box}: already staked", "already_staked")
            new = parse_stake(table.game, box, card, stake)
            if table.game == ROULETTE:  # a colour plays its chips' value
                chip = new.stakes.get("chip")
                check_box_chip(session, self.store, table, person, box, chip, self.colours)
            setup = RoundSetup(rebuilt.profile, rebuilt.setup.limits, (*rebuilt.setup.boxes, new))
            try:  # the engine is the judge of stakes: limits, seating, side bets
                started = rebuilt.engine.start(setup, start_deck(row, rebuilt.profile))
            except RuleError as error:
                raise Refused(f"round {row.id}: {error}", error.code, **error.params) from None
            # ...and of what they take: a dark box's BET and pre-bought options too.
            price = rebuilt.engine.staked(started)[box]
            self._append(session, row, EventKind.STAKE, card, box_to_json(new), price)
            self._cache[row.id] = replace(rebuilt, setup=setup, events=row.events)  # as replayed
            # A player is a participant from their first stake of the round on (the stakes
            # replayed say whether this is it).
            if not any(s.player == card for s in rebuilt.setup.boxes):
                participant = {"round_id": row.id, "person_id": person.id}
                connection.execute(_NEW_PARTICIPANT, {**participant, "opened_at": row.opened_at})
            hold_chips(session, self.store, row.id, person, price, f"box {box} stakes")
            if seated.keys() <= {s.box for s in setup.boxes}:
                self._deal(session, row, card)
            return {"round_id": row.id}

        return self._run(key, "round_stake", request, body, card_number)

    def deal(self, key: str, round_id: str, card_number: str) -> RoundView:
        """No more stakes: deal the round (a participant's call)."""
        request = {"round": round_id, "card": card_number}

        def body(session: Session) -> JSON:
            row = self._row(session, round_id, lock=True)
            person = find_person(session, card_number)
            if row.phase != Phase.BETTING.value:
                raise Refused(
                    f"round {row.id} is {row.phase}: it is not taking stakes", "not_taking_stakes"
                )
            rebuilt = self._rebuilt(session, row)
            if not any(s.player == person.card_number for s in rebuilt.setup.boxes):
                raise Refused(
                    f"round {row.id}: only a player with a staked box may call the deal",
                    "deal_needs_stake",
                )
            self._deal(session, row, person.card_number)
            return {"round_id": row.id}

        return self._run(key, "round_deal", request, body, card_number, check_round(round_id))

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
            row = self._row(session, round_id, lock=True)
            person = find_person(session, card_number)
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
                owner = find_person(session, payer)
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
        request names it."""

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
                return make_view(row, committed, viewer)
        known = self._cache.get(round_id)
        if replayed or known is None or (known.state is not None and known.settlement is not None):
            self.finish(round_id)
        return replace(self.view(round_id, viewer), replayed=replayed)

    @staticmethod
    def _table(session: Session, row: TableRound) -> GameTable:
        return session.get_one(GameTable, row.table_id)

    # -------------------------------------------------------- the clock

    def expire_due(self, now: datetime | None = None) -> list[str]:
        """Let the timer decide at public tables whose decision time has passed.

        A box waited on longer than the table's decision time gets the
        engine's default action (fold, stand...); the next box's time starts
        when the previous one's ran out, so a late call decides exactly what a
        punctual clock would have. A betting round whose last stake is that
        old is dealt. Personal tables wait for their player. Returns the
        rounds touched.
        """
        now = now or self.store.now()
        with self.store.read() as session:
            due = list(
                session.scalars(
                    select(TableRound.id)
                    .where(
                        TableRound.phase.in_(OPEN_PHASES),
                        TableRound.mode == TableMode.PUBLIC.value,
                    )
                    .order_by(TableRound.id)
                )
            )
        touched = []
        for round_id in due:
            if self._expire(round_id, now):
                touched.append(round_id)
                self.finish(round_id)
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
