"""A player's rounds: a page through all of them, and the last ten step by step.

Every round is stored with its profile, limits, deck commitment and seed
(revealed once it is closed), its events and its settlement
(:mod:`croupier.store.round_models`). A recall does not read stored
pictures: it replays the events from the seed and has the engine project
each step for the player asking, so the player sees exactly what the table
showed them then, and never a card they could not see (a dark box before the
show, a neighbour's folded hand); the events themselves are shown by the same
rules (:func:`~croupier.games.common.view.stake_seen_by`,
:func:`~croupier.games.common.view.action_seen_by`). A recall replays the round
once, projecting as it goes, so its cost grows with the number of steps, not their
square; the pictures of one recall are capped in size (:data:`MAX_RECALL_VIEWS`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select

from croupier.casino.errors import BadInput, NotFound, Refused
from croupier.casino.players import find_person
from croupier.casino.replay import (
    Rebuilt,
    check_round,
    events_of,
    replay,
)
from croupier.casino.round_view import lift_settlement, settlement_of
from croupier.games.base import JSON, Viewer
from croupier.games.common.dealing import dealing_of
from croupier.games.common.stakes import box_from_json, box_to_json
from croupier.games.common.view import action_seen_by, stake_seen_by
from croupier.store.db import Store
from croupier.store.round_models import EventKind, Phase, RoundEvent, RoundParticipant, TableRound

# The issue: "a player can recall the last 10 rounds step by step".
RECALL_DEPTH = 10
# Characters of JSON the step pictures of one recall may take (a recall of a 600-bet
# roulette round was 18 MB, each step the whole table again).
MAX_RECALL_VIEWS = 1_000_000
MAX_PAGE = 100


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """One line of a player's history."""

    round_id: str
    table_id: int
    number: int
    game: str
    profile: str
    phase: Phase
    opened_at: datetime
    closed_at: datetime | None
    net: int | None  # None while the round is open

    def to_json(self) -> JSON:
        return {
            "round_id": self.round_id,
            "table_id": self.table_id,
            "number": self.number,
            "game": self.game,
            "profile": self.profile,
            "phase": self.phase.value,
            "opened_at": self.opened_at.isoformat(),
            "closed_at": None if self.closed_at is None else self.closed_at.isoformat(),
            "net": self.net,
        }


@dataclass(frozen=True, slots=True)
class HistoryPage:
    rounds: tuple[RoundSummary, ...]
    page: int
    per_page: int
    total: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))


@dataclass(frozen=True, slots=True)
class Step:
    """One event of a round and the table as the player saw it right after."""

    seq: int
    kind: str
    actor: str
    payload: JSON
    at: datetime
    view: JSON | None

    def to_json(self) -> JSON:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "actor": self.actor,
            "payload": self.payload,
            "at": self.at.isoformat(),
            "view": self.view,
        }


@dataclass(frozen=True, slots=True)
class Recall:
    """A round replayed for one player, step by step."""

    summary: RoundSummary
    limits: JSON
    commitment: str
    server_seed: str | None  # revealed once nothing more is dealt from it
    client_seed: str
    nonce: int
    shoe_offset: int  # cards of the seed's shoe dealt before this round (0: a fresh deck)
    steps: tuple[Step, ...]
    settlement: JSON | None
    views_omitted: int = 0  # steps shown without their picture, past the size budget
    # Every card in the order dealt, with its place in the shuffle: once the seed is revealed.
    dealing: JSON | None = None

    def to_json(self) -> JSON:
        return {
            **self.summary.to_json(),
            "limits": self.limits,
            "commitment": self.commitment,
            "server_seed": self.server_seed,
            "client_seed": self.client_seed,
            "nonce": self.nonce,
            "shoe_offset": self.shoe_offset,
            "steps": [s.to_json() for s in self.steps],
            "settlement": self.settlement,
            "views_omitted": self.views_omitted,
            "dealing": self.dealing,
        }


def _summary(row: TableRound, net: int | None) -> RoundSummary:
    return RoundSummary(
        row.id,
        row.table_id,
        row.number,
        row.game,
        row.profile,
        Phase(row.phase),
        row.opened_at,
        row.closed_at,
        net,
    )


