"""Settlement arithmetic of the stud family, as pure functions.

Nothing here knows about turns or decks: given a profile, a box's final
hand and choices and the dealer's hand, :func:`settle_box` returns the stake
lines (staked, returned) and an outcome in words. The engine calls it at the
end of a round; the math lab can call it directly to weigh every outcome.

>>> from croupier.cards import parse_cards
>>> from croupier.profiles import load
>>> p = load("six-card")
>>> hand = evaluate(p, parse_cards("9s 9d 4c 5h Kd"))
>>> dealer = dealer_show(p, parse_cards("2c 2d 7h 8s Jc"))
>>> lines, outcome = settle_box(p, 10**9, BoxPlay(ante=100, played=True, hand=hand), dealer)
>>> outcome, [(x.line, x.staked, x.returned) for x in lines]
('win', [('ante', 100, 200), ('bet', 200, 400)])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from croupier.games.base import StakeLine
from croupier.games.common.antes import antes
from croupier.games.common.cap import CAPPED as CAPPED  # re-exported: tests and scripts read it
from croupier.games.common.cap import cap_lines
from croupier.games.stud.profile import StudProfile
from croupier.poker.hand import Category, HandRank, best_of, rank5

# Which of the box's own winnings the maximum payout cuts first (the contract with the
# round scripts); the box's lines and its insurance are capped together ...
CAP_ORDER = ("bet", "ante", "take_half", "protection", "insurance")
# ... and each BONUS side stake on its own ([004]: "the payout on the BONUS stake is
# limited by the table's maximum payout").
SIDE_STAKES = ("bonus", "dealer_bonus")


@dataclass(frozen=True, slots=True)
class BoxHand:
    """A box's final hand: its best five, and a second combination where paid."""

    main: HandRank
    second: HandRank | None = None


# How many of a hand's cards (most important first) make its combination.
_FORMING = {
    Category.HIGH_CARD: 0,
    Category.ACE_KING: 2,
    Category.PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 5,
    Category.FLUSH: 5,
    Category.FULL_HOUSE: 5,
    Category.FOUR_OF_A_KIND: 4,
    Category.STRAIGHT_FLUSH: 5,
    Category.ROYAL_FLUSH: 5,
}


def evaluate(profile: StudProfile, cards: Sequence[int]) -> BoxHand:
    """The hand a box is settled on (five or six cards; the best five play)."""
    return _evaluate(
        tuple(cards), profile.ace_king, profile.second_combination, profile.lowest_combination
    )


@lru_cache(maxsize=1024)  # a round asks about the same hand several times
def _evaluate(
    cards: tuple[int, ...], ace_king: bool, second_combination: bool, lowest: Category
) -> BoxHand:
    main = best_of(cards, ace_king=ace_king)
    if not (second_combination and len(cards) == 6):
        return BoxHand(main)
    left = next(c for c in cards if c not in main.cards)
    others = [c for c in cards if c != left]
    # The left-out card must *form* the second combination, not ride along as
    # a kicker: "an extra combination may be formed by the card not in the main one".
    formed = []
    for four in combinations(others, 4):
        hand = rank5((left, *four), ace_king=ace_king)
        if hand.category >= lowest and left in hand.cards[: _FORMING[hand.category]]:
            formed.append(hand)
    return BoxHand(main, max(formed) if formed else None)


def coefficient(profile: StudProfile, hand: BoxHand) -> int:
    """BET multiple a winning hand is paid: the main combination plus the second."""
    total = profile.pays(hand.main.category)
    if hand.second is not None:
        total += profile.pays(hand.second.category)
    return total


def full_win(profile: StudProfile, ante: int, hand: BoxHand) -> int:
    """What the box would win against a lower qualifying dealer (before the cap)."""
    ante_win = ante if profile.ante_on_win == "paid" else 0
    return ante_win + profile.bet_antes * ante * coefficient(profile, hand)


@dataclass(frozen=True, slots=True)
class DealerShow:
    """The dealer's hand at the show, and the hand after a bought game."""

    hand: HandRank
    minimum: Category
    bought: HandRank | None = None
    dropped: int | None = None
    drew: int | None = None

    @property
    def qualifies(self) -> bool:
        return self.hand.category >= self.minimum

    @property
    def bought_qualifies(self) -> bool:
        return self.bought is not None and self.bought.category >= self.minimum


