"""What a viewer sees of a round: the engine's projection plus the round's own facts.

What the viewer may see of the game (cards, options, the settlement, a dark box's
pre-buys) is the engine's to say (``Game.project`` and :mod:`croupier.games.common.view`):
this module only passes it on, next to the round's own facts (phase, deadline,
commitment). The seed shows only once nothing more is dealt from it, and only to the
round's participants (a spectator gets the commitment).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from croupier.casino.replay import Rebuilt
from croupier.games.base import JSON, BoxStake, LegalAction, Limits, Turn, Viewer, ViewerRole
from croupier.games.common.stakes import box_to_json
from croupier.games.common.view import open_to, stake_seen_by
from croupier.store.round_models import Phase, TableMode, TableRound


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round as one viewer may see it, after any command.

    ``view`` is the engine's projection for the viewer (None while betting), its
    settlement lifted out into ``settlement``; ``legal`` the actions open to the
    viewer now (those the view lists); ``server_seed`` is None until the round
    is closed, and for anybody but its participants.
    """

    round_id: str
    table_id: int
    number: int
    game: str
    profile: str
    limits: Limits
    phase: Phase
    commitment: str
    client_seed: str
    nonce: int
    stakes: tuple[BoxStake, ...]
    shoe_offset: int = 0  # cards of the seed's shoe dealt before this round (a shoe game)
    turn: Turn | None = None
    deadline: datetime | None = None
    legal: tuple[LegalAction, ...] = ()
    view: JSON | None = None
    settlement: JSON | None = None
    server_seed: str | None = None
    events: int = 0
    replayed: bool = field(default=False, compare=False)

    @property
    def closed(self) -> bool:
        return self.phase in (Phase.SETTLED, Phase.VOID)

    def to_json(self) -> JSON:
        return {
            "round_id": self.round_id,
            "table_id": self.table_id,
            "number": self.number,
            "game": self.game,
            "profile": self.profile,
            "limits": self.limits.to_json(),
            "phase": self.phase.value,
            "commitment": self.commitment,
            "client_seed": self.client_seed,
            "nonce": self.nonce,
            "shoe_offset": self.shoe_offset,
            "server_seed": self.server_seed,
            "stakes": [box_to_json(s) for s in self.stakes],
            "turn": None
            if self.turn is None
            else {
                "box": self.turn.box,
                "hand": self.turn.hand,
                "player": self.turn.player,
                "waiting_for": self.turn.waiting_for,
            },
            "deadline": None if self.deadline is None else self.deadline.isoformat(),
            "legal": [entry.to_json() for entry in self.legal],
            "view": self.view,
            "settlement": self.settlement,
            "events": self.events,
        }


def lift_settlement(view: JSON | None) -> tuple[JSON | None, JSON | None]:
    """An engine's view split into the table and its settlement (sent beside it, once)."""
    if view is None:
        return None, None
    table = dict(view)
    return table, table.pop("settlement", None)


def settlement_of(row: TableRound, settled: JSON | None) -> JSON | None:
    """What the round shows as its settlement: the engine's, as projected for the viewer
    (``settled``), once the round is settled; a void round's reason; else nothing."""
    return settled if Phase(row.phase) is Phase.SETTLED else row.settlement


def participant(viewer: Viewer, stakes: tuple[BoxStake, ...]) -> bool:
    return viewer.role is ViewerRole.HOUSE or any(s.player == viewer.player for s in stakes)


def house_calls(row: TableRound, owners: Mapping[int, str], card: str) -> bool:
    """Whether the table's own call (box 0: roulette's "no more bets") is the house's, not
    ``card``'s: at a public table where another player has a box in the round, one player
    does not close the bets for the others; the clock does (issue 13). A player alone in
    the round is everyone: their call closes nothing on anybody else.

    >>> from croupier.store.round_models import TableRound
    >>> public = TableRound(mode="public")
    >>> house_calls(public, {1: "ann", 2: "bob"}, "ann"), house_calls(public, {1: "ann"}, "ann")
    (True, False)
    >>> house_calls(TableRound(mode="personal"), {1: "ann", 2: "bob"}, "ann")
    False
    """
    return row.mode == TableMode.PUBLIC.value and any(p != card for p in owners.values())


def _players_options(
    row: TableRound, owners: Mapping[int, str], viewer: Viewer, legal: tuple[LegalAction, ...]
) -> tuple[LegalAction, ...]:
    """``legal`` without the table's own call where it is the house's for this player."""
    if viewer.role is not ViewerRole.PLAYER or not house_calls(row, owners, viewer.player or ""):
        return legal
    return tuple(a for a in legal if a.box != 0)


def make_view(row: TableRound, rebuilt: Rebuilt, viewer: Viewer) -> RoundView:
    phase = Phase(row.phase)
    closed = phase in (Phase.SETTLED, Phase.VOID)
    turn = rebuilt.turn if phase is Phase.PLAYING else None
    everything: tuple[LegalAction, ...] = ()
    legal = everything
    owners = {s.box: s.player for s in rebuilt.setup.boxes}
    if turn is not None:  # the same options the engine's view lists for this viewer
        everything = open_to(rebuilt.engine, rebuilt.state, viewer, owners)
        legal = _players_options(row, owners, viewer, everything)
    view, settled = lift_settlement(
        None if rebuilt.state is None else rebuilt.engine.project(rebuilt.state, viewer)
    )
    if view is not None and len(legal) < len(everything):
        # The engine's view lists the same options: not the call that is the house's.
        view["legal_actions"] = [a.to_json() for a in legal]
        if not legal:
            del view["legal_actions"]
    revealed = closed and row.seed_revealed and participant(viewer, rebuilt.setup.boxes)
    deadline = None
    if row.mode == TableMode.PUBLIC.value and (
        turn is not None or (phase is Phase.BETTING and rebuilt.setup.boxes)
    ):
        deadline = row.last_event_at + timedelta(seconds=row.decision_seconds)
    return RoundView(
        round_id=row.id,
        table_id=row.table_id,
        number=row.number,
        game=row.game,
        profile=row.profile,
        limits=Limits.from_json(row.limits),
        phase=phase,
        commitment=row.commitment,
        client_seed=row.client_seed,
        nonce=row.nonce,
        shoe_offset=row.shoe_offset,
        stakes=tuple(stake_seen_by(s, viewer) for s in rebuilt.setup.boxes),
        turn=turn,
        deadline=deadline,
        legal=legal,
        view=view,
        settlement=settlement_of(row, settled),
        server_seed=row.server_seed if revealed else None,
        events=rebuilt.events,
    )
