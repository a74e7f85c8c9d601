"""How a stud round moves on: after each decision the next box's turn, then
the dealer's show, the no-game choices and the end.
"""

from __future__ import annotations

from croupier.cards.deck import Deck
from croupier.games.common.evolve import evolve
from croupier.games.common.verbs import OnBox
from croupier.games.stud.payout import DealerShow, dealer_show, with_bought_game
from croupier.games.stud.state import BoxState, Phase, Stage, StudState


def advance(state: StudState, move: OnBox, box: BoxState, deck: Deck | None = None) -> StudState:
    """The round after ``move`` left ``box`` (and the deck) as given: the box's
    turn ends once it played or folded (took the ANTE or bought a game after
    the show), the next box's turn comes, and when no box is left to decide
    the dealer shows."""
    index = state.index(box.box)
    boxes = list(state.boxes)
    boxes[index] = box
    queue = state.queue
    if state.phase is Phase.DECIDING:
        done = box.stage in (Stage.PLAYED, Stage.FOLDED)
    else:
        done = box.took_ante or box.bought_game
    if done and queue and queue[0] == index:
        queue = queue[1:]
        if queue and boxes[queue[0]].stage is Stage.WAITING:  # the next box's turn
            boxes[queue[0]] = evolve(boxes[queue[0]], stage=Stage.DECIDING)
    state = StudState(
        setup=state.setup,
        boxes=tuple(boxes),
        dealer=state.dealer,
        deck=state.deck if deck is None else deck,
        phase=state.phase,
        queue=queue,
        show=state.show,
        extras_closed=state.extras_closed,
        history=(*state.history, move),
    )
    if queue:
        return state
    if state.phase is Phase.DECIDING:
        return show(state)
    assert state.show is not None  # after the show, or a late purchase before it
    return finish(state, state.show)


def show(state: StudState) -> StudState:
    """The dealer shows; a dealer without a game may be bought one, box by box."""
    profile = state.profile
    shown = dealer_show(profile, state.dealer)
    buy = profile.buy_game
    if shown.qualifies or buy is None or buy.when != "after_show":
        return finish(state, shown)
    boxes = list(state.boxes)
    choosers: list[int] = []
    for i, box in enumerate(boxes):
        if not box.in_play or box.took_half:
            continue
        if box.dark:
            bought = "buy_game" in box.prebuy
            boxes[i] = evolve(box, bought_game=bought, took_ante=not bought)
        else:
            choosers.append(i)
    if profile.order.decide == "counter_clockwise":
        choosers.reverse()
    if not choosers:
        return finish(evolve(state, boxes=tuple(boxes)), shown)
    return evolve(
        state,
        boxes=tuple(boxes),
        queue=tuple(choosers),
        phase=Phase.AFTER_SHOW,
        show=shown,
        extras_closed=True,
    )


def finish(state: StudState, shown: DealerShow) -> StudState:
    """Nothing left to decide: draw the bought game's card if anyone bought one."""
    deck = state.deck
    buyers = any(b.bought_game and b.in_play for b in state.boxes)
    if not shown.qualifies and buyers and shown.bought is None:
        drew, deck = deck.deal("dealer")
        shown = with_bought_game(state.profile, shown, state.dealer, drew)
    return evolve(state, phase=Phase.DONE, queue=(), show=shown, deck=deck)
