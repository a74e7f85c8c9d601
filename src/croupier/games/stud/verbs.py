"""The verbs of a stud round: each one's payload, why it is refused, what it does.

Verbs that name nothing but their box (``play``, ``fold``, ``stand``...) read
as :class:`~croupier.games.common.verbs.OnBox`; the others have their own
payload. A light box on its turn improves its hand (``exchange``, ``buy_sixth``, then
``discard`` what it owes back, or ``stand``), may ``insure`` it, and ``play`` s
or ``fold`` s; on its turn or right after it played, before the show, it may
``take_half`` or ``buy_game``; after a no-game show it buys a game or
``take_ante``. :class:`~croupier.games.common.verbs.VerbEngine` has already
checked that the box is in the round, is the sender's and that one hand is
named; the refusals here are the rest, worded as before the table of verbs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Self

from croupier.games.base import Action
from croupier.games.codes import UNKNOWN_ACTION, Reason
from croupier.games.common.evolve import evolve
from croupier.games.common.refusals import turn_refusal
from croupier.games.common.verbs import OnBox, Verb
from croupier.games.stud import improve
from croupier.games.stud.flow import advance
from croupier.games.stud.options import (
    extras_open,
    forbidden,
    insurance_range,
    may_buy_before_show,
    may_take_half,
)
from croupier.games.stud.state import BoxState, Phase, Stage, StudState

StudVerb = Literal[
    "exchange",
    "buy_sixth",
    "discard",
    "stand",
    "insure",
    "play",
    "fold",
    "take_half",
    "buy_game",
    "take_ante",
]


@dataclass(frozen=True, slots=True)
class _Cards(OnBox):
    cards: tuple[int, ...]

    @classmethod
    def read(cls, action: Action) -> Self:
        return cls(action.box, action.cards)


@dataclass(frozen=True, slots=True)
class Exchange(_Cards):
    """Give back ``cards`` and draw as many (or the round's fixed number)."""


@dataclass(frozen=True, slots=True)
class Discard(_Cards):
    """Give back the ``cards`` owed after a 6th card."""


@dataclass(frozen=True, slots=True)
class Insure(OnBox):
    amount: int | None  # None is refused with the range open to the box

    @classmethod
    def read(cls, action: Action) -> Self:
        return cls(action.box, action.amount)


# ------------------------------------------------------------ refusals


def _box(state: StudState, move: OnBox) -> BoxState:
    return state.boxes[state.index(move.box)]


def _turn(state: StudState, box: BoxState) -> str | None:
    return turn_refusal(state, box, _idle)


def _idle(box: BoxState) -> str | None:
    if box.dark:
        return Reason(
            "a dark box decides nothing: it is played as staked", "dark_box_decides_nothing"
        )
    if box.stage is Stage.PLAYED:
        return Reason("the box has already placed its BET", "box_already_acted")
    if box.stage is Stage.FOLDED:
        return Reason("the box has folded", "box_folded")
    return None


def _deciding(state: StudState, box: BoxState, owing: bool = False) -> str | None:
    """Why ``box`` cannot decide now, before the show: not its turn, the dealer
    has shown, or it owes cards back (unless the verb is one it may then use)."""
    reason = _turn(state, box)
    if reason is not None:
        return reason
    if state.phase is Phase.AFTER_SHOW:
        return "the dealer has no game: buy a game or take the ANTE"
    if box.stage is Stage.DISCARD and not owing:
        return f"give back {box.must_discard} card(s) first"
    return None


def refuse_unknown(state: StudState, action: Action) -> str:
    return _deciding(state, _box(state, OnBox.read(action))) or Reason(
        f"{action.act!r} is not an action of this game", UNKNOWN_ACTION
    )


def _refuse_exchange(state: StudState, move: Exchange) -> str | None:
    box = _box(state, move)
    return _deciding(state, box) or improve.refuse_exchange(
        state.profile, box, move.cards, forbidden(state, box)
    )


def _refuse_sixth(state: StudState, move: OnBox) -> str | None:
    box = _box(state, move)
    return _deciding(state, box) or improve.refuse_sixth(state.profile, box)


def _refuse_discard(state: StudState, move: Discard) -> str | None:
    box = _box(state, move)
    return _deciding(state, box, owing=True) or improve.refuse_discard(box, move.cards)


def _refuse_stand(state: StudState, move: OnBox) -> str | None:
    box = _box(state, move)
    reason = _deciding(state, box)
    if reason is None and improve.open_round(state.profile, box) is None:
        return Reason("improving is over for this box: play or fold", "exchange_not_now")
    return reason


def _refuse_play(state: StudState, move: OnBox) -> str | None:
    return _deciding(state, _box(state, move))


def _refuse_fold(state: StudState, move: OnBox) -> str | None:
    return _deciding(state, _box(state, move), owing=True)


def _refuse_insure(state: StudState, move: Insure) -> str | None:
    box = _box(state, move)
    reason = _deciding(state, box)
    if reason is not None:
        return reason
    span = insurance_range(state, box)
    spec = state.profile.insurance
    if span is None:
        if spec is None:
            return "this game has no insurance"
        if box.insurance:
            return Reason("the box is already insured", "already_insured")
        return f"insurance needs {spec.min_hand.label} or better"
    if move.amount is None or not span[0] <= move.amount <= span[1]:
        return f"the insurance stake must be from {span[0]} to {span[1]}, not {move.amount}"
    return None


def _refuse_half(state: StudState, move: OnBox) -> str | None:
    """Half is taken on the box's own turn or right after it played: no turn check."""
    box = _box(state, move)
    if may_take_half(state, box):
        return None
    spec = state.profile.take_half
    if spec is None:
        return "this game has no half payout"
    if spec.requires_bonus and not box.bonus:
        return "a half payout is open only to a box carrying the BONUS"
    if box.took_half:
        return "half was already taken"
    if not extras_open(state, box):
        return "too late: half is taken on the box's own turn, before the next box or the show"
    return f"a half payout needs {spec.min_hand.label} or better"


def _refuse_buy_game(state: StudState, move: OnBox) -> str | None:
    """After a no-game show on the box's turn; before the show like half."""
    box = _box(state, move)
    if state.phase is Phase.AFTER_SHOW:
        return _turn(state, box)
    if may_buy_before_show(state, box):
        return None
    buy = state.profile.buy_game
    if buy is None:
        return "this game sells no game from the dealer"
    if buy.when == "after_show":
        return "a game is bought only after the dealer shows no game"
    if box.bought_game:
        return "the box has already bought a game"
    return "too late: a game is bought on the box's own turn, before the show"


def _refuse_take_ante(state: StudState, move: OnBox) -> str | None:
    box = _box(state, move)
    reason = _turn(state, box)
    if reason is not None or state.phase is Phase.AFTER_SHOW:
        return reason
    if box.stage is Stage.DISCARD:
        return f"give back {box.must_discard} card(s) first"
    return "the ANTE is taken only when the dealer shows no game"


# ------------------------------------------------------------ what each verb does


def _exchange(state: StudState, move: Exchange) -> StudState:
    box, deck = improve.exchange(state.profile, _box(state, move), move.cards, state.deck)
    return advance(state, move, box, deck)


def _buy_sixth(state: StudState, move: OnBox) -> StudState:
    box, deck = improve.buy_sixth(state.profile, _box(state, move), state.deck)
    return advance(state, move, box, deck)


def _discard(state: StudState, move: Discard) -> StudState:
    box, deck = improve.discard(state.profile, _box(state, move), move.cards, state.deck)
    return advance(state, move, box, deck)


def _stand(state: StudState, move: OnBox) -> StudState:
    return advance(state, move, evolve(_box(state, move), round=len(state.profile.improve)))


def _insure(state: StudState, move: Insure) -> StudState:
    rounds = len(state.profile.improve)
    return advance(state, move, evolve(_box(state, move), insurance=move.amount, round=rounds))


def _marks(**changes: Any) -> Callable[[StudState, OnBox], StudState]:
    """A verb that only marks the box (played, folded, took half...)."""

    def apply(state: StudState, move: OnBox) -> StudState:
        return advance(state, move, evolve(_box(state, move), **changes))

    return apply


VERBS: dict[StudVerb, Verb[StudState, Any]] = {
    "exchange": Verb(Exchange.read, _refuse_exchange, _exchange),
    "buy_sixth": Verb(OnBox.read, _refuse_sixth, _buy_sixth),
    "discard": Verb(Discard.read, _refuse_discard, _discard),
    "stand": Verb(OnBox.read, _refuse_stand, _stand),
    "insure": Verb(Insure.read, _refuse_insure, _insure),
    "play": Verb(OnBox.read, _refuse_play, _marks(stage=Stage.PLAYED)),
    "fold": Verb(OnBox.read, _refuse_fold, _marks(stage=Stage.FOLDED)),
    "take_half": Verb(OnBox.read, _refuse_half, _marks(took_half=True, stage=Stage.PLAYED)),
    "buy_game": Verb(OnBox.read, _refuse_buy_game, _marks(bought_game=True)),
    "take_ante": Verb(OnBox.read, _refuse_take_ante, _marks(took_ante=True)),
}
