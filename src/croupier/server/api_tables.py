"""The lobby and the tables over HTTP (play itself goes over the table's WebSocket).

Anyone may look: a visitor without a session sees what a spectator sees.
A player opens a *personal* table for a profile and sits at it at once;
public tables are opened by the casino (the demo tables at start-up).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request

from croupier.casino import NotFound, Profile
from croupier.casino.colour_desk import ColourReceipt
from croupier.casino.scoreboard import shoe_results, wheel_results
from croupier.games.base import Viewer
from croupier.games.common.tiers import LIMIT_TIERS
from croupier.server.api_advice import warm
from croupier.server.floor import Floor
from croupier.server.projection import alias, anonymise
from croupier.server.schemas import (
    ColourBuyIn,
    ColourChipsOut,
    ColourReceiptOut,
    CreateTableIn,
    FairRoundOut,
    KeyIn,
    RoundSeedIn,
)
from croupier.server.security import Player, State, viewer_profile

router = APIRouter(prefix="/api", tags=["tables"])

TableId = Annotated[int, Path(ge=1, le=2**31 - 1)]


def optional_viewer(request: Request) -> Viewer:
    """The viewer a request speaks for: the player, or a spectator without a session."""
    profile: Profile | None = viewer_profile(request)
    return Viewer.spectator() if profile is None else Viewer.of(profile.card_number)


Looker = Annotated[Viewer, Depends(optional_viewer)]


@router.get("/tables")
async def lobby(state: State, viewer: Looker) -> list[dict[str, Any]]:
    """Every open table: game, profile, limits, mode, free boxes, players and watchers."""
    floor = state.floor
    return await floor.read(floor.lobby, viewer)


@router.get("/tables/{table_id}")
async def table(table_id: TableId, state: State, viewer: Looker) -> dict[str, Any]:
    """The table and its round as the asker may see it (the WebSocket's snapshot)."""
    floor = state.floor
    return await floor.read(floor.snapshot, table_id, viewer)


@router.get("/history")
async def history(
    player: Player,
    state: State,
    page: Annotated[int, Query(ge=1, le=10**9)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict[str, Any]:
    """The player's rounds, newest first, a page at a time, with each round's net."""
    floor = state.floor
    found = await floor.look_back(floor.history.page, player.card_number, page, per_page)
    return {
        "rounds": [r.to_json() for r in found.rounds],
        "page": found.page,
        "per_page": found.per_page,
        "total": found.total,
        "pages": found.pages,
    }


def recall_for(floor: Floor, card: str, round_id: str) -> dict[str, Any]:
    """A round replayed and projected for the player holding ``card`` (blocking)."""
    found = floor.history.recall(card, round_id)
    viewer = Viewer.of(card)
    recalled = found.to_json()
    players = {s["payload"]["player"] for s in recalled["steps"] if s["kind"] == "stake"}
    return anonymise(recalled, viewer, players)


@router.get("/history/{round_id}")
async def recall(
    round_id: Annotated[str, Path(min_length=1, max_length=64)], player: Player, state: State
) -> dict[str, Any]:
    """One of the player's last ten rounds step by step, as they saw it, with its seed
    (once closed) for the provably-fair check. A player has one recall at a time and a
    few a minute (429 beyond)."""
    floor = state.floor
    with state.recalls.use(player.card_number, "recall"):
        return await floor.look_back(recall_for, floor, player.card_number, round_id)


@router.post("/tables", status_code=201)
async def create_personal_table(
    body: CreateTableIn, player: Player, state: State
) -> dict[str, Any]:
    """Open a personal table for a profile at one of the casino's limit tiers and sit at
    its first box (a table of yours left empty is reused). Refused, with nothing made, for
    a player who may not play or who already sits at the most personal tables allowed."""
    floor = state.floor
    most = state.config.personal_tables_per_player
    info = await floor.call(
        floor.tables.open_personal, player.card_number, body.profile, body.tier, most
    )
    floor.note_table(info)
    if info.trainer:
        warm(state, info.profile)
    await floor.publish(info.id, "opened")
    return floor.table_json(info, Viewer.of(player.card_number))


@router.post("/tables/{table_id}/round")
async def next_round(
    table_id: TableId, body: RoundSeedIn, player: Player, state: State
) -> FairRoundOut:
    """The round taking stakes at a table where you hold a box, opened if there is none:
    its commitment (SHA-256 of the server seed) before any stake, and with ``client_seed``
    your part of its deck, set before its first stake (a shoe's: before the shoe's first
    round; ``client_seed_closed`` after). The server seed is revealed in the round's recall
    once nothing more is dealt from it."""
    floor = state.floor
    view = await floor.call(floor.rounds.open, table_id, player.card_number, body.client_seed)
    floor.remember(view)
    await floor.publish(table_id, "round", by=alias(player.card_number))
    return FairRoundOut.model_validate(view.to_json())


@router.get("/limit-tiers")
async def limit_tiers() -> list[dict[str, Any]]:
    """The limit tiers a personal table may have (``tier`` in POST /api/tables)."""
    return [{"tier": t.name, "limits": t.limits.to_json()} for t in LIMIT_TIERS]


def colour_out(receipt: ColourReceipt) -> ColourReceiptOut:
    return ColourReceiptOut.model_validate({**receipt.to_json(), "replayed": receipt.replayed})


@router.get("/tables/{table_id}/colour-chips")
async def colour_chips(table_id: TableId, player: Player, state: State) -> ColourChipsOut:
    """Your colour chips at a roulette table (404 when you hold none there)."""
    floor = state.floor
    view = await floor.read(floor.colours.of, table_id, player.card_number)
    if view is None:
        raise NotFound(
            f"table {table_id}: card {player.card_number} holds no colour chips here", "colour_none"
        )
    return ColourChipsOut.model_validate(view.to_json())


@router.post("/tables/{table_id}/colour-chips")
async def buy_colour_chips(
    table_id: TableId, body: ColourBuyIn, player: Player, state: State
) -> ColourReceiptOut:
    """Change cash chips into colour chips of your box at a roulette table where you sit,
    at a value per chip you choose within the table's limits (more of a colour you hold:
    at its value). Bets on that box are then made with them and paid in them. Refused,
    nothing changed, at another game, when you do not sit there, outside the limits, at
    another value than the one you hold, or without the cash chips."""
    floor = state.floor
    key = f"web:{player.card_number}:{body.key}"
    receipt = await floor.call(
        floor.colours.buy, key, table_id, player.card_number, body.value, body.count
    )
    await floor.publish(table_id, "colour_chips", by=alias(player.card_number))
    return colour_out(receipt)


@router.post("/tables/{table_id}/colour-chips/change-back")
async def change_back_colour_chips(
    table_id: TableId, body: KeyIn, player: Player, state: State
) -> ColourReceiptOut:
    """Every colour chip of yours at the table back into cash chips (standing up from
    the box does it too). After a long absence each chip is worth the table minimum."""
    floor = state.floor
    key = f"web:{player.card_number}:{body.key}"
    receipt = await floor.call(floor.colours.change_back, key, table_id, player.card_number)
    await floor.publish(table_id, "colour_chips", by=alias(player.card_number))
    return colour_out(receipt)


@router.get("/tables/{table_id}/shoe")
async def shoe(table_id: TableId, state: State) -> dict[str, Any]:
    """A baccarat table's scoreboards: each settled round of its current shoe, first dealt
    first (who won, the points, a natural, the pairs; nothing secret: no seed, no player)."""
    floor = state.floor
    rounds = await floor.read(shoe_results, floor.casino.store, table_id)
    return {"table_id": table_id, "rounds": [r.to_json() for r in rounds]}


@router.get("/tables/{table_id}/spins")
async def spins(table_id: TableId, state: State) -> dict[str, Any]:
    """A roulette table's board: the numbers of its last settled rounds (at most 100), the
    latest first; the client shows the last twenty and counts hot and cold numbers."""
    floor = state.floor
    numbers = await floor.read(wheel_results, floor.casino.store, table_id)
    return {"table_id": table_id, "numbers": list(numbers)}
