"""Stakes: a table's round taking stakes, opened with a fresh committed seed, and its deal.

A seated player stakes a box (:meth:`Stakes.stake`); the engine checks the stake with
those already down and its chips are held at once, in the transaction that stores it.
The cards are dealt when every seated box is staked (:meth:`Stakes.stake`, and at a public
table :meth:`Stakes.deal_when_ready` once a seat is given back), when the player of a
personal table asks for it (:meth:`Stakes.deal`) or, at a public table, when the timer says
so (:mod:`croupier.casino.rounds`). At a public table only the house deals: no player calls
the deal for the others (issue 13).

What a stake reads, and why it is enough with several server processes on one
PostgreSQL: the table's round taking stakes, locked (``FOR UPDATE``), so stakes, the
deal and the timer at one round run one after another whichever process runs them;
the table's seats as they are now (a player who stands up meanwhile is as if they
stood up just after the stake: a staked box plays on, as :meth:`Tables.stand` says).
Only opening a round takes the table's own lock: the round count that names the round,
and the one open round per table (after the lock, the open round is looked for again,
so a round another process opened meanwhile is joined, not doubled).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from sqlalchemy import bindparam, insert, literal, select, update
from sqlalchemy.orm import Session

from croupier.cards.fair import FairSeed, new_server_seed
from croupier.casino.colour import ROULETTE, check_box_chip
from croupier.casino.errors import BadInput, Refused
from croupier.casino.holds import hold_chips
from croupier.casino.ledger import open_round_in, with_ledger_round
from croupier.casino.players import ask_player
from croupier.casino.replay import (
    check_round,
    parse_stake,
    rebuild,
    seed_of,
    shoe_dealt,
    shoe_left,
    start_deck,
)
from croupier.casino.round_commands import HOUSE, HOUSE_DEALS, NOT_YOURS, RoundCommands
from croupier.casino.round_records import OPEN_PHASES, round_row
from croupier.casino.round_view import RoundView
from croupier.casino.tables import check_table_id, load_profile, read_table
from croupier.casino.text import check_text
from croupier.games.base import JSON, Limits, RoundSetup, RuleError, Viewer
from croupier.games.common.stakes import box_to_json
from croupier.store.hot import Hot, Pending, loaded
from croupier.store.models import Person, table_of
from croupier.store.round_models import (
    EventKind,
    GameTable,
    Phase,
    RoundParticipant,
    Seat,
    TableMode,
    TableRound,
)

MAX_CLIENT_SEED = 64
_SEATS = table_of(Seat)
_SEATED = Hot(
    select(_SEATS.c.box, _SEATS.c.person_id).where(_SEATS.c.table_id == bindparam("table_id"))
)
_NEW_PARTICIPANT = Hot(insert(table_of(RoundParticipant)))
_ROUNDS = table_of(TableRound)
_NEW_ROUND = Hot(insert(_ROUNDS))
_TAKING_ROW = select(_ROUNDS).where(
    _ROUNDS.c.table_id == bindparam("table_id"),
    _ROUNDS.c.phase.in_([literal(phase) for phase in OPEN_PHASES]),
)
# With the ledger's round (locked too): a stake's hold reads it no more.
_TAKING = Hot(with_ledger_round(_TAKING_ROW, _ROUNDS.c.id))
_TAKING_LOCKED = Hot(with_ledger_round(_TAKING_ROW, _ROUNDS.c.id).with_for_update())
_PREVIOUS = Hot(
    select(_ROUNDS).where(
        _ROUNDS.c.table_id == bindparam("table_id"), _ROUNDS.c.number == bindparam("number")
    )
)
_TABLES = table_of(GameTable)
_ROUNDS_PLAYED = Hot(
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("table_id"))
    .values(rounds_played=bindparam("number"))
)
_SET_CLIENT_SEED = Hot(
    update(_ROUNDS)
    .where(_ROUNDS.c.id == bindparam("row_id"))
    .values(client_seed=bindparam("client_seed"))
)


def round_id_of(table_id: int, number: int) -> str:
    """The id of a table's ``number``-th round.

    >>> round_id_of(3, 17)
    't3-r17'
    """
    return f"t{table_id}-r{number}"


class Stakes(RoundCommands):
    """The round taking stakes at each table: opened, staked, dealt."""

    def _open(self, session: Session, table: GameTable, client_seed: str) -> TableRound:
        number = table.rounds_played + 1
        _ROUNDS_PLAYED.rows(session, {"table_id": table.id, "number": number})
        round_id = round_id_of(table.id, number)
        now = self.store.now()
        seed = FairSeed(new_server_seed(), client_seed, number)
        offset = 0
        # Only a game dealt from a shoe (blackjack, baccarat) carries on from the last round.
        shoe = getattr(load_profile(table.profile), "shoe", None) is not None
        found = None
        if shoe:
            found = _PREVIOUS.first(session, {"table_id": table.id, "number": number - 1})
        previous = None if found is None else round_row(found)
        if previous is not None and previous.phase == Phase.SETTLED.value:
            rebuilt = self._rebuilt(session, previous)
            left = shoe_left(rebuilt.profile, rebuilt.state)
            if left is not None and not previous.seed_revealed:
                # The shoe goes on: the same committed seed, further in.
                seed = seed_of(previous)
                offset = shoe_dealt(rebuilt.profile, left)
        open_round_in(session, self.store, round_id, table.currency)
        values = {
            "id": round_id,
            "table_id": table.id,
            "number": number,
            "game": table.game,
            "profile": table.profile,
            "limits": Limits(table.min_stake, table.max_stake, table.max_payout).to_json(),
            "mode": table.mode,
            "decision_seconds": table.decision_seconds,
            "server_seed": seed.server_seed.hex(),
            "client_seed": seed.client_seed,
            "nonce": seed.nonce,
            "commitment": seed.commitment,
            "shoe_offset": offset,
            "seed_revealed": False,
            "phase": Phase.BETTING.value,
            "events": 0,
            "opened_at": now,
            "last_event_at": now,
            "closed_at": None,
            "settlement": None,
        }
        row = loaded(TableRound, values)
        _NEW_ROUND.rows(session, values)
        self._cache[row.id] = rebuild(row, ())  # nothing to read back: no events yet
        self._touch(session, row)
        return row

    def _player_at(
        self, session: Session, table_id: int, card_number: str
    ) -> tuple[Person, dict[int, int], Pending | None]:
        """The player holding ``card_number``, the table's seats (box: person id) and, when a
        stake most likely joins the round taking stakes, that round's read for
        :meth:`_betting_round`: sent together, one round trip on PostgreSQL. (So a stake
        refused for its seat has locked that round until its rollback: a moment, and in the
        order every stake takes its locks.)"""
        player = ask_player(session, card_number)
        seats = _SEATED.send(session, {"table_id": table_id})
        looked = None
        if self._round_expected(table_id):
            taking = _TAKING if self.store.dialect == "sqlite" else _TAKING_LOCKED
            looked = taking.send(session, {"table_id": table_id})
        return player(), dict(seats.rows()), looked

    def _betting_round(
        self, session: Session, table_id: int, looked: Pending | None, client_seed: str = ""
    ) -> TableRound:
        """The table's round taking stakes (locked), opened if there is none (``looked``: the
        read of it sent by :meth:`_player_at`, None when it was not expected)."""
        sqlite = self.store.dialect == "sqlite"
        taking = _TAKING if sqlite else _TAKING_LOCKED
        joining = looked is not None
        found = next(iter(looked.rows()), None) if looked is not None else None
        if found is None:
            table = read_table(session, self.store, table_id, lock=True)
            # Under the table's lock, a round another process opened meanwhile is seen
            # (SQLite's write transaction excludes every other writer: one look is enough).
            if not (joining and sqlite):
                found = taking.first(session, {"table_id": table_id})
            if found is None:
                return self._open(session, table, client_seed)
        row = round_row(found, session)
        if row.phase != Phase.BETTING.value:
            raise Refused(
                f"table {table_id}: round {row.id} is in play; stakes wait for the next",
                "round_in_play",
            )
        return row

    def _round_expected(self, table_id: int) -> bool:
        """Whether the table's last round seen here is still open: then its round is looked
        for before the table is locked (a stake joins it), else the table is locked first
        (a stake opens the next one)."""
        last = self._last_at.get(table_id)
        return last is None or last[1] in OPEN_PHASES

    def _next_round(self, table_id: int) -> str | None:
        """The round a stake at the table will most likely answer with (the one taking
        stakes, or the next), from the rounds seen here; None when none was."""
        last = self._last_at.get(table_id)
        if last is None:
            return None
        number, phase = last
        return round_id_of(table_id, number if phase == Phase.BETTING.value else number + 1)

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
        number = check_table_id(table_id)
        with self._writing() as session:
            person, seated, looked = self._player_at(session, number, card_number)
            if person.id not in seated.values():
                read_table(session, self.store, number)  # no such table: say that
                raise Refused(f"table {number}: card {person.card_number} holds no box", NOT_YOURS)
            row = self._betting_round(session, number, looked)
            if client_seed is not None and client_seed != row.client_seed:
                if row.events or row.shoe_offset:
                    raise Refused(
                        f"round {row.id}: the client seed is fixed once a stake is down or the "
                        "shoe goes on",
                        "client_seed_closed",
                    )
                row.client_seed = client_seed
                # the row is not tracked (write_rows writes what commands change): say it here
                _SET_CLIENT_SEED.rows(session, {"row_id": row.id, "client_seed": client_seed})
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
        number = check_table_id(table_id)
        request = {"table": table_id, "card": card_number, "box": box, "stake": dict(stake)}

        def body(session: Session) -> JSON:
            person, seated, looked = self._player_at(session, number, card_number)
            card = person.card_number
            if seated.get(box) != person.id:
                if not seated:
                    read_table(session, self.store, number)  # no such table: say that
                raise Refused(
                    f"table {number} box {box}: card {card} does not hold this box", NOT_YOURS
                )
            row = self._betting_round(session, number, looked)
            rebuilt = self._rebuilt(session, row)
            if any(s.box == box for s in rebuilt.setup.boxes):
                raise Refused(f"round {row.id} box {box}: already staked", "already_staked")
            new = parse_stake(row.game, box, card, stake)
            if row.game == ROULETTE:  # a colour plays its chips' value
                chip = new.stakes.get("chip")
                table = self._table(session, row)
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
                _NEW_PARTICIPANT.rows(session, {**participant, "opened_at": row.opened_at})
            hold_chips(session, self.store, row.id, person, price, f"box {box} stakes")
            if seated.keys() <= {s.box for s in setup.boxes}:
                self._deal(session, row, card)
            return {"round_id": row.id}

        # The answer written with the key at once when foreseen (no second write of the key).
        return self._run(key, "round_stake", request, body, card_number, self._next_round(number))

    def deal(self, key: str, round_id: str, card_number: str) -> RoundView:
        """No more stakes: deal the round (a participant's call, at a personal table).

        At a public table the house deals, never a player: when every seated box is
        staked, or when the betting time after the last stake runs out (``house_deals``).
        """
        request = {"round": round_id, "card": card_number}

        def body(session: Session) -> JSON:
            player = ask_player(session, card_number)  # one round trip with the round's
            row = self._row(session, round_id, lock=True)
            person = player()
            if row.mode == TableMode.PUBLIC.value:
                raise Refused(
                    f"round {row.id}: at a public table the house deals, when every seated "
                    "box is staked or the betting time runs out",
                    HOUSE_DEALS,
                )
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

    def deal_when_ready(self, table_id: int) -> str | None:
        """The house's deal at a public table whose every seated box is staked now that a
        seat was given back (a player stood up or was taken off as gone): the round taking
        stakes is dealt without waiting for the clock. Returns the round dealt, if any."""
        with self._writing() as session:
            number = check_table_id(table_id)
            row = self._waiting_round(session, number)
            if row is None:
                return None
            rebuilt = self._rebuilt(session, row)
            seated = dict(_SEATED.rows(session, {"table_id": number}))
            staked = {s.box for s in rebuilt.setup.boxes}
            if not staked or not seated or not seated.keys() <= staked:
                return None
            self._deal(session, row, HOUSE)
        self.finish(row.id)
        return row.id

    def _waiting_round(self, session: Session, table_id: int) -> TableRound | None:
        """The public table's round taking stakes (locked), or None."""
        taking = _TAKING if self.store.dialect == "sqlite" else _TAKING_LOCKED
        found = taking.first(session, {"table_id": table_id})
        if found is None:
            return None
        row = round_row(found, session)
        if row.phase != Phase.BETTING.value or row.mode != TableMode.PUBLIC.value:
            return None
        return row


__all__ = ["MAX_CLIENT_SEED", "Stakes", "round_id_of"]
