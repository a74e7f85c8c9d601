"""Rounds as data: a round's state is the replay of its stored events from its seed.

Nothing about a running round is stored but its record (``TableRound``: game,
profile, limits, seed) and its ordered events (stakes, the deal, decisions).
This module turns them back into the engine's state (:func:`rebuild`), reads
intents in the round-script shapes through the game's script codec (one
parser for scripts, the terminal and the server). What an intent puts on the
table is the engine's to say (``Game.staked``), never priced here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session

from croupier.cards.card import parse_card
from croupier.cards.deck import Deck
from croupier.cards.fair import FairSeed
from croupier.casino.errors import BadInput
from croupier.casino.tables import load_profile
from croupier.games.base import (
    Action,
    BoxStake,
    Game,
    LegalAction,
    Limits,
    RoundSetup,
    RuleError,
    Settlement,
    Turn,
)
from croupier.games.codec import ScriptError
from croupier.games.common.stakes import box_from_json
from croupier.games.registry import GameSpec, RuleProfile, UnknownGame, spec, spec_for
from croupier.store.hot import Hot
from croupier.store.models import table_of
from croupier.store.round_models import EventKind, RoundEvent, TableRound


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """A round's engine state, replayed from its stored events."""

    engine: Game[Any, Any]
    profile: RuleProfile
    setup: RoundSetup[Any]
    state: Any  # None while betting
    events: int
    # Decisions taken so far per box (box 0: a player's decision for no one box), for the cap.
    actions: Mapping[int, int] = field(default_factory=dict)

    @property
    def settlement(self) -> Settlement | None:
        return None if self.state is None else self.engine.settlement(self.state)

    @property
    def turn(self) -> Turn | None:
        return None if self.state is None else self.engine.to_act(self.state)

    def acted(self, action: Action, state: Any, events: int) -> Rebuilt:
        """This round after ``action`` (already applied: ``state``), ``events`` stored."""
        actions = dict(self.actions)
        actions[action.box] = actions.get(action.box, 0) + 1
        return Rebuilt(self.engine, self.profile, self.setup, state, events, actions)


def _spec(game: str) -> GameSpec[Any, Any]:
    try:
        return spec(game)
    except UnknownGame:
        raise BadInput(f"no engine plays {game!r}") from None


def seed_of(row: TableRound) -> FairSeed:
    return FairSeed(bytes.fromhex(row.server_seed), row.client_seed, row.nonce)


def parse_stake(game: str, box: int, card: str, stake: Mapping[str, Any]) -> BoxStake:
    """A box's stakes as the wire carries them: the one stake form of every game
    (``{"stakes": {"ante": 1000}, "dark": true, "prebuy": ["sixth"]}``, lines staked 0
    left out) or the game's round-script box form (``{"ante": 1000}``)."""
    if not isinstance(stake, Mapping):
        raise BadInput(f"stake for box {box} must be an object like {{'ante': 1000}}")
    if "box" in stake or "player" in stake:
        raise BadInput(f"stake for box {box}: the box and player come from the seat, not the stake")
    where = f"box {box} stake"
    try:
        if "stakes" in stake:
            new = box_from_json({**stake, "box": box, "player": card}, where)
            return replace(new, stakes={line: n for line, n in new.stakes.items() if n})
        return _spec(game).script.read_box({**stake, "box": box, "player": card}, where)
    except (ScriptError, RuleError) as error:
        raise BadInput(str(error)) from None


def parse_action(game: str, action: Mapping[str, Any]) -> Action:
    """An action from ``game`` 's round-script action format (``{"box": 1, "act": "play"}``)."""
    if not isinstance(action, Mapping):
        raise BadInput(f"action must be an object like {{'box': 1, 'act': 'play'}}, got {action!r}")
    try:
        return _spec(game).script.read_action(action, "action")
    except ScriptError as error:
        raise BadInput(str(error)) from None


# The one decision that names a spot on a layout: a roulette bet.
SPOT_ACTS = frozenset({"bet"})


def unasked_fields(menu: Sequence[LegalAction], action: Action) -> list[str]:
    """Fields a player's ``action`` carries that its verb does not take, by the menu.

    Every accepted decision is stored for good and shown in every participant's recall:
    a ``spot`` of 12k characters on a stud ``play`` must be refused, not kept. A verb
    takes ``cards`` when the menu asks for cards, ``amount`` when the player sizes it,
    ``hand`` when it is offered for a hand, ``spot`` only as a roulette bet; ``player``
    never comes from a player (the seat says whose box it is). A verb not on the menu
    is the engine's to refuse.

    >>> menu = (LegalAction("play", 1), LegalAction("insure", 1, price=None, min_amount=50))
    >>> unasked_fields(menu, Action("play", box=1, amount=999, spot="x"))
    ['amount', 'spot']
    >>> unasked_fields(menu, Action("insure", box=1, amount=60))
    []
    """
    offered = [e for e in menu if e.act == action.act and e.box == action.box]
    found = []
    if action.player is not None:
        found.append("player")
    if not offered:
        return found
    sized = any(
        e.min_amount is not None or e.max_amount is not None or e.price is None for e in offered
    )
    checks = (
        ("hand", action.hand != 0, any(e.hand for e in offered)),
        ("cards", bool(action.cards), any(e.cards for e in offered)),
        ("amount", action.amount is not None, sized),
        ("spot", action.spot is not None, action.act in SPOT_ACTS),
    )
    found += [name for name, given, taken in checks if given and not taken]
    return found


