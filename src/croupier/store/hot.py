"""The decision path's SQL on the driver's own cursor.

A stake or a decision at a table sends a dozen or two small statements. Through
SQLAlchemy each one costs its execution machinery (the compiled cache's key, the
execution context, the result object): about 90 µs of Python a statement on SQLite
and 170 µs on PostgreSQL on this CPU, against 5 µs (sqlite3) and 80 µs (psycopg)
for the driver itself. :class:`Hot` keeps the statement as SQLAlchemy Core (one
definition for every database) but compiles it once per dialect and runs it on the
DBAPI cursor of the session's own connection, in the session's transaction:

* the SQL is SQLAlchemy's own compilation for the dialect (PostgreSQL's casts, SQLite's
  placeholders), so both databases get the statement the Core would send;
* every parameter passes through its column type's bind processor and every result
  column through its result processor (``UtcDateTime``, ``JSON``, booleans), so what
  is written and read is exactly what the ORM and the Core write and read;
* a driver error is raised as SQLAlchemy's (``IntegrityError``, ``OperationalError``
  carrying the driver's ``sqlstate``), so the callers' retries work unchanged; its
  message never carries the parameters (the store's ``hide_parameters``).

On PostgreSQL a statement that returns nothing, in a session's transaction, is not waited
for: psycopg's pipeline sends it and the next statement that reads waits for it too (see
:func:`pipelined`). An insert returns only what it names (``.returning(table.c.id)``): the
Core would add a ``RETURNING`` of a generated primary key to a one-row insert, and a
statement with a result is a round trip, not a deferred write.

Reads that do not depend on each other can share one round trip the same way:
:meth:`Hot.send` puts a read into the pipeline and :meth:`Pending.rows` takes its rows
when they are needed (the next read that waits brings them back with its own); elsewhere
a sent read runs at once.

Rows come back as named tuples (``row.balance``, ``row._asdict()``). Not handled (a
statement that needs them stays on the Core): expanding ``IN`` parameters (build one
statement per list length, :func:`in_list`; a fixed list is ``IN`` ``literal()`` values)
and column defaults that are not plain values.
"""

from __future__ import annotations

import contextlib
from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, Engine, Insert, bindparam, event
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.orm import Session, SessionTransaction, class_mapper
from sqlalchemy.orm.base import manager_of_class
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

Processor = Callable[[Any], Any] | None
M = TypeVar("M")
# session.info's entry: the DBAPI cursor of the session's transaction and its dialect.
_CURSOR = "croupier.hot.cursor"


class Sent:
    """Statements sent through :class:`Hot` since the process started (a benchmark's count;
    the Core's own are counted by its ``before_cursor_execute`` event)."""

    statements = 0


@dataclass(frozen=True, slots=True)
class _Prepared:
    sql: str
    names: tuple[str, ...]  # the parameters in the order the SQL takes them
    keys: tuple[str, ...]  # the same, as the driver names them (named placeholders)
    binds: tuple[Processor, ...]
    defaults: Mapping[str, Any]  # an insert's plain column defaults, for keys not given
    positional: bool
    results: tuple[Processor, ...]
    row: Callable[..., Any] | None  # the named tuple of a statement's result rows


def _prepare(statement: ClauseElement, dialect: Dialect, keys: tuple[str, ...]) -> _Prepared:
    compiled = cast(SQLCompiler, statement.compile(dialect=dialect, column_keys=list(keys)))
    if compiled.post_compile_params or compiled.literal_execute_params:
        raise TypeError(
            "an expanding IN: build one statement per length (in_list), or IN literal() values"
        )
    names = tuple(compiled.positiontup or ()) if compiled.positional else tuple(compiled.binds)
    defaults: dict[str, Any] = {}
    for column in compiled.insert_prefetch:
        if column.key in keys:
            continue
        default = column.default
        if default is None or not default.is_scalar:
            raise TypeError(f"column {column.key}: give it (its default is not a plain value)")
        defaults[column.key] = default.arg  # type: ignore[attr-defined]
    for name in names:  # a value written into the statement (kind == 'hold', SET x = true)
        bind = compiled.binds[name]
        if name not in keys and name not in defaults and not bind.required:
            if bind.callable is not None:
                raise TypeError(f"parameter {name}: a value made by a function")
            defaults[name] = bind.value
    processors = compiled._bind_processors
    escaped: Mapping[str, str] = compiled.escaped_bind_names or {}
    results: list[Processor] = []
    labels: list[str] = []
    for entry in compiled._result_columns:
        results.append(entry.type._cached_result_processor(dialect, None))
        labels.append(entry.keyname)
    return _Prepared(
        sql=compiled.string,
        names=names,
        keys=tuple(escaped.get(name, name) for name in names),
        binds=tuple(cast(Processor, processors.get(name)) for name in names),
        defaults=defaults,
        positional=compiled.positional,
        results=tuple(results),
        row=namedtuple("Row", labels, rename=True) if labels else None,
    )


