"""The engine test kit: random setups for every registered game, random legal play
checked against the engine contract, and rounds built from short card strings.

:func:`play_random` is the one place that plays a round at random and checks what
every engine promises (``croupier.games.base.Game``): the round waits for someone
until it is settled, every open action is accepted, the timer's action is always
one of them, an action the rules refuse raises ``IllegalAction`` and changes
nothing, what a box has on the table never goes down, and the settlement stakes
exactly that. Game-specific properties pass an ``each`` check and look at the
trace it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Deck, FairSeed, parse_cards
from croupier.games.base import (
    Action,
    BoxStake,
    IllegalAction,
    LegalAction,
    Limits,
    RoundSetup,
    Settlement,
    Viewer,
)
from croupier.games.registry import GameSpec, spec
from croupier.games.roulette.wheel import expand
from croupier.profiles import load

WIDE = Limits(100, 100_000, 10_000_000)
HOUSE = Viewer.house()
# Every verb of every game, for actions drawn without looking at the menu.
VERBS = ("exchange", "buy_sixth", "discard", "stand", "play", "fold", "take_half", "insure",
         "buy_game", "take_ante", "split", "bet", "check", "hit", "double", "surrender",
         "insurance", "even_money", "no_more_bets", "spin", "draw")  # fmt: skip
ROULETTE_SPOTS = ("red", "black", "dozen:3", "column:1", "straight:17", "split:17-20",
                  "voisins", "neighbours:0", "complete:17")  # fmt: skip
RANDOM_STEPS = 12  # then the timer finishes the round (roulette would bet for ever)
MOST_STEPS = 200


# ---------------------------------------------------------------- setups


def stud_setup(draw: st.DrawFn, profile: Any, limits: Limits) -> tuple[BoxStake, ...]:
    """Up to four boxes of different players, light or dark, with the BONUS
    stakes and dark pre-buys the profile offers."""
    count = draw(st.integers(1, min(4, profile.table.boxes)))
    numbers = sorted(draw(st.permutations(range(1, profile.table.boxes + 1)))[:count])
    boxes = []
    for i, number in enumerate(numbers):
        dark = profile.table.dark_boxes_per_player > 0 and draw(st.booleans())
        ante = draw(st.integers(100, 5000))
        stakes = {"ante": ante}
        bonus = profile.bonus
        if bonus is not None and draw(st.booleans()) and (bonus.on_dark or not dark):
            stakes["bonus"] = bonus.fee(ante) if bonus.kind == "fee" else draw(st.integers(1, 500))
        if bonus is not None and bonus.dealer_bonus and draw(st.booleans()):
            stakes["dealer_bonus"] = draw(st.integers(1, 500))
        prebuy = tuple(x for x in profile.dark_prebuy if dark and draw(st.booleans()))
        player = f"{'d' if dark else 'p'}{i}"
        boxes.append(BoxStake(number, player, stakes, dark, prebuy))
    return tuple(boxes)


def _house_stakes(draw: st.DrawFn, profile: Any, ante: int, dark: bool) -> dict[str, int]:
    stakes = {"ante": ante}
    for bet in profile.side_bets:
        if (bet.on_dark or not dark) and draw(st.booleans()):
            stakes[bet.line] = draw(st.integers(100, 5000))
    if not ante and len(stakes) == 1:
        stakes["ante"] = 100
    return stakes


def house_setup(draw: st.DrawFn, profile: Any, limits: Limits) -> tuple[BoxStake, ...]:
    """Adjacent light boxes with equal antes (every profile allows it), dark boxes
    with pre-set bets, and now and then another player's box of side bets alone."""
    table = profile.table
    boxes: list[BoxStake] = []
    light = draw(st.integers(1, min(2, table.boxes)) if table.dark_boxes_per_player else
                 st.integers(1, table.boxes))  # fmt: skip
    first = draw(st.integers(1, table.boxes - light + 1))
    ante = draw(st.integers(100, 5000))
    for number in range(first, first + light):
        boxes.append(BoxStake(number, "p1", _house_stakes(draw, profile, ante, False)))
    free = [n for n in range(1, table.boxes + 1) if not first <= n < first + light]
    for number in free[: draw(st.integers(0, table.dark_boxes_per_player))]:
        preset = tuple(x for x in profile.dark_preset if draw(st.booleans()))
        stakes = _house_stakes(draw, profile, draw(st.integers(100, 5000)), True)
        boxes.append(BoxStake(number, "p1", stakes, True, preset))
    if table.light_boxes_per_player > 1 and free and draw(st.booleans()):  # another player
        number = free[-1]
        if all(b.box != number for b in boxes):
            boxes.append(BoxStake(number, "p2", _house_stakes(draw, profile, 0, False)))
    return tuple(boxes)