class History:
    """What a player may look back on."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def page(self, card_number: str, page: int = 1, per_page: int = 20) -> HistoryPage:
        """The player's rounds, newest first, ``per_page`` at a time."""
        for name, value, most in (("page", page, 10**9), ("per_page", per_page, MAX_PAGE)):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
                raise BadInput(f"history {name} must be a whole number from 1 to {most}")
        with self.store.read() as session:
            person = find_person(session, card_number)
            total = session.scalar(
                select(func.count())
                .select_from(RoundParticipant)
                .where(RoundParticipant.person_id == person.id)
            )
            rows = session.execute(
                select(TableRound, RoundParticipant.net)
                .join(RoundParticipant, RoundParticipant.round_id == TableRound.id)
                .where(RoundParticipant.person_id == person.id)
                .order_by(RoundParticipant.opened_at.desc(), RoundParticipant.id.desc())
                .offset((page - 1) * per_page)
                .limit(per_page)
            )
            found = tuple(_summary(row, net) for row, net in rows)
        return HistoryPage(found, page, per_page, total or 0)

    def last(self, card_number: str, count: int = RECALL_DEPTH) -> tuple[RoundSummary, ...]:
        return self.page(card_number, 1, count).rounds

    def recall(self, card_number: str, round_id: str) -> Recall:
        """One of the player's last ten rounds, step by step, as the player saw it."""
        rid = check_round(round_id)
        recent = {s.round_id: s for s in self.last(card_number)}
        summary = recent.get(rid)
        if summary is None:
            with self.store.read() as session:
                if session.get(TableRound, rid) is None:
                    raise NotFound(f"no round {rid!r}", "round_not_found")
            raise Refused(
                f"round {rid} is not among the last {RECALL_DEPTH} rounds of card {card_number}",
                "recall_too_old",
                depth=RECALL_DEPTH,
            )
        with self.store.read() as session:
            person = find_person(session, card_number)
            row = session.get_one(TableRound, rid)
            events = events_of(session, rid)
        return recall_of(row, events, Viewer.of(person.card_number), summary)

    def recall_for_staff(self, round_id: str) -> Recall:
        """Any round, as the house saw it (disputes): every card, discards included."""
        rid = check_round(round_id)
        with self.store.read() as session:
            row = session.get(TableRound, rid)
            if row is None:
                raise NotFound(f"no round {rid!r}", "round_not_found")
            events = events_of(session, rid)
        return recall_of(row, events, Viewer.house(), _summary(row, None))


def recall_of(
    row: TableRound,
    events: Sequence[RoundEvent],
    viewer: Viewer,
    summary: RoundSummary,
    budget: int = MAX_RECALL_VIEWS,
) -> Recall:
    """Replay ``events`` once, projecting each step for ``viewer``.

    The pictures of the steps are kept up to ``budget`` characters of JSON in all; past
    it a step keeps its event but not its picture (``view`` None), except the last, so
    one recall can never grow without bound. Decisions per box are capped too
    (:data:`~croupier.casino.rounds.MAX_ACTIONS_PER_BOX`), so this is the rare case.
    """
    steps = []
    spent = 0
    omitted = 0
    last = len(events) - 1
    settled: JSON | None = None
    rounds = replay(row, events, traced=True)
    rebuilt = next(rounds)  # the round before its first event: nothing to show
    for i, (event, rebuilt) in enumerate(zip(events, rounds, strict=True)):
        view: Any = None
        if rebuilt.state is not None:
            if spent <= budget or i == last:
                view, settled = lift_settlement(rebuilt.engine.project(rebuilt.state, viewer))
                spent += len(json.dumps(view, separators=(",", ":"), default=str))
                if spent > budget and i != last:
                    view, omitted = None, omitted + 1
            else:
                omitted += 1
        payload = _event_seen_by(event, rebuilt, viewer)
        steps.append(Step(event.seq, event.kind, event.actor, payload, event.at, view))
    closed = Phase(row.phase) in (Phase.SETTLED, Phase.VOID)
    revealed = closed and row.seed_revealed
    owners = {f"box:{b.box}": b.player for b in rebuilt.setup.boxes}
    return Recall(
        summary,
        dict(row.limits),
        row.commitment,
        row.server_seed if revealed else None,
        row.client_seed,
        row.nonce,
        row.shoe_offset,
        tuple(steps),
        settlement_of(row, settled),
        omitted,
        dealing_of(rebuilt.state, owners, viewer) if revealed else None,
    )


def _event_seen_by(event: RoundEvent, rebuilt: Rebuilt, viewer: Viewer) -> Any:
    """An event's payload as ``viewer`` may read it (None: not at all)."""
    if event.kind == EventKind.STAKE.value:
        return box_to_json(stake_seen_by(box_from_json(event.payload, "stake event"), viewer))
    if event.kind == EventKind.ACTION.value:
        owners = {s.box: s.player for s in rebuilt.setup.boxes}
        return action_seen_by(dict(event.payload), owners.get(event.payload.get("box", 0)), viewer)
    return dict(event.payload)