def _cursor(target: Session | Connection) -> tuple[Any, Dialect]:
    cursor, dialect, _lent = _transaction(target)
    return cursor, dialect


def _transaction(target: Session | Connection) -> tuple[Any, Dialect, Any]:
    """The cursor, the dialect and the pooled connection of ``target``'s transaction."""
    if isinstance(target, Connection):
        lent = target.connection
        return lent.driver_connection.cursor(), target.dialect, lent  # type: ignore[union-attr]
    # The cursor is the transaction's: a savepoint (begin_nested) is only emitted when its
    # connection is asked for, so a new (nested or ended) transaction asks again.
    current = target.get_nested_transaction() or target.get_transaction()
    found: tuple[SessionTransaction | None, Any, Dialect, Any] | None = target.info.get(_CURSOR)
    if found is None or found[0] is not current:
        connection = target.connection()  # begins the transaction (or savepoint) if not yet
        lent = connection.connection
        cursor = lent.driver_connection.cursor()  # type: ignore[union-attr]
        found = target.info[_CURSOR] = (current, cursor, connection.dialect, lent)
    return found[1], found[2], found[3]


# ------------------------------------------------------------------ PostgreSQL's pipeline
#
# A statement whose result nobody reads (an insert, an update) need not wait for its
# answer: in psycopg's pipeline mode it is sent and the command goes on, and the next
# statement that returns rows (or the commit) waits for everything before it at once. A
# decision's writes (its event, its postings and balance moves, the round's row, the
# idempotency record) then cost no round trip of their own: on one command thread that
# sends every table's statements one after another, each round trip is a wait (and, on a
# busy machine, a wake-up of the database's process and of this one) that every command
# queued behind it shares. An error in a deferred statement (a repeated idempotency key)
# is raised by the next statement that reads, or by the commit, as SQLAlchemy's (the
# callers' retries work unchanged): the transaction is lost either way. The pipeline is
# left before anything SQLAlchemy itself sends (ORM statements, savepoints, the commit or
# the rollback), so only statements on the driver's cursor ever run inside it.
_PIPE = "croupier.hot.pipeline"


def _deferred(target: Session | Connection, dialect: Dialect, lent: Any) -> Any | None:
    """The cursor for a statement whose result is not read, in the pipeline of ``target``'s
    transaction (entered now if not yet); None where results are awaited one by one
    (SQLite, a plain connection)."""
    if dialect.name != "postgresql" or dialect.driver != "psycopg":
        return None
    if isinstance(target, Connection) or target.get_nested_transaction() is not None:
        return None  # a session's savepoint: its statements' errors are its own, at once
    found = lent.info.get(_PIPE)
    if found is None:
        driver = lent.driver_connection
        entered = driver.pipeline()
        found = lent.info[_PIPE] = (entered, entered.__enter__(), driver.cursor())
    return found[2]


def _sync(session: Session) -> None:
    """Wait for the statements deferred so far in ``session``'s transaction (their first
    error raised here, as SQLAlchemy's), staying in the pipeline."""
    _cursor, dialect, lent = _transaction(session)
    found = lent.info.get(_PIPE)
    if found is None:
        return
    try:
        found[1].sync()
    except dialect.loaded_dbapi.Error as error:
        raise _translated(error, dialect) from error


def leave_pipeline(lent: Any, dialect: Dialect, *, raising: bool) -> None:
    """Wait for the deferred statements of ``lent`` (a pooled connection) and leave its
    pipeline; their first error is raised as SQLAlchemy's when ``raising`` (else dropped:
    the transaction is being rolled back)."""
    found = lent.info.pop(_PIPE, None)
    if found is None:
        return
    try:
        found[0].__exit__(None, None, None)
    except dialect.loaded_dbapi.Error as error:
        if raising:
            raise _translated(error, dialect) from error


def pipelined(engine: Engine) -> None:
    """Let :class:`Hot` defer the statements it reads no result of on ``engine``'s
    connections (PostgreSQL with psycopg), leaving the pipeline before anything else."""

    @event.listens_for(engine, "before_cursor_execute")
    def _before(connection: Connection, *_: Any) -> None:
        leave_pipeline(connection.connection, connection.dialect, raising=True)

    @event.listens_for(engine, "commit")
    def _commit(connection: Connection) -> None:
        leave_pipeline(connection.connection, connection.dialect, raising=True)

    for name in ("rollback", "rollback_savepoint"):

        @event.listens_for(engine, name)
        def _rollback(connection: Connection, *_: Any) -> None:
            leave_pipeline(connection.connection, connection.dialect, raising=False)

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection: Any, record: Any) -> None:
        found = record.info.pop(_PIPE, None)
        if found is not None:  # never lent again in pipeline mode, whatever happened
            with contextlib.suppress(Exception):
                found[0].__exit__(None, None, None)