def blackjack_setup(draw: st.DrawFn, profile: Any, limits: Limits) -> tuple[BoxStake, ...]:
    boxes = []
    for i in range(draw(st.integers(1, profile.table.boxes))):
        stakes = {"stake": draw(st.integers(limits.min_stake, limits.max_stake))}
        if draw(st.booleans()):
            stakes["twenty_one_plus_three"] = limits.min_stake
        boxes.append(BoxStake(i + 1, f"p{i % 2}", stakes))
    return tuple(boxes)


def baccarat_setup(draw: st.DrawFn, profile: Any, limits: Limits) -> tuple[BoxStake, ...]:
    amount = st.integers(limits.min_stake, limits.max_stake)
    lines = st.fixed_dictionaries({}, optional=dict.fromkeys(("player", "banker", "tie"), amount))
    count = draw(st.integers(1, profile.table.boxes))
    return tuple(BoxStake(i + 1, f"p{i}", draw(lines.filter(bool))) for i in range(count))


def roulette_setup(draw: st.DrawFn, profile: Any, limits: Limits) -> tuple[BoxStake, ...]:
    count = draw(st.integers(1, profile.colours))
    chip = st.sampled_from((limits.min_stake, 2 * limits.min_stake))
    return tuple(BoxStake(i + 1, f"p{i}", {"chip": draw(chip)}) for i in range(count))


Setup = Callable[[st.DrawFn, Any, Limits], tuple[BoxStake, ...]]
SETUPS: dict[str, Setup] = {
    "stud": stud_setup,
    "blackjack": blackjack_setup,
    "baccarat": baccarat_setup,
    "roulette": roulette_setup,
    **dict.fromkeys(("holdem", "holdem_bonus", "three_card"), house_setup),
}


Test = TypeVar("Test", bound=Callable[..., None])


def random_rounds(profiles: Sequence[str], examples: int) -> Callable[[Test], Test]:
    """A property over random rounds of each of ``profiles``: the test takes the
    ``profile_id``, hypothesis's ``data`` and a deck ``seed``."""

    def wrap(test: Test) -> Test:
        test = given(data=st.data(), seed=st.binary(min_size=32, max_size=32))(test)
        test = settings(max_examples=examples, deadline=None)(test)
        marked: Test = pytest.mark.parametrize("profile_id", profiles)(test)
        return marked

    return wrap


@st.composite
def setups(draw: st.DrawFn, profile_id: str) -> RoundSetup[Any]:
    """A setup the rules accept, for any shipped profile, at a random maximum payout."""
    profile = load(profile_id)
    limits = Limits(100, 5000, draw(st.sampled_from([3_000, 50_000, 10**7])))
    return RoundSetup(profile, limits, SETUPS[profile.game](draw, profile, limits))


# ---------------------------------------------------------------- random play


def _own_cards(game: GameSpec[Any, Any], state: Any, box: int) -> tuple[int, ...]:
    for item in game.engine.project(state, HOUSE).get("boxes", []):
        if item.get("box") == box:
            return parse_cards(" ".join(item.get("cards", [])))
    return ()


def complete(draw: st.DrawFn, game: GameSpec[Any, Any], state: Any, la: LegalAction) -> Action:
    """An open action made whole: the cards, amount or spot it takes, at random."""
    if la.cards:
        count = draw(st.sampled_from(la.cards))
        cards = draw(st.permutations(_own_cards(game, state, la.box)))[:count]
        return Action(la.act, la.box, la.hand, cards=tuple(cards))
    if "roulette" in game.games and la.act == "bet":  # whole chips on every position it covers
        spot = draw(st.sampled_from(ROULETTE_SPOTS))
        assert la.min_amount is not None
        chips = sum(n for _, n in expand(spot)) * draw(st.integers(1, 3))
        return Action(la.act, la.box, amount=chips * la.min_amount, spot=spot)
    if la.min_amount is not None:
        top = la.max_amount if la.max_amount is not None else 10 * la.min_amount
        return Action(la.act, la.box, la.hand, amount=draw(st.integers(la.min_amount, top)))
    return Action(la.act, la.box, la.hand)


