"""Tables and seating: a game, a rule profile, limits, a mode, boxes; "Sit" takes a box.

RULES.md §3 and [002]: a table lists its game, profile, limits and free
boxes; a *personal* table has one player, a *public* one 1-4; anyone may
watch, and "Sit" takes a free box. A player may hold as many boxes as the
profile lets one player stake (light plus dark); the profile's finer seating
rules (adjacent boxes, equal antes) are checked by the engine when the boxes
are staked, because they depend on the stakes.

>>> from croupier.store import Store, upgrade
>>> from croupier.games.base import Limits
>>> store = Store("sqlite://")
>>> _ = upgrade(store)
>>> tables = Tables(store)
>>> t = tables.create(TableConfig("six-card", Limits(100, 10_000, 1_000_000)))
>>> t.game, t.mode.value, t.boxes, t.free_boxes[:3]
('stud', 'public', 7, (1, 2, 3))

A player does not choose free numbers for a personal table, only one of the casino's
limit tiers (RULES.md §0, from [003]):

>>> [(t.name, t.limits.min_stake, t.limits.max_payout) for t in LIMIT_TIERS]
[('5', 500, 200000), ('25', 2500, 300000), ('50', 5000, 500000), ('100', 10000, 1200000)]
>>> limit_tier("1")
Traceback (most recent call last):
...
croupier.casino.errors.BadInput: limit tier must be one of 5, 25, 50, 100, got '1'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, bindparam, literal, select, update
from sqlalchemy.orm import Session

from croupier.casino.accounts import DEFAULT_CURRENCY, check_currency
from croupier.casino.colour import ColourSettings, leave
from croupier.casino.errors import BadInput, NotFound, Refused
from croupier.casino.ledger import require_player
from croupier.casino.players import find_person
from croupier.casino.responsible import check_not_excluded
from croupier.games.base import Limits, RuleError
from croupier.games.common.tiers import DEFAULT_TIER, LIMIT_TIERS, LimitTier
from croupier.games.registry import RuleProfile, spec_for
from croupier.profiles import ProfileError, load
from croupier.store.db import Store
from croupier.store.hot import Hot, loaded
from croupier.store.models import Person, table_of
from croupier.store.round_models import (
    ColourStack,
    GameTable,
    Phase,
    Seat,
    TableMode,
    TableRound,
)

if TYPE_CHECKING:
    from croupier.games.common.seating import Table

# [002]: a public table seats one to four players.
PUBLIC_MAX_PLAYERS = 4
DEFAULT_DECISION_SECONDS = 30
MAX_BOXES = 12
# How many personal tables one player may sit at, at a time (the server's setting may lower
# or raise it): enough to move between two games, too few to fill the floor.
PERSONAL_TABLES_PER_PLAYER = 2


def limit_tier(name: object) -> LimitTier:
    """The tier called ``name`` (its minimum in currency units), or :class:`BadInput`."""
    for tier in LIMIT_TIERS:
        if isinstance(name, str) and name == tier.name:
            return tier
    names = ", ".join(t.name for t in LIMIT_TIERS)
    raise BadInput(f"limit tier must be one of {names}, got {name!r}")


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What a manager fixes when opening a table.

    ``boxes`` None takes the profile's box count (games without one: 1 box).
    ``decision_seconds`` is how long a box of a public table may think before
    the timer decides for it (a personal table waits for its player).
    """

    profile: str
    limits: Limits
    mode: TableMode = TableMode.PUBLIC
    boxes: int | None = None
    decision_seconds: int = DEFAULT_DECISION_SECONDS
    name: str = ""
    currency: str = DEFAULT_CURRENCY
    trainer: bool = False  # the advisor's hints (public tables: the casino's setting)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as a lobby shows it: who sits where, which boxes are free."""

    id: int
    name: str
    game: str
    profile: str
    limits: Limits
    mode: TableMode
    boxes: int
    max_players: int
    decision_seconds: int
    currency: str
    seats: Mapping[int, str] = field(default_factory=dict)  # box -> card number
    open_round: str | None = None
    trainer: bool = False

    @property
    def free_boxes(self) -> tuple[int, ...]:
        return tuple(b for b in range(1, self.boxes + 1) if b not in self.seats)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.seats.values())))

    def boxes_of(self, card_number: str) -> tuple[int, ...]:
        return tuple(sorted(b for b, card in self.seats.items() if card == card_number))

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "game": self.game,
            "profile": self.profile,
            "limits": self.limits.to_json(),
            "mode": self.mode.value,
            "boxes": self.boxes,
            "max_players": self.max_players,
            "decision_seconds": self.decision_seconds,
            "currency": self.currency,
            "seats": {str(b): card for b, card in sorted(self.seats.items())},
            "free_boxes": list(self.free_boxes),
            "open_round": self.open_round,
            "trainer": self.trainer,
        }