@event.listens_for(Session, "after_transaction_end")
def _forget_cursor(session: Session, transaction: SessionTransaction) -> None:
    # The next transaction of the session may run on another pooled connection.
    if transaction.parent is None:
        session.info.pop(_CURSOR, None)


class Hot:
    """A Core statement run on the driver's cursor (see the module's note)."""

    __slots__ = ("_prepared", "statement")

    def __init__(self, statement: ClauseElement) -> None:
        if isinstance(statement, Insert) and not statement.returning_column_descriptions:
            statement = statement.inline()  # no implicit RETURNING of the new row's id
        self.statement = statement
        self._prepared: dict[tuple[str, tuple[str, ...]], _Prepared] = {}

    def _get(self, dialect: Dialect, keys: tuple[str, ...]) -> _Prepared:
        found = self._prepared.get((dialect.name, keys))
        if found is None:
            found = self._prepared[dialect.name, keys] = _prepare(self.statement, dialect, keys)
        return found

    def _values(self, prepared: _Prepared, params: Mapping[str, Any]) -> Any:
        if prepared.defaults:
            params = {**prepared.defaults, **params}
        values = [
            params[name] if bind is None else bind(params[name])
            for name, bind in zip(prepared.names, prepared.binds, strict=True)
        ]
        return values if prepared.positional else dict(zip(prepared.keys, values, strict=True))

    def rows(self, target: Session | Connection, params: Mapping[str, Any]) -> list[Any]:
        """Run it; its result rows (none for a statement without a result)."""
        cursor, dialect, lent = _transaction(target)
        prepared = self._get(dialect, tuple(params))
        values = self._values(prepared, params)
        if prepared.row is None:
            deferred = _deferred(target, dialect, lent)
            _execute(deferred or cursor, dialect, prepared.sql, values, many=False)
            return []
        fetched = _execute(cursor, dialect, prepared.sql, values, many=False, fetch=True)
        return _made(prepared, fetched)

    def send(self, target: Session | Connection, params: Mapping[str, Any]) -> Pending:
        """Send it now, read its rows later (:meth:`Pending.rows`): on PostgreSQL it joins
        the transaction's pipeline, so the reads sent before the next one that waits come
        back in that one round trip; elsewhere it runs now. For a read that does not depend
        on the reads sent with it (the player beside the round's row)."""
        _cursor, dialect, lent = _transaction(target)
        prepared = self._get(dialect, tuple(params))
        if prepared.row is None or _deferred(target, dialect, lent) is None:
            return Pending(prepared, dialect, None, self.rows(target, params))
        own = lent.driver_connection.cursor()  # its result is its cursor's until read
        _execute(own, dialect, prepared.sql, self._values(prepared, params), many=False)
        return Pending(prepared, dialect, own, [])

    def first(self, target: Session | Connection, params: Mapping[str, Any]) -> Any:
        """The first result row, or None."""
        found = self.rows(target, params)
        return found[0] if found else None

    def scalar(self, target: Session | Connection, params: Mapping[str, Any]) -> Any:
        """The first column of the first result row, or None."""
        found = self.rows(target, params)
        return found[0][0] if found else None

    def many(self, target: Session | Connection, params: Sequence[Mapping[str, Any]]) -> None:
        """Run it once per parameter set (``executemany``: one call to the driver)."""
        if not params:
            return
        cursor, dialect, lent = _transaction(target)
        prepared = self._get(dialect, tuple(params[0]))
        values = [self._values(prepared, each) for each in params]
        deferred = _deferred(target, dialect, lent) if prepared.row is None else None
        _execute(deferred or cursor, dialect, prepared.sql, values, many=True)


class Pending:
    """A read sent by :meth:`Hot.send`, its rows not yet taken."""

    __slots__ = ("_cursor", "_dialect", "_error", "_prepared", "_rows")

    def __init__(self, prepared: _Prepared, dialect: Dialect, cursor: Any, rows: list[Any]) -> None:
        self._prepared, self._dialect, self._cursor, self._rows = prepared, dialect, cursor, rows
        self._error: StatementError | None = None

    def rows(self) -> list[Any]:
        """Its result rows (waiting for them if they are not back: an error of a statement
        sent in the same transaction, before it or with it, is raised here as SQLAlchemy's,
        and again at every later call)."""
        if self._error is not None:
            raise self._error
        if self._cursor is not None:
            try:
                fetched = self._cursor.fetchall()
            except self._dialect.loaded_dbapi.Error as error:
                self._error = _translated(error, self._dialect)
                raise self._error from error
            self._cursor = None
            self._rows = _made(self._prepared, fetched)
        return self._rows