def dealer_show(profile: StudProfile, cards: Sequence[int]) -> DealerShow:
    return DealerShow(rank5(cards, ace_king=profile.ace_king), profile.dealer.qualifies_with)


def drop_for_bought_game(profile: StudProfile, cards: Sequence[int]) -> int:
    """The card the dealer drops when a game is bought (its highest or lowest)."""
    assert profile.buy_game is not None
    pick = max if profile.buy_game.drop == "highest" else min
    return pick(cards, key=lambda c: (c >> 2, c & 3))


def with_bought_game(
    profile: StudProfile, show: DealerShow, cards: Sequence[int], drew: int
) -> DealerShow:
    """The show after the dealer dropped a card and drew ``drew``."""
    dropped = drop_for_bought_game(profile, cards)
    kept = [c for c in cards if c != dropped] + [drew]
    bought = rank5(kept, ace_king=profile.ace_king)
    return DealerShow(show.hand, show.minimum, bought, dropped, drew)


@dataclass(frozen=True, slots=True)
class BoxPlay:
    """Everything about one box that its settlement depends on."""

    ante: int
    played: bool
    hand: BoxHand
    first_five: tuple[int, ...] = ()
    fees: tuple[tuple[str, int], ...] = ()
    insurance: int = 0
    insurance_void: bool = False
    took_half: bool = False
    bought_game: bool = False
    # A dark box's game paid for before the deal but never needed (the dealer
    # qualified): the fee was put up with the ANTE, so it comes back.
    unused_prebought_game: bool = False
    bonus: int = 0
    dealer_bonus: int = 0
    dark: bool = False


def _compare(profile: StudProfile, box: HandRank, dealer: HandRank) -> int:
    """+1 the box wins, 0 a tie (push), -1 the dealer wins; ties may go to the player."""
    if box.value > dealer.value:
        return 1
    if box.value < dealer.value:
        return -1
    return 1 if profile.tie == "player" else 0


def _protected(profile: StudProfile, play: BoxPlay) -> bool:
    option = profile.protection
    return (
        option is not None
        and play.hand.main.category >= option.min_hand
        and (play.bonus > 0 or not option.requires_bonus)
    )