def boxes_per_player(profile: RuleProfile, boxes: int) -> int:
    """How many boxes one player may hold: the profile's light plus dark boxes
    (several light boxes where it allows them); every box where it says nothing."""
    table = spec_for(profile).table(profile)
    if table is None:
        return boxes
    light = max(table.light_boxes_per_player, table.several_light.max_boxes)
    most: int = min(boxes, light + table.dark_boxes_per_player)
    return most


def load_profile(profile_id: object) -> RuleProfile:
    if not isinstance(profile_id, str) or not profile_id:
        raise BadInput(f"table profile must be a profile name, got {profile_id!r}")
    try:
        return load(profile_id)
    except ProfileError as error:
        raise BadInput(f"table profile: {error}") from None


def _default_boxes(profile: RuleProfile, table: Table | None, mode: TableMode) -> int:
    """A table's boxes when its config does not say: the profile's; at a wheel, where a box is
    a player's colour, one for a personal table and every colour at a public one (issue 13: the
    public roulette table had one box, so one player)."""
    if table is not None:
        return table.boxes
    colours = getattr(profile, "colours", 1)  # roulette's profile names its colours
    return colours if mode is TableMode.PUBLIC and isinstance(colours, int) else 1


def _check_config(config: TableConfig) -> tuple[RuleProfile, int]:
    if not isinstance(config, TableConfig):
        raise BadInput(f"a TableConfig is needed, got {config!r}")
    profile = load_profile(config.profile)
    if not isinstance(config.limits, Limits):
        raise BadInput("table limits must be Limits(min_stake, max_stake, max_payout)")
    try:
        Limits(config.limits.min_stake, config.limits.max_stake, config.limits.max_payout)
    except RuleError as error:
        raise BadInput(f"table {error}") from None
    if not isinstance(config.mode, TableMode):
        raise BadInput(f"table mode must be personal or public, got {config.mode!r}")
    table = spec_for(profile).table(profile)
    boxes = config.boxes
    if boxes is None:
        boxes = _default_boxes(profile, table, config.mode)
    if not isinstance(boxes, int) or isinstance(boxes, bool) or not 1 <= boxes <= MAX_BOXES:
        raise BadInput(f"table boxes must be 1 to {MAX_BOXES}, got {boxes!r}")
    if table is not None and boxes > table.boxes:
        raise BadInput(f"table boxes: profile {profile.id} has at most {table.boxes} boxes")
    seconds = config.decision_seconds
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not 1 <= seconds <= 3600:
        raise BadInput(f"table decision time must be 1 to 3600 seconds, got {seconds!r}")
    if not isinstance(config.name, str) or len(config.name) > 60:
        raise BadInput("table name must be text of at most 60 characters")
    check_currency(config.currency)
    if not isinstance(config.trainer, bool):
        raise BadInput(f"table trainer must be true or false, got {config.trainer!r}")
    return profile, boxes


_SEATS = table_of(Seat)
_PEOPLE = table_of(Person)
_ROUNDS = table_of(TableRound)
# A table as the lobby and every snapshot show it (the server rereads it every 2 s per table).
_SEATED_CARDS = Hot(
    select(_SEATS.c.box, _PEOPLE.c.card_number)
    .join_from(_SEATS, _PEOPLE, _PEOPLE.c.id == _SEATS.c.person_id)
    .where(_SEATS.c.table_id == bindparam("table_id"))
)
_OPEN_ROUND = Hot(
    select(_ROUNDS.c.id).where(
        _ROUNDS.c.table_id == bindparam("table_id"),
        _ROUNDS.c.phase.in_([literal(Phase.BETTING.value), literal(Phase.PLAYING.value)]),
    )
)


