"""The trainer: the advisor's EVs for the box to act, and the setting that allows them.

``GET /api/rounds/{id}/advice?box=N`` answers the box's owner only, only while that
box is to act, only at a table whose "trainer" setting is on (a personal table: its
player's choice, ``PUT /api/tables/{id}/trainer``; a public table: the casino's
setting, off unless opened with it). The advice is the math lab's
(:func:`croupier.math.stud.advise.advise`) on what the owner knows
(:func:`~croupier.math.stud.advise.situation_of`: no hidden card); it is CPU heavy,
so it runs on a thread of its own, never the command thread, one at a time per
player and a few a minute (429 beyond).

The advisor's tables and prices of a profile take seconds to build: they are built
on that thread (:func:`warm`) when a trainer table of the profile is opened or its
trainer turned on, and at start-up for the open trainer tables, so the first advice
waits at most for what is left of them and never builds them itself.
"""

from __future__ import annotations

import asyncio
import math
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, ConfigDict

from croupier.cards.card import format_cards
from croupier.casino.errors import Conflict, Refused
from croupier.games.base import Viewer
from croupier.server.floor import Floor
from croupier.server.security import Player, State
from croupier.server.state import ServerState
from croupier.server.throttle import RateLimit

router = APIRouter(prefix="/api", tags=["trainer"])

ADVICE_PER_MINUTE = 30
RoundId = Annotated[str, Path(min_length=1, max_length=64)]
TableId = Annotated[int, Path(ge=1, le=2**31 - 1)]


class TrainerIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    on: bool


def _parts(state: ServerState) -> tuple[RateLimit, ThreadPoolExecutor]:
    """The advice's rate limit and thread, made with the first request."""
    limit = state.extras.setdefault("advice_limit", RateLimit(ADVICE_PER_MINUTE, 60.0))
    thread = state.extras.setdefault(
        "advice_thread", ThreadPoolExecutor(1, thread_name_prefix="croupier-advice")
    )
    return limit, thread


def warm(state: ServerState, profile_id: str) -> Future[None] | None:
    """Build the advisor's tables and prices of ``profile_id`` on the advice thread
    (once per profile and process; None for a game the advisor does not know)."""
    from croupier.games.stud.profile import StudProfile
    from croupier.profiles import load

    profile = load(profile_id)
    if not isinstance(profile, StudProfile):
        return None
    warming: dict[str, Future[None]] = state.extras.setdefault("advice_warming", {})
    found = warming.get(profile_id)
    if found is None:
        from croupier.math.stud.advise import warm_up

        _limit, thread = _parts(state)
        found = warming[profile_id] = thread.submit(warm_up, profile)
    return found


async def warm_trainer_tables(state: ServerState) -> None:
    """At start-up: the advisor's tables for the profile of every trainer table."""
    tables = await asyncio.to_thread(state.floor.tables.list)
    for profile_id in sorted({t.profile for t in tables if t.trainer}):
        warm(state, profile_id)


def advice_for(floor: Floor, card: str, round_id: str, box: int) -> dict[str, Any]:
    """The advice for ``box`` of ``round_id`` asked by the player holding ``card`` (blocking)."""
    from croupier.games.stud.profile import StudProfile
    from croupier.math.stud.advise import advise, situation_of

    table_id, rebuilt = floor.rounds.engine_state(round_id)
    if not floor.tables.get(table_id).trainer:
        raise Refused("the trainer is off at this table")
    profile = rebuilt.profile
    if not isinstance(profile, StudProfile):
        raise Refused("the advisor knows the stud games only")
    state = rebuilt.state
    owner = next((b.player for b in state.boxes if b.box == box), None) if state else None
    if owner is None and state is not None:
        raise Conflict(f"box {box} is not in this round")
    if state is not None and owner != card:
        raise Refused(f"box {box} is not yours")
    turn = None if state is None else rebuilt.engine.to_act(state)
    if turn is None or turn.box != box:
        raise Conflict(f"box {box} is not to act now")
    options = advise(profile, situation_of(state, box))
    return {
        "round_id": round_id,
        "box": box,
        "options": [
            {
                "action": o.action,
                "cards": format_cards(o.cards).split() if o.cards else [],
                "ev": None if math.isnan(o.ev) else o.ev,
                "exact": o.exact,
                "half_width": o.half_width,
                "note": o.note,
            }
            for o in options
        ],
    }


@router.get("/rounds/{round_id}/advice")
async def advice(
    round_id: RoundId,
    box: Annotated[int, Query(ge=1, le=99)],
    player: Player,
    state: State,
) -> dict[str, Any]:
    """Every option of the box to act with its EV per ANTE (best first; exact, or
    sampled with its 99 % half width), for the box's owner at a trainer table."""
    limit, thread = _parts(state)
    with limit.use(player.card_number, "advice"):
        return await asyncio.get_running_loop().run_in_executor(
            thread, advice_for, state.floor, player.card_number, round_id, box
        )


@router.put("/tables/{table_id}/trainer")
async def set_trainer(
    table_id: TableId, body: TrainerIn, player: Player, state: State
) -> dict[str, Any]:
    """Turn the trainer on or off at one's personal table (a public table's is the casino's)."""
    floor = state.floor
    info = await floor.call(floor.tables.set_trainer, table_id, player.card_number, body.on)
    floor.note_table(info)
    if info.trainer:
        warm(state, info.profile)
    await floor.publish(info.id, "trainer")
    return floor.table_json(info, Viewer.of(player.card_number))