def settle_box(
    profile: StudProfile, max_payout: int, play: BoxPlay, show: DealerShow
) -> tuple[tuple[StakeLine, ...], str]:
    """The stake lines of one box and its outcome, the maximum payout applied."""
    a = play.ante
    b = profile.bet_antes * a if play.played else 0
    win_ante = 2 * a if profile.ante_on_win == "paid" else a
    win_bet = b + b * coefficient(profile, play.hand)
    half = full_win(profile, a, play.hand) // 2
    ins = play.insurance
    lines: list[StakeLine] = []
    extra: list[StakeLine] = []
    bought = play.bought_game or play.unused_prebought_game
    fee_buy = antes(profile.buy_game.price, a) if profile.buy_game and bought else 0
    buy_back = False

    def stakes(ante: int, bet: int) -> None:
        lines.append(StakeLine("ante", a, ante))
        if play.played:
            lines.append(StakeLine("bet", b, bet))

    def protect_or(ante: int, bet: int, outcome: str) -> str:
        # Straight-flush protection: half the full win instead, stakes kept.
        if _protected(profile, play):
            stakes(a, b)
            extra.append(StakeLine("protection", 0, half))
            return "straight-flush protection: half paid"
        stakes(ante, bet)
        return outcome

    def compare_with(dealer: HandRank) -> str:
        result = _compare(profile, play.hand.main, dealer)
        if result > 0:
            stakes(win_ante, win_bet)
            return "win"
        if result == 0:
            return protect_or(a, b, "push")
        return protect_or(0, 0, "lose")

    ins_returned = 0
    if not play.played:
        lines.append(StakeLine("ante", a, 0))
        outcome = "fold"
    elif play.took_half:
        stakes(a, b)
        extra.append(StakeLine("take_half", 0, half))
        ins_returned = ins
        outcome = "took half"
        bg = profile.buy_game
        # [000]: a game bought from a dealer who had one comes back unless the box beat it.
        buy_back = bool(
            bg and bg.fee_back_if_not_higher and show.qualifies and play.hand.main <= show.hand
        )
    elif show.qualifies:
        result = _compare(profile, play.hand.main, show.hand)
        outcome = compare_with(show.hand)
        ins_returned = ins if result <= 0 else 0
        bg = profile.buy_game
        buy_back = bool(bg and bg.fee_back_if_not_higher and play.hand.main <= show.hand)
    else:
        ins_returned = 2 * ins
        if play.bought_game and show.bought_qualifies:
            assert show.bought is not None and profile.buy_game is not None
            if profile.buy_game.compare:
                outcome = "bought game: " + compare_with(show.bought)
            elif profile.is_combination(play.hand.main.category):
                stakes(win_ante, win_bet)
                outcome = "bought game: paid by the table"
            else:
                stakes(a, b)
                outcome = "bought game: no combination, returned"
        elif play.bought_game:
            outcome = protect_or(a, b, "bought game did not come: returned")
        elif profile.dealer.no_game == "ante_to_all" or profile.is_combination(
            play.hand.main.category
        ):
            outcome = protect_or(2 * a, b, "dealer has no game: ante paid")
        elif profile.dealer.no_game_high_card and play.hand.main.value > show.hand.value:
            outcome = protect_or(2 * a, b, "no game: higher card, ante paid")
        else:
            outcome = protect_or(a, b, "no game: not higher, returned")

    lines.extend(StakeLine(name, fee, 0) for name, fee in play.fees)
    if fee_buy and play.unused_prebought_game:
        lines.append(StakeLine("buy_game", fee_buy, fee_buy, "pre-bought, not needed"))
    elif fee_buy:
        lines.append(StakeLine("buy_game", fee_buy, fee_buy if buy_back else 0))
    if ins:
        if play.insurance_void:
            lines.append(StakeLine("insurance", ins, ins, "void: no three of a kind"))
        else:
            lines.append(StakeLine("insurance", ins, 0 if not play.played else ins_returned))
    lines.extend(extra)
    lines.extend(_bonus_lines(profile, play, show))
    return cap(tuple(lines), max_payout), outcome


def _bonus_lines(profile: StudProfile, play: BoxPlay, show: DealerShow) -> list[StakeLine]:
    bonus = profile.bonus
    result: list[StakeLine] = []
    if bonus is None:
        return result
    if play.bonus:
        if bonus.kind == "fee":
            result.append(StakeLine("bonus", play.bonus, 0))
        else:
            result.append(_side_bet("bonus", play.bonus, profile, play.first_five))
    if play.dealer_bonus:
        result.append(_side_bet("dealer_bonus", play.dealer_bonus, profile, show.hand.cards))
    return result


def _side_bet(line: str, stake: int, profile: StudProfile, five: Sequence[int]) -> StakeLine:
    assert profile.bonus is not None
    pays = profile.bonus.pays.get(rank5(five).category, 0)
    return StakeLine(line, stake, stake * (1 + pays) if pays else 0)


def cap(lines: tuple[StakeLine, ...], max_payout: int) -> tuple[StakeLine, ...]:
    """Cut a box's winnings to ``max_payout``: its own lines and insurance together,
    ``bet`` first, then ``ante``...; each BONUS side stake on its own.

    A line's returned never drops below its stake through the cap.

    >>> out = cap((StakeLine("ante", 10, 20), StakeLine("bet", 20, 520)), 100)
    >>> [(x.line, x.returned, x.note) for x in out]
    [('ante', 20, ''), ('bet', 110, 'capped by the maximum payout')]
    >>> out = cap((StakeLine("bet", 20, 520), StakeLine("bonus", 10, 1010)), 100)
    >>> [(x.line, x.returned) for x in out]
    [('bet', 120), ('bonus', 110)]
    """
    return cap_lines(lines, max_payout, CAP_ORDER, alone=SIDE_STAKES)