def table_info(session: Session | Connection, row: GameTable) -> TableInfo:
    if isinstance(session, Session):
        session.flush()  # a seat just taken or given back through the session is a row first
    seats = dict(_SEATED_CARDS.rows(session, {"table_id": row.id}))
    open_round = _OPEN_ROUND.scalar(session, {"table_id": row.id})
    return TableInfo(
        row.id,
        row.name,
        row.game,
        row.profile,
        Limits(row.min_stake, row.max_stake, row.max_payout),
        TableMode(row.mode),
        row.boxes,
        row.max_players,
        row.decision_seconds,
        row.currency,
        seats,
        open_round,
        row.trainer,
    )


def may_play(session: Session, person: Person, now: datetime, doing: str) -> None:
    """:class:`Refused` for staff and for a self-excluded person (on any of their cards),
    before anything is made."""
    require_player(person, doing)
    check_not_excluded(session, person, now, doing)


def check_table_id(table_id: object) -> int:
    if not isinstance(table_id, int) or isinstance(table_id, bool) or table_id <= 0:
        raise BadInput(f"table id must be a positive whole number, got {table_id!r}")
    return table_id


_TABLE = select(GameTable).where(GameTable.id == bindparam("table_id"))
_TABLE_LOCKED = _TABLE.with_for_update()
_TABLES = table_of(GameTable)
_TABLE_ROW = select(_TABLES).where(_TABLES.c.id == bindparam("table_id"))
_TABLE_READ = Hot(_TABLE_ROW)
_TABLE_READ_LOCKED = Hot(_TABLE_ROW.with_for_update())


def find_table(
    session: Session, store: Store, table_id: object, *, lock: bool = False
) -> GameTable:
    number = check_table_id(table_id)
    statement = _TABLE_LOCKED if lock and store.dialect != "sqlite" else _TABLE
    return _open_table(session.scalars(statement, {"table_id": number}).first(), number)


def read_table(
    session: Session | Connection, store: Store, table_id: object, *, lock: bool = False
) -> GameTable:
    """:func:`find_table` for a command that only reads the table (the round runner opening
    a round), read on the driver's cursor: the object is not the session's."""
    number = check_table_id(table_id)
    statement = _TABLE_READ_LOCKED if lock and store.dialect != "sqlite" else _TABLE_READ
    found = statement.first(session, {"table_id": number})
    return _open_table(None if found is None else loaded(GameTable, found._asdict()), number)


def _open_table(row: GameTable | None, number: int) -> GameTable:
    if row is None or row.closed_at is not None:
        raise NotFound(f"no table {number}", "table_not_found")
    return row


