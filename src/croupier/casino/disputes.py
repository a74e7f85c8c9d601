"""Disputes go to the manager, whose decision is final, and is logged ([004] §3).

Only a manager may void or settle a disputed round, and only with a reason;
each such decision is a row of ``staff_actions`` (who, when, why), written
before any chip moves.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from croupier.casino.errors import BadInput, Refused
from croupier.casino.players import find_person
from croupier.store.db import Store
from croupier.store.models import Person, Role
from croupier.store.round_models import StaffAction

MAX_REASON = 500


def check_manager(store: Store, card_number: str, reason: object, doing: str) -> Person:
    """The manager holding ``card_number``; refused for anyone else or without a reason."""
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
        raise BadInput(f"{doing}: give the reason (1-{MAX_REASON} characters)")
    with store.read() as session:
        person = find_person(session, card_number)
    if person.role != Role.MANAGER.value:
        raise Refused(f"{doing} refused: card {person.card_number} is not a manager")
    return person


def log_staff_action(
    session: Session, round_id: str, person: Person, action: str, reason: str, at: datetime
) -> None:
    session.add(
        StaffAction(round_id=round_id, person_id=person.id, action=action, reason=reason, at=at)
    )
