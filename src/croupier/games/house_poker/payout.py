"""Settlement arithmetic of the house-banked poker games, as pure functions.

Given a box's stakes and decisions and the final hands, :func:`settle_box`
returns its stake lines and outcome; the engine calls it at the end of a
round and the math lab can weigh outcomes with it directly.

* folded: the ANTE and anything staked before the fold are lost;
* the dealer has no game (Texas Hold'em below a pair of fours, three-card
  poker below queen high): the ANTE is paid by the ANTE table, the BET returned;
* the box beats the dealer: the ANTE by the ANTE table (a class the table
  does not list is returned: Hold'em Bonus pays the ANTE only from a
  straight), every street stake (BET, TURN, RIVER) 1:1;
* a tie (every card of the five, or three, the same rank): everything returned;
* the dealer is higher: everything lost;
* a played box's ANTE bonus (only where the profile's ANTE is paid
  "even_money_plus_bonus": world-standard three-card poker) and the side bets
  (BONUS, PAIR PLUS) are paid on the cards alone, whatever the dealer holds;
* the maximum payout caps the box's own winnings together, street stakes
  first; each side bet (BONUS, PAIR PLUS) is capped by it on its own.

>>> from croupier.cards import parse_cards
>>> from croupier.profiles import load
>>> from croupier.games.house_poker.hands import final_hand
>>> box = BoxPlay(ante=100, streets=(("bet", 100),), played=True,
...               hand=final_hand(load("three-card"), parse_cards("9h Th Jh"), ()))
>>> dealer = final_hand(load("three-card"), parse_cards("Ac Kd 2s"), ())
>>> for pid in ("three-card", "three-card-standard"):
...     lines, outcome = settle_box(load(pid), 10**9, box, dealer)
...     print(outcome, [(x.line, x.staked, x.returned) for x in lines])
win [('ante', 100, 700), ('bet', 100, 200)]
win [('ante', 100, 200), ('bet', 100, 200), ('ante_bonus', 0, 500)]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from croupier.games.base import StakeLine
from croupier.games.common.antes import antes
from croupier.games.common.cap import cap_lines
from croupier.games.house_poker.hands import floor_value, qualifies
from croupier.games.house_poker.profile import HouseProfile
from croupier.poker.hand import Category, HandRank

# Which of the box's own winnings the maximum payout cuts first; each side bet is
# capped on its own, as [004] says of the BONUS stake.
CAP_ORDER = ("bet", "turn", "river", "ante", "ante_bonus")


@dataclass(frozen=True, slots=True)
class BoxPlay:
    """Everything about one box its settlement depends on.

    ``streets`` are the street stakes put up, in order (``("bet", 2000)``);
    ``side`` maps a side bet's line to (stake, coefficient it pays, 0 = lost).
    A box with no ANTE (PAIR PLUS alone) has only side lines.
    """

    ante: int
    streets: tuple[tuple[str, int], ...]
    played: bool
    hand: HandRank | None  # None only where no hand was made (folded before the board)
    side: Mapping[str, tuple[int, int]] = field(default_factory=dict)


def settle_box(
    profile: HouseProfile, max_payout: int, play: BoxPlay, dealer: HandRank | None
) -> tuple[tuple[StakeLine, ...], str]:
    """The stake lines of one box and its outcome, the maximum payout applied."""
    a = play.ante
    lines: list[StakeLine] = []
    hand = play.hand

    def stakes(ante: int, street_factor: int) -> None:
        lines.append(StakeLine("ante", a, ante))
        lines.extend(StakeLine(line, s, s * street_factor) for line, s in play.streets)

    def by_table(hand: HandRank) -> int:
        """A winning ANTE: paid by the ANTE table, returned for a class it does not list."""
        return a + a * profile.ante_pays.get(hand.category, 0)

    if not a:
        outcome = "side bets only"
    elif not play.played:
        stakes(0, 0)
        outcome = "fold"
    elif hand is None or dealer is None:
        raise ValueError("a box in play is settled on its hand against the dealer's")
    elif not qualifies(profile, dealer):
        stakes(by_table(hand), 1)
        outcome = "dealer has no game: ante paid"
    elif hand.value > dealer.value:
        stakes(by_table(hand), 2)
        outcome = "win"
    elif hand.value == dealer.value:
        stakes(a, 1)
        outcome = "push"
    else:
        stakes(0, 0)
        outcome = "lose"
    if hand is not None and a and play.played:
        bonus = profile.ante_bonus.get(hand.category, 0)
        if bonus:
            lines.append(StakeLine("ante_bonus", 0, a * bonus))
    for line, (stake, pays) in play.side.items():
        lines.append(StakeLine(line, stake, stake * (1 + pays) if pays else 0))
    sides = [s.line for s in profile.side_bets]
    return cap_lines(lines, max_payout, CAP_ORDER, alone=sides), outcome


def net_by_outcome(
    profile: HouseProfile, category: Category, staked: Collection[str] | None = None
) -> dict[str, Fraction]:
    """What a box of ``category`` that plays, staking the street lines ``staked``
    (every street when None), nets per ANTE in each outcome against the dealer:
    the math lab weighs these by exact counts, so the analysis settles with the
    very rules the engine uses.

    >>> from croupier.profiles import load
    >>> nets = net_by_outcome(load("texas-holdem"), Category.FLUSH)
    >>> {k: str(v) for k, v in nets.items()}
    {'no_game': '2', 'win': '4', 'tie': '0', 'lose': '-3'}
    """
    unit = 10**6  # large enough that whole-ANTE fractions never round
    floor = profile.dealer_floor
    base = 2 if floor is None else floor_value(profile.ranking, floor)

    def hand(value: int, cat: Category) -> HandRank:
        return HandRank(value, cat, (), ())

    streets = tuple(
        (s.line, antes(s.antes, unit))
        for s in profile.streets
        if staked is None or s.line in staked or s.decision == "play_or_fold"
    )
    against = {
        "no_game": (base + 1, base - 1),
        "win": (base + 1, base),
        "tie": (base, base),
        "lose": (base, base + 1),
    }
    result: dict[str, Fraction] = {}
    for outcome, (mine, dealer) in against.items():
        if outcome == "no_game" and floor is None:
            continue
        play = BoxPlay(unit, streets, True, hand(mine, category))
        lines, _ = settle_box(profile, 10**18, play, hand(dealer, Category.HIGH_CARD))
        result[outcome] = Fraction(sum(x.net for x in lines), unit)
    return result


def fold_net(profile: HouseProfile) -> Fraction:
    """What folding at the first decision nets per ANTE (the ANTE: -1)."""
    play = BoxPlay(1, (), False, None)
    lines, _ = settle_box(profile, 10**18, play, None)
    return Fraction(sum(x.net for x in lines))