def _made(prepared: _Prepared, fetched: list[Any]) -> list[Any]:
    """The named rows of a statement's raw result rows, each value through its column's
    result processor."""
    make, processors = prepared.row, prepared.results
    assert make is not None  # a statement with a result
    return [
        make(*[v if p is None else p(v) for v, p in zip(raw, processors, strict=True)])
        for raw in fetched
    ]


def _execute(
    cursor: Any, dialect: Dialect, sql: str, values: Any, *, many: bool, fetch: bool = False
) -> list[Any]:
    """Run a statement (and fetch its rows: in a pipeline, where a deferred statement's
    error shows), any driver error raised as SQLAlchemy's."""
    Sent.statements += 1
    try:
        if many:
            cursor.executemany(sql, values)
        else:
            cursor.execute(sql, values)
        return cursor.fetchall() if fetch else []
    except dialect.loaded_dbapi.Error as error:
        raise _translated(error, dialect, sql, values, many=many) from error


def _translated(
    error: Exception,
    dialect: Dialect,
    sql: str = "(deferred)",
    values: Any = (),
    *,
    many: bool = False,
) -> StatementError:
    """A driver's error as SQLAlchemy raises it (``IntegrityError``, ``OperationalError``...),
    never with the statement's values in its message (``sql``: "(deferred)" for an error a
    pipeline's wait raised, of some statement sent before it)."""
    return DBAPIError.instance(
        sql,
        values,
        error,
        dialect.loaded_dbapi.Error,
        hide_parameters=True,
        dialect=dialect,
        ismulti=many,
    )


@contextmanager
def savepoint(session: Session) -> Iterator[None]:
    """A savepoint of the session's transaction on its cursor: the statements of the block
    are undone if it raises (the error goes on), kept if not. For a block that writes only
    through :class:`Hot` (the session knows nothing of it: an object the session writes in
    the block would not be undone with it; use ``session.begin_nested()`` there)."""
    cursor, dialect = _cursor(session)
    Savepoints.made += 1
    name = f"croupier_{Savepoints.made}"
    _execute(cursor, dialect, f"SAVEPOINT {name}", (), many=False)
    try:
        yield
        _sync(session)  # a deferred statement's error is the block's: undone with it
    except BaseException:
        # An error a read raised leaves psycopg's pipeline aborted until it syncs: synced
        # here (its error is the one going on), or the rollback below would be dropped.
        with contextlib.suppress(StatementError):
            _sync(session)
        _execute(cursor, dialect, f"ROLLBACK TO SAVEPOINT {name}", (), many=False)
        _execute(cursor, dialect, f"RELEASE SAVEPOINT {name}", (), many=False)
        raise
    _execute(cursor, dialect, f"RELEASE SAVEPOINT {name}", (), many=False)


class Savepoints:
    """Savepoints made (their names: one per block, even nested)."""

    made = 0


def loaded(model: type[M], values: Mapping[str, Any]) -> M:
    """An object of ``model`` carrying ``values`` (a row read here), not the session's.

    Built as the ORM builds a loaded object (no ``__init__``, the values put in place),
    not through the constructor, whose instrumented attribute sets cost ~1 µs a column
    (a stake builds a dozen such objects: accounts, the round, the player)."""
    if model not in _CONFIGURED:  # as the ORM's first query or constructor would
        class_mapper(model)  # (a new process's first object may be one made here)
        _CONFIGURED.add(model)
    made: M = manager_of_class(model).new_instance()
    made.__dict__.update(values)
    return made


# The models whose mappers :func:`loaded` saw configured (their attributes work).
_CONFIGURED: set[type[Any]] = set()


def in_list(make: Callable[[Any], ClauseElement]) -> Callable[[int], Hot]:
    """A statement with ``IN (:in_0, ..., :in_{n-1})`` per list length n, each made once:
    ``make`` is given the list of bound parameters to put in its ``IN``; pass the values
    as ``in_0``, ``in_1``... (:func:`in_params`)."""
    made: dict[int, Hot] = {}

    def of_length(count: int) -> Hot:
        found = made.get(count)
        if found is None:
            found = made[count] = Hot(make([bindparam(f"in_{i}") for i in range(count)]))
        return found

    return of_length


def in_params(values: Sequence[Any], **others: Any) -> dict[str, Any]:
    """The parameters of an :func:`in_list` statement: ``values`` and the others."""
    return {**others, **{f"in_{i}": value for i, value in enumerate(values)}}


__all__ = [
    "Hot",
    "Pending",
    "Sent",
    "in_list",
    "in_params",
    "leave_pipeline",
    "loaded",
    "pipelined",
    "savepoint",
]