class Tables:
    """Open tables, list them, sit down and stand up."""

    def __init__(self, store: Store, colours: ColourSettings | None = None) -> None:
        self.store = store
        self.colours = colours or ColourSettings()

    def create(self, config: TableConfig) -> TableInfo:
        """Open a table (a manager's decision; the server checks the role)."""
        profile, boxes = _check_config(config)
        personal = config.mode is TableMode.PERSONAL
        with self.store.write() as session:
            row = GameTable(
                name=config.name or f"{profile.name}",
                game=profile.game,
                profile=profile.id,
                min_stake=config.limits.min_stake,
                max_stake=config.limits.max_stake,
                max_payout=config.limits.max_payout,
                currency=config.currency,
                mode=config.mode.value,
                boxes=boxes,
                max_players=1 if personal else PUBLIC_MAX_PLAYERS,
                decision_seconds=config.decision_seconds,
                rounds_played=0,
                created_at=self.store.now(),
                trainer=config.trainer,
            )
            session.add(row)
            session.flush()
            return table_info(session, row)

    def set_trainer(self, table_id: int, card_number: str, on: object) -> TableInfo:
        """Turn the advisor's hints on or off at a personal table, by its player (at a
        public table it is the casino's setting, fixed when the table is opened)."""
        if not isinstance(on, bool):
            raise BadInput(f"trainer must be true or false, got {on!r}")
        with self.store.write() as session:
            row = find_table(session, self.store, table_id, lock=True)
            if row.mode != TableMode.PERSONAL.value:
                raise Refused("the trainer at a public table is the casino's setting")
            if card_number not in table_info(session, row).players:
                raise Refused("only the player of a personal table sets its trainer")
            row.trainer = on
            return table_info(session, row)

    def open_personal(
        self,
        card_number: str,
        profile_id: str,
        tier: str = DEFAULT_TIER,
        most_open: int = PERSONAL_TABLES_PER_PLAYER,
    ) -> TableInfo:
        """A player opens a personal table for ``profile_id`` at a limit ``tier`` and sits at it.

        One transaction: a player who may not play is refused before anything is made; a
        player already at ``most_open`` personal tables is refused; a personal table left
        empty (its player stood up, no round open) with the same profile and tier is reused
        rather than a new one opened, so tables nobody sits at do not pile up.
        """
        limits = limit_tier(tier).limits
        profile, boxes = _check_config(TableConfig(profile_id, limits, TableMode.PERSONAL))
        with self.store.write() as session:
            person = find_person(session, card_number, lock=True)
            may_play(session, person, self.store.now(), "open a personal table")
            mine = self._personal_tables_of(session, person)
            # Play again for the game and tier of a table the player sits at is a way back to
            # it, not a second table (nor a refusal for having too many).
            for table_id in mine:
                own = find_table(session, self.store, table_id)
                if (own.profile, own.min_stake, own.max_stake, own.max_payout) == (
                    profile.id,
                    limits.min_stake,
                    limits.max_stake,
                    limits.max_payout,
                ):
                    return table_info(session, own)
            if len(mine) >= most_open:
                listed = ", ".join(str(t) for t in mine)
                raise Refused(
                    f"card {person.card_number} already sits at {len(mine)} personal table(s) "
                    f"({listed}); at most {most_open} at a time: stand up at one first",
                    "personal_tables_limit",
                    most=most_open,
                )
            row = self._empty_personal(session, profile.id, limits)
            if row is None:
                row = GameTable(
                    name=profile.name,
                    game=profile.game,
                    profile=profile.id,
                    min_stake=limits.min_stake,
                    max_stake=limits.max_stake,
                    max_payout=limits.max_payout,
                    currency=DEFAULT_CURRENCY,
                    mode=TableMode.PERSONAL.value,
                    boxes=boxes,
                    max_players=1,
                    decision_seconds=DEFAULT_DECISION_SECONDS,
                    rounds_played=0,
                    created_at=self.store.now(),
                )
                session.add(row)
                session.flush()
            return self._seat(session, row, person, None)

    def _personal_tables_of(self, session: Session, person: Person) -> list[int]:
        found = session.scalars(
            select(GameTable.id)
            .join(Seat, Seat.table_id == GameTable.id)
            .where(
                Seat.person_id == person.id,
                GameTable.mode == TableMode.PERSONAL.value,
                GameTable.closed_at.is_(None),
            )
            .distinct()
            .order_by(GameTable.id)
        )
        return list(found)

    def _empty_personal(
        self, session: Session, profile_id: str, limits: Limits
    ) -> GameTable | None:
        """An open personal table of this profile and limits with nobody seated and no round
        in play (locked), if there is one."""
        candidates = session.scalars(
            self.store.locked(
                select(GameTable)
                .where(
                    GameTable.mode == TableMode.PERSONAL.value,
                    GameTable.closed_at.is_(None),
                    GameTable.profile == profile_id,
                    GameTable.min_stake == limits.min_stake,
                    GameTable.max_stake == limits.max_stake,
                    GameTable.max_payout == limits.max_payout,
                    GameTable.currency == DEFAULT_CURRENCY,
                    ~select(Seat.id).where(Seat.table_id == GameTable.id).exists(),
                )
                .order_by(GameTable.id)
            )
        )
        for row in candidates:
            if table_info(session, row).open_round is None:
                return row
        return None

    def get(self, table_id: int) -> TableInfo:
        # On a plain connection: the server reads a table's seats again for its snapshots
        # (an ORM session's begin and end cost more than the three small reads).
        with self.store.glance() as connection:
            return table_info(connection, read_table(connection, self.store, table_id))

    def list(self) -> list[TableInfo]:
        with self.store.read() as session:
            rows = session.scalars(
                select(GameTable).where(GameTable.closed_at.is_(None)).order_by(GameTable.id)
            )
            return [table_info(session, row) for row in rows]

    def sit(self, table_id: int, card_number: str, box: int | None = None) -> TableInfo:
        """Take ``box`` (or the lowest free box) for the player with ``card_number``."""
        if box is not None and (not isinstance(box, int) or isinstance(box, bool)):
            raise BadInput(f"box must be a whole number, got {box!r}")
        with self.store.write() as session:
            row = find_table(session, self.store, table_id, lock=True)
            person = find_person(session, card_number)
            may_play(session, person, self.store.now(), f"sit at table {row.id}")
            return self._seat(session, row, person, box)

    def _seat(self, session: Session, row: GameTable, person: Person, box: int | None) -> TableInfo:
        """Seat ``person`` (who may play) at ``box`` of the locked table ``row``."""
        info = table_info(session, row)
        now = self.store.now()
        if box is None:
            if not info.free_boxes:
                raise Refused(f"table {row.id}: every box is taken", "table_full")
            box = info.free_boxes[0]
        if not 1 <= box <= row.boxes:
            raise BadInput(f"table {row.id} has boxes 1 to {row.boxes}, not {box}")
        owner = info.seats.get(box)
        if owner is not None:
            mine = owner == person.card_number
            raise Refused(
                f"table {row.id} box {box} is "
                + ("already yours" if mine else "taken by another player"),
                "box_already_yours" if mine else "box_taken",
            )
        card = person.card_number
        if card not in info.players and len(info.players) >= row.max_players:
            raise Refused(
                f"table {row.id} is {row.mode} and has its {row.max_players} player(s)",
                "table_full",
            )
        most = boxes_per_player(load_profile(row.profile), row.boxes)
        if len(info.boxes_of(card)) >= most:
            raise Refused(
                f"table {row.id}: one player may hold at most {most} box(es) in {row.profile}",
                "boxes_per_player_limit",
                most=most,
            )
        session.add(Seat(table_id=row.id, box=box, person_id=person.id, seated_at=now, seen_at=now))
        session.flush()
        return table_info(session, row)

    def stand(self, table_id: int, card_number: str, box: int) -> TableInfo:
        """Give a box back. A box with a stake in the running round keeps playing
        to its end (the timer decides for it at a public table). At roulette, the
        colour chips of that box are changed back into cash chips (RULES.md §2.6)."""
        with self.store.write() as session:
            row = find_table(session, self.store, table_id, lock=True)
            person = find_person(session, card_number)
            seat = session.scalars(
                select(Seat).where(Seat.table_id == row.id, Seat.box == box)
            ).one_or_none()
            if seat is None or seat.person_id != person.id:
                raise Refused(
                    f"table {row.id} box {box} is not held by card {person.card_number}",
                    "box_not_yours",
                )
            leave(session, self.store, row, person, box, self.colours, "left the table")
            session.delete(seat)
            session.flush()
            return table_info(session, row)

    def close(self, table_id: int) -> None:
        """Close a table with no open round; its history stays. Colour chips still at
        a roulette table are changed back into their players' cash chips."""
        with self.store.write() as session:
            row = find_table(session, self.store, table_id, lock=True)
            if table_info(session, row).open_round is not None:
                raise Refused(
                    f"table {row.id} has a round in play: finish or void it first", "table_in_play"
                )
            for person in session.scalars(
                select(Person)
                .join(ColourStack, ColourStack.person_id == Person.id)
                .where(ColourStack.table_id == row.id, ColourStack.closed_at.is_(None))
            ):
                leave(session, self.store, row, person, None, self.colours, "the table closed")
            for seat in session.scalars(select(Seat).where(Seat.table_id == row.id)):
                session.delete(seat)
            # A shoe left in the closed table is retired: its seed may be shown.
            session.execute(
                update(TableRound).where(TableRound.table_id == row.id).values(seed_revealed=True)
            )
            row.closed_at = self.store.now()


def seat_owner(session: Session, table_id: int, box: int) -> int | None:
    """The person id holding ``box`` at the table, if any."""
    return session.scalar(select(Seat.person_id).where(Seat.table_id == table_id, Seat.box == box))
