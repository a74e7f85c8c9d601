"""What the cards make: a box's and the dealer's final hands, whether the
dealer qualifies, and what a side bet pays. Pure functions of the cards.

>>> from croupier.cards import parse_cards
>>> from croupier.profiles import load
>>> p = load("texas-holdem")
>>> board = parse_cards("4h 9c Jd 2s 7h")
>>> dealer = final_hand(p, parse_cards("4c Kd"), board)
>>> dealer.describe(), qualifies(p, dealer)
('pair of fours, king-jack-nine', True)
>>> qualifies(p, final_hand(p, parse_cards("3c 3d"), board))
False
>>> side_bet_pays(p, p.side_bets[0], parse_cards("Ah Ac"), parse_cards("Ks 8d 2h"), ())
7
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards.card import RANKS
from croupier.games.house_poker.profile import HandFloor, HouseProfile, SideBet
from croupier.poker.hand import HandRank, best_of, rank5
from croupier.poker.three import THREE_CARD_ORDER, THREE_SHIFT, rank3
from croupier.poker.values import pack


def final_hand(profile: HouseProfile, own: Sequence[int], board: Sequence[int]) -> HandRank:
    """The hand a box or the dealer is settled on: three-card poker's three
    cards, or the best five of own cards and the board."""
    if profile.ranking == "three_card":
        return rank3(own)
    return best_of((*own, *board))


def floor_value(ranking: str, floor: HandFloor) -> int:
    """The least hand value that is ``floor`` or better: the floor's class with
    its top card's digit and nothing below (values are class, then rank digits
    from the top, :mod:`croupier.poker.values`), so one integer comparison
    decides, in the engine and in the batch analysis alike.

    >>> from croupier.cards import parse_cards
    >>> from croupier.poker.three import rank3
    >>> from croupier.poker.values import Category
    >>> queen_high = floor_value("three_card", HandFloor(category=Category.HIGH_CARD, rank=10))
    >>> rank3(parse_cards("Qd 3c 2h")).value >= queen_high > rank3(parse_cards("Jd Tc 8h")).value
    True
    """
    if ranking == "three_card":
        return (THREE_CARD_ORDER.index(floor.category) << THREE_SHIFT) | ((floor.rank + 1) << 8)
    return pack(floor.category, (floor.rank, -1, -1, -1, -1))


def reaches(ranking: str, hand: HandRank, floor: HandFloor) -> bool:
    """Whether ``hand`` is ``floor`` or better (a higher class, or the same
    class with a top card at least the floor's rank)."""
    return hand.value >= floor_value(ranking, floor)


def qualifies(profile: HouseProfile, dealer: HandRank) -> bool:
    """Whether the dealer "has a game"; always, where the profile sets no floor."""
    floor = profile.dealer_floor
    return floor is None or reaches(profile.ranking, dealer, floor)


def starting_hand(cards: Sequence[int]) -> str:
    """Two hole cards as a poker player names them: ``AKs``, ``AKo``, ``TT``.

    >>> from croupier.cards import parse_cards
    >>> starting_hand(parse_cards("Kd Ad")), starting_hand(parse_cards("7c 7h"))
    ('AKs', '77')
    """
    a, b = sorted(cards, reverse=True)
    name = RANKS[a >> 2] + RANKS[b >> 2]
    if a >> 2 == b >> 2:
        return name
    return name + ("s" if a & 3 == b & 3 else "o")


def hole_cards_pays(bet: SideBet, mine: str, theirs: str) -> int:
    """What a bet on the hole cards pays for the box's starting hand ``mine``
    against the dealer's ``theirs`` (``AKs``, ``TT``...): the best line that matches."""
    return max(
        (h.pays for h in bet.hands if mine in h.box and (not h.dealer or theirs in h.dealer)),
        default=0,
    )


def side_bet_pays(
    profile: HouseProfile,
    bet: SideBet,
    own: Sequence[int],
    board: Sequence[int],
    dealer: Sequence[int],
) -> int:
    """The coefficient a side bet pays (0: lost). The best matching line of
    the table pays, so A-A with dealer A-A takes the top prize, not A-A's."""
    if bet.cards == "hole_cards":
        return hole_cards_pays(bet, starting_hand(own[:2]), starting_hand(dealer[:2]))
    if bet.cards == "box_and_flop":
        hand = rank5((*own, *board[:3]))
        ranking = "best_five"
    else:  # "box": the box's own three cards (the profile allows it only there)
        hand, ranking = rank3(own), "three_card"
    if bet.lowest is not None and not reaches(ranking, hand, bet.lowest):
        return 0
    return bet.pays.get(hand.category, 0)