def start_deck(row: TableRound, profile: RuleProfile) -> Deck:
    """The deck a round is dealt from: its own seed's, or the rest of the table's shoe
    (the shoe's seed, ``shoe_offset`` cards in), exactly as the previous round left it."""
    game = spec_for(profile)
    rules = game.shoe(profile)
    if not row.shoe_offset or rules is None:
        return game.round_deck(profile, seed_of(row))
    _, deck = rules.fresh(seed_of(row)).deal_many("shoe", row.shoe_offset)
    return deck


def shoe_left(profile: RuleProfile, state: Any) -> Deck | None:
    """The shoe a finished round leaves for the next one, or None when the next
    round needs a fresh deck (no shoe in this game, or the cut card came out)."""
    rules = spec_for(profile).shoe(profile)
    deck = getattr(state, "deck", None)
    if rules is None or not isinstance(deck, Deck) or deck.is_scripted:
        return None
    return None if rules.cut_card_out(deck) else deck


def shoe_dealt(profile: RuleProfile, left: Deck) -> int:
    """How many cards of the table's shoe are out when ``left`` remains of it."""
    rules = spec_for(profile).shoe(profile)
    assert rules is not None, "only a game with a shoe leaves one"
    return rules.decks * 52 - left.remaining()


_ROUNDS = table_of(TableRound)
_REVEAL = Hot(
    update(_ROUNDS)
    .where(
        _ROUNDS.c.table_id == bindparam("of_table"),
        _ROUNDS.c.commitment == bindparam("of_seed"),
    )
    .values(seed_revealed=True)
)


def reveal_seed(session: Session, table_id: int, commitment: str) -> None:
    """Show the seed of every round dealt from it (a shoe deals several)."""
    _REVEAL.rows(session, {"of_table": table_id, "of_seed": commitment})


def replay(
    row: TableRound, events: Sequence[RoundEvent], *, traced: bool = False
) -> Iterator[Rebuilt]:
    """The round before any event, then after each of ``events`` in turn, in one pass.

    Stakes come before the deal, so the setup each step shows holds the stakes
    stored so far; after the deal each decision is applied once. (A recall that
    rebuilt every step from the start cost the square of the steps: 26 s for a
    roulette round of 600 bets.) ``traced``: the deck notes every card it deals
    (:meth:`~croupier.cards.deck.Deck.traced`), for the provably-fair check.
    """
    profile = load_profile(row.profile)
    engine = spec_for(profile).engine
    done = Rebuilt(engine, profile, RoundSetup(profile, Limits.from_json(row.limits), ()), None, 0)
    yield done
    yield from _steps(row, done, events, traced)


def _steps(
    row: TableRound, done: Rebuilt, events: Sequence[RoundEvent], traced: bool = False
) -> Iterator[Rebuilt]:
    """``done`` after each of ``events`` in turn: the round's events from ``done.events`` on."""
    engine, profile = done.engine, done.profile
    for count, event in enumerate(events, done.events + 1):
        if event.kind == EventKind.STAKE.value:
            stake = box_from_json(event.payload, "stake event")
            setup = RoundSetup(profile, done.setup.limits, (*done.setup.boxes, stake))
            done = replace(done, setup=setup, events=count)
        elif event.kind == EventKind.DEAL.value:
            deck = start_deck(row, profile)
            if traced:
                deck = deck.traced(row.shoe_offset)
            done = replace(done, state=engine.start(done.setup, deck), events=count)
        elif event.kind == EventKind.ACTION.value:
            action = action_from_json(event.payload)
            done = done.acted(action, engine.apply(done.state, action), count)
        else:
            done = replace(done, events=count)
        yield done


def rebuild(row: TableRound, events: Sequence[RoundEvent]) -> Rebuilt:
    """Replay a round's events from its seed (the one way its state is ever made)."""
    return deque(replay(row, events), maxlen=1)[0]


def advance(row: TableRound, done: Rebuilt, events: Sequence[RoundEvent]) -> Rebuilt:
    """A rebuilt round carried on through its next ``events`` (those from ``done.events``
    on): the same state a replay from the seed makes, without replaying what ``done``
    holds already (another process's decision, seen here, costs one event's step)."""
    return deque(_steps(row, done, events), maxlen=1)[0] if events else done


def action_from_json(data: Mapping[str, Any]) -> Action:
    return Action(
        act=str(data["act"]),
        box=int(data.get("box", 0)),
        hand=int(data.get("hand", 0)),
        cards=tuple(parse_card(c) for c in data.get("cards", ())),
        amount=data.get("amount"),
        spot=data.get("spot"),
        player=data.get("player"),
    )


def events_of(session: Session, round_id: str) -> list[RoundEvent]:
    return list(
        session.scalars(
            select(RoundEvent).where(RoundEvent.round_id == round_id).order_by(RoundEvent.seq)
        )
    )


def check_round(round_id: object) -> str:
    if not isinstance(round_id, str) or not round_id or len(round_id) > 64:
        raise BadInput(f"round id must be 1-64 characters, got {round_id!r}")
    return round_id
