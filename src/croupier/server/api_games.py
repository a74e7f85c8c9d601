"""Profiles and their rules, and the provably-fair check anyone can run.

The rules panel of the client is generated from these answers: every setting
of a profile (pay tables included) as the loaded, checked profile holds it,
so the panel can never disagree with the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from fastapi import APIRouter

from croupier.cards.card import format_card
from croupier.cards.fair import FairSeed, commit
from croupier.casino.errors import BadInput
from croupier.games.common.settings import Settings
from croupier.games.common.stakes import StakeSpec
from croupier.games.registry import GAMES, RuleProfile, spec_for
from croupier.profiles import ProfileError, load, profile_ids
from croupier.server.schemas import ProfileRules, ProfileSummary, VerifyIn, VerifyOut

router = APIRouter(prefix="/api", tags=["games"])

# A profile that does not load (a bad file, or its game's code not there yet).
UNLOADABLE = (ProfileError, ImportError, AttributeError)


def plain(value: Any) -> Any:
    """A profile value as JSON: fractions as "3/2", enums by value, mappings with text keys.

    >>> plain({1: Fraction(3, 2), "x": (1, 2)})
    {'1': '3/2', 'x': [1, 2]}
    """
    if isinstance(value, Settings):
        return {name: plain(v) for name, v in value.published().items()}
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
    return game in GAMES


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
        stakes=_stakes(profile),
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


def _stakes(profile: RuleProfile) -> StakeSpec | None:
    """What a box may stake at this profile's tables (None: bets are actions, as in roulette)."""
    stake_spec = spec_for(profile).stake_spec
    return None if stake_spec is None else stake_spec(profile)
