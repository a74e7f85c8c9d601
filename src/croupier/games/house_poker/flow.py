"""How a house-poker round moves on: street by street, then the show."""

from __future__ import annotations

from croupier.games.common.antes import antes
from croupier.games.common.evolve import evolve
from croupier.games.common.verbs import OnBox
from croupier.games.house_poker.profile import Street
from croupier.games.house_poker.state import BoxState, HouseState


def street_stake(street: Street, box: BoxState) -> int:
    """What staking on ``street`` costs ``box``: the street's multiple of its ANTE."""
    return antes(street.antes, box.ante)


def decided(street: Street, box: BoxState, staked: bool) -> BoxState:
    if staked:
        streets = (*box.streets, (street.line, street_stake(street, box)))
        return evolve(box, streets=streets, decided=box.decided + 1)
    folded = street.decision == "play_or_fold"
    return evolve(box, decided=box.decided + 1, folded=folded)


def decide(state: HouseState, move: OnBox, staked: bool) -> HouseState:
    """The round after the box whose turn it is staked on this street or not."""
    index = state.queue[0]
    box = decided(state.profile.streets[state.street], state.boxes[index], staked)
    boxes = list(state.boxes)
    boxes[index] = box
    queue = state.queue[1:]
    state = evolve(state, boxes=tuple(boxes), queue=queue, history=(*state.history, move))
    if queue:
        return show_cards_to(state, queue[0])
    return open_street(evolve(state, street=state.street + 1))


def open_street(state: HouseState) -> HouseState:
    """Turn the street's board cards, let dark boxes stake as set, and queue
    the light boxes; move on while nobody is left to ask."""
    streets = state.profile.streets
    while state.street < len(streets):
        if not any(b.in_play for b in state.boxes):
            break
        street = streets[state.street]
        cards, deck = state.deck.deal_many("board", street.board_before)
        boxes = list(state.boxes)
        for i, box in enumerate(boxes):
            if box.in_play and box.dark:
                staked = street.decision == "play_or_fold" or street.line in box.preset
                boxes[i] = decided(street, box, staked)
        queue = tuple(i for i, b in enumerate(boxes) if b.in_play and not b.dark)
        state = evolve(state, boxes=tuple(boxes), board=state.board + cards, deck=deck, queue=queue)
        if queue:
            return show_cards_to(state, queue[0])
        state = evolve(state, street=state.street + 1)
    return show(state)


def show_cards_to(state: HouseState, index: int) -> HouseState:
    boxes = list(state.boxes)
    boxes[index] = evolve(boxes[index], seen=True)
    return evolve(state, boxes=tuple(boxes))


def show(state: HouseState) -> HouseState:
    """Every street decided: turn the rest of the board (if anyone still
    plays against it) and the dealer shows."""
    deck, board = state.deck, state.board
    if any(b.in_play for b in state.boxes):
        more, deck = deck.deal_many("board", state.profile.board_cards - len(board))
        board += more
    return evolve(state, board=board, deck=deck, queue=(), done=True)