def _snapshot(game: GameSpec[Any, Any], state: Any) -> tuple[Any, ...]:
    engine = game.engine
    return (engine.project(state, HOUSE), dict(engine.staked(state)),
            engine.legal_actions(state), engine.settlement(state))  # fmt: skip


def refused_changes_nothing(draw: st.DrawFn, game: GameSpec[Any, Any], state: Any) -> None:
    """An action drawn without the menu: accepted only when open, else refused
    with an IllegalAction that leaves the state as it was."""
    boxes = sorted(game.engine.staked(state)) or [1]
    wild = Action(
        draw(st.sampled_from(VERBS)),
        box=draw(st.sampled_from([0, *boxes])),
        hand=draw(st.integers(0, 2)),
        amount=draw(st.none() | st.integers(0, 20_000)),
    )
    if game.engine.can(state, wild):
        return
    before = _snapshot(game, state)
    with pytest.raises(IllegalAction):
        game.engine.apply(state, wild)
    assert _snapshot(game, state) == before


@dataclass
class Trace:
    """A random round: its setup, every state in order, the actions between them."""

    setup: RoundSetup[Any]
    states: list[Any]
    actions: list[Action]

    @property
    def last(self) -> Any:
        return self.states[-1]


def play_random(
    data: st.DataObject,
    setup: RoundSetup[Any],
    seed: bytes,
    each: Callable[[Any], None] = lambda state: None,
    *,
    timer_only: bool = False,
) -> tuple[Trace, Settlement]:
    """Deal ``setup`` from ``seed`` and play random open actions (the timer's after
    :data:`RANDOM_STEPS`, or from the start with ``timer_only``), checking the
    engine contract at every step and ``each`` on every state."""
    game = spec(setup.profile.game)
    engine = game.engine
    state = engine.start(setup, game.round_deck(setup.profile, FairSeed(seed)))
    trace = Trace(setup, [state], [])
    while (turn := engine.to_act(state)) is not None:
        each(state)
        assert engine.settlement(state) is None, f"settled while waiting for {turn}"
        legal = engine.legal_actions(state)
        timer = engine.default_action(state)
        assert legal and timer is not None and engine.can(state, timer), (turn, legal, timer)
        refused_changes_nothing(data.draw, game, state)
        if timer_only or len(trace.actions) >= RANDOM_STEPS:
            action = timer
        else:
            action = complete(data.draw, game, state, data.draw(st.sampled_from(legal)))
            assert engine.can(state, action), f"an open action refused: {action}"
        after = engine.apply(state, action)
        was, now = engine.staked(state), engine.staked(after)
        assert was.keys() == now.keys() and all(now[n] >= was[n] for n in was), (was, now)
        state = after
        trace.states.append(state)
        trace.actions.append(action)
        assert len(trace.actions) < MOST_STEPS
    each(state)
    refused_changes_nothing(data.draw, game, state)
    assert engine.legal_actions(state) == () and engine.default_action(state) is None
    result = engine.settlement(state)
    assert result is not None
    assert dict(engine.staked(state)) == {b.box: b.staked for b in result.boxes}
    assert {b.box for b in result.boxes} == {b.box for b in setup.boxes}
    assert all(x.staked >= 0 and x.returned >= 0 for b in result.boxes for x in b.lines)
    assert result.house_result == result.staked - result.returned
    return trace, result


# ---------------------------------------------------------------- rounds from card strings


def start(
    game: str,
    profile: str,
    boxes: Sequence[BoxStake] | BoxStake,
    queues: dict[str, str],
    stock: str = "",
    limits: Limits = WIDE,
) -> Any:
    """A round of ``profile`` dealt from scripted cards: ``queues`` maps a deck queue
    (``box:1``, ``dealer``, ``board``) to its cards, ``stock`` is drawn from after them."""
    stakes = (boxes,) if isinstance(boxes, BoxStake) else tuple(boxes)
    deck = Deck.scripted({k: parse_cards(v) for k, v in queues.items()}, parse_cards(stock))
    return spec(game).engine.start(RoundSetup(load(profile), limits, stakes), deck)


def box_queues(hands: dict[int, str], dealer: str, **more: str) -> dict[str, str]:
    return {**{f"box:{n}": cards for n, cards in hands.items()}, "dealer": dealer, **more}


def settle(game: str, state: Any) -> Settlement:
    engine = spec(game).engine
    result = engine.settlement(state)
    assert result is not None, f"round not over: waiting for {engine.to_act(state)}"
    return result
