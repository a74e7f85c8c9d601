"""Counting a blackjack hand, and the 21+3 side bet's three-card combinations.

Ten and pictures count 10, an ace 1 or 11, the others their face value
([004] "Правило подсчёта очков"). A hand is *soft* when an ace counts 11.

>>> from croupier.cards import parse_cards
>>> total(parse_cards("Ah 6d")), total(parse_cards("Ah 6d Kc")), total(parse_cards("As Ad"))
((17, True), (17, False), (12, True))
>>> is_blackjack(parse_cards("Kh As")), twenty_one_plus_three(parse_cards("Qh Kh Ah"))
(True, 'straight_flush')
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards.card import ACE, rank_of, suit_of

BLACKJACK = 21
BONUS_COMBINATIONS = (
    "flush",
    "straight",
    "three_of_a_kind",
    "straight_flush",
    "suited_three_of_a_kind",
)


def points(card: int) -> int:
    """A card's count with an ace as 1 (tens and pictures 10)."""
    rank = rank_of(card)
    if rank == ACE:
        return 1
    return min(rank + 2, 10)


def total(cards: Sequence[int]) -> tuple[int, bool]:
    """The hand's best total and whether it is soft (an ace counted as 11)."""
    hard = sum(points(c) for c in cards)
    if any(rank_of(c) == ACE for c in cards) and hard + 10 <= BLACKJACK:
        return hard + 10, True
    return hard, False


def is_blackjack(cards: Sequence[int]) -> bool:
    """An ace and a ten-value card as the first two cards."""
    return len(cards) == 2 and total(cards)[0] == BLACKJACK


def busted(cards: Sequence[int]) -> bool:
    return total(cards)[0] > BLACKJACK


def describe(cards: Sequence[int], *, natural: bool) -> str:
    value, soft = total(cards)
    if natural:
        return "blackjack"
    if value > BLACKJACK:
        return f"bust {value}"
    return f"soft {value}" if soft and value < BLACKJACK else str(value)


def twenty_one_plus_three(cards: Sequence[int]) -> str | None:
    """The 21+3 combination of a box's first two cards and the dealer's first,
    or None. A-2-3 and Q-K-A are straights; K-A-2 is not."""
    ranks = sorted(rank_of(c) for c in cards)
    flush = len({suit_of(c) for c in cards}) == 1
    trips = len(set(ranks)) == 1
    straight = len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [0, 1, ACE])
    if trips:
        return "suited_three_of_a_kind" if flush else "three_of_a_kind"
    if straight:
        return "straight_flush" if flush else "straight"
    return "flush" if flush else None
