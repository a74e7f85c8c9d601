"""What a viewer sees of a round: the engine's projection plus the round's own facts.

The house sees everything; a player sees the stakes on the layout, the own dark
boxes' pre-buys and the actions open to the own boxes; a spectator sees what is
public. The seed shows only once nothing more is dealt from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from croupier.casino.replay import Rebuilt
from croupier.games.base import JSON, BoxStake, LegalAction, Limits, Turn, Viewer, ViewerRole
from croupier.games.common.stakes import box_to_json
from croupier.store.round_models import Phase, TableMode, TableRound


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round as one viewer may see it, after any command.

    ``view`` is the engine's projection for the viewer (None while betting);
    ``legal`` the actions open to the viewer's boxes now (all of them for the
    house); ``server_seed`` is None until the round is closed.
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


def _visible_stakes(stakes: Sequence[BoxStake], viewer: Viewer) -> tuple[BoxStake, ...]:
    # Stakes on the layout are public; a dark box's pre-buys are the owner's business.
    if viewer.role is ViewerRole.HOUSE:
        return tuple(stakes)
    return tuple(
        s if s.player == viewer.player else BoxStake(s.box, s.player, s.stakes, s.dark, ())
        for s in stakes
    )


def make_view(row: TableRound, rebuilt: Rebuilt, viewer: Viewer) -> RoundView:
    phase = Phase(row.phase)
    closed = phase in (Phase.SETTLED, Phase.VOID)
    turn = rebuilt.turn if phase is Phase.PLAYING else None
    legal: tuple[LegalAction, ...] = ()
    if turn is not None:
        everything = rebuilt.engine.legal_actions(rebuilt.state)
        if viewer.role is ViewerRole.HOUSE:
            legal = everything
        else:
            own = {s.box for s in rebuilt.setup.boxes if s.player == viewer.player}
            legal = tuple(la for la in everything if la.box in own or (la.box == 0 and own))
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
        stakes=_visible_stakes(rebuilt.setup.boxes, viewer),
        turn=turn,
        deadline=deadline,
        legal=legal,
        view=None if rebuilt.state is None else rebuilt.engine.project(rebuilt.state, viewer),
        settlement=row.settlement,
        server_seed=row.server_seed if closed and row.seed_revealed else None,
        events=rebuilt.events,
    )
