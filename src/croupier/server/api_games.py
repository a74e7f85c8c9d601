"""Profiles and their rules, and the provably-fair check anyone can run.

The rules panel of the client is generated from these answers: every setting
of a profile (pay tables included) as the loaded, checked profile holds it,
so the panel can never disagree with the engine.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from fastapi import APIRouter

from croupier.cards.card import format_card
from croupier.cards.fair import FairSeed, commit
from croupier.casino.errors import BadInput
from croupier.games.baccarat.stakes import stake_spec as baccarat_stakes
from croupier.games.blackjack.stakes import stake_spec as blackjack_stakes
from croupier.games.common.stakes import StakeSpec
from croupier.games.house_poker.profile import GAMES as HOUSE_GAMES
from croupier.games.house_poker.stakes import stake_spec as house_stakes
from croupier.games.script import ADAPTERS
from croupier.games.stud.stakes import stake_spec as stud_stakes
from croupier.profiles import ProfileError, load, profile_ids
from croupier.server.schemas import ProfileRules, ProfileSummary, VerifyIn, VerifyOut

router = APIRouter(prefix="/api", tags=["games"])

# A profile that does not load (a bad file, or its game's code not there yet).
UNLOADABLE = (ProfileError, ImportError, AttributeError)


# Each game's stakes by its profile. Until games/registry.py carries them (issue 11):
# roulette has none before the deal but its chip value, and bets as actions.
STAKE_SPECS: dict[str, Callable[[Any], StakeSpec]] = {
    "stud": stud_stakes,
    **dict.fromkeys(HOUSE_GAMES, house_stakes),
    "blackjack": blackjack_stakes,
    "baccarat": baccarat_stakes,
}


def plain(value: Any) -> Any:
    """A profile value as JSON: fractions as "3/2", enums by value, mappings with text keys.

    >>> plain({1: Fraction(3, 2), "x": (1, 2)})
    {'1': '3/2', 'x': [1, 2]}
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Fraction | Decimal):
        return str(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def playable(game: str) -> bool:
    return game in ADAPTERS


def summaries() -> list[ProfileSummary]:
    found: list[ProfileSummary] = []
    for pid in profile_ids():
        try:
            profile = load(pid)
        except UNLOADABLE as error:
            found.append(
                ProfileSummary(
                    id=pid, name=pid, game="?", source="", playable=False, error=str(error)
                )
            )
            continue
        found.append(
            ProfileSummary(
                id=profile.id,
                name=profile.name,
                game=profile.game,
                source=profile.source,
                playable=playable(profile.game),
            )
        )
    return found


@router.get("/profiles")
def list_profiles() -> list[ProfileSummary]:
    """Every shipped rule profile (one that cannot load is listed with its error)."""
    return summaries()


@router.get("/profiles/{profile_id}")
def profile_rules(profile_id: str) -> ProfileRules:
    """Every setting of one profile, pay tables included, as the engine reads them,
    and the stakes a box may put up (``stakes``: what the betting controls offer)."""
    if profile_id not in profile_ids():
        raise ProfileError(f"no profile {profile_id!r}")
    profile = load(profile_id)
    settings = plain(profile)
    for key in ("id", "name", "game", "source"):
        settings.pop(key, None)
    return ProfileRules(
        id=profile.id,
        name=profile.name,
        game=profile.game,
        source=profile.source,
        settings=settings,
        stakes=STAKE_SPECS[profile.game](profile) if profile.game in STAKE_SPECS else None,
    )


@router.post("/fair/verify")
def verify_deck(body: VerifyIn) -> VerifyOut:
    """Check a revealed server seed against the commitment shown before the round,
    and list the 52-card deck it deals (a shoe game's order is in the round's recall)."""
    try:
        seed = FairSeed(bytes.fromhex(body.server_seed), body.client_seed, body.nonce)
    except ValueError as error:
        raise BadInput(f"server_seed: {error}") from None
    matches = commit(seed.server_seed) == body.commitment
    deck = [format_card(c) for c in seed.shuffle(range(52))]
    return VerifyOut(ok=matches, commitment_matches=matches, deck=deck)
