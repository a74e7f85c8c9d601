"""Blackjack settlement: every hand of every box, insurance and 21+3.

Win 1:1, push on equal totals, blackjack at the profile's odds (3:2) unless
the dealer has one too. With no hole card a dealer blackjack takes every
stake on the table, doubles and splits included, except a player's
blackjack, which pushes ([004] "все ставки игроков проигрывают, за
исключением комбинации «Блек Джек» у игрока"). Surrender returns half the
stake; even money was paid 1:1 at once. Lines: ``stake`` and ``double`` per
hand (note ``hand N``), ``surrender``, ``even_money``, ``insurance``,
``twenty_one_plus_three``; the table's maximum payout cuts them in that order.
"""

from __future__ import annotations

from croupier.games.base import BoxSettlement, HandResult, Settlement, StakeLine
from croupier.games.blackjack.hand import BLACKJACK, describe, total, twenty_one_plus_three
from croupier.games.blackjack.state import BlackjackState, BoxState, Hand
from croupier.games.common.cap import cap_lines
from croupier.games.common.view import card_texts

CAP_ORDER = ("stake", "double", "even_money", "insurance", "twenty_one_plus_three")


def paid(odds_num: int, odds_den: int, stake: int) -> int:
    """Winnings at ``odds_num/odds_den`` to one, rounded down to the minor unit."""
    return stake * odds_num // odds_den


def _hand_lines(state: BlackjackState, hand: Hand, number: int) -> tuple[list[StakeLine], str]:
    note = f"hand {number}"
    if hand.surrendered:
        return [StakeLine("surrender", hand.stake, hand.stake // 2, note)], "surrender"
    if hand.even_money:
        return [StakeLine("even_money", hand.stake, 2 * hand.stake, note)], "even money"
    dealer = total(state.dealer)[0]
    odds = state.profile.blackjack_pays
    if hand.natural:
        if state.dealer_blackjack:
            result, back = "push: blackjack against blackjack", hand.stake
        else:
            result = "blackjack"
            back = hand.stake + paid(odds.numerator, odds.denominator, hand.stake)
        return [StakeLine("stake", hand.stake, back, note)], result
    if hand.busted:
        factor, result = 0, "bust"
    elif state.dealer_blackjack:
        factor, result = 0, "dealer blackjack"
    elif dealer > BLACKJACK or hand.total > dealer:
        factor, result = 2, "win"
    elif hand.total == dealer:
        factor, result = 1, "push"
    else:
        factor, result = 0, "lose"
    lines = [StakeLine("stake", hand.stake, factor * hand.stake, note)]
    if hand.doubled:
        lines.append(StakeLine("double", hand.doubled, factor * hand.doubled, note))
    return lines, result


def settle_box(state: BlackjackState, box: BoxState) -> BoxSettlement:
    lines: list[StakeLine] = []
    outcomes: list[str] = []
    hands: list[HandResult] = []
    for i, hand in enumerate(box.hands):
        more, outcome = _hand_lines(state, hand, i + 1)
        lines += more
        outcomes.append(outcome)
        desc = describe(hand.cards, natural=hand.natural)
        hands.append(HandResult(f"hand {i + 1}", tuple(card_texts(hand.cards)), desc))
    if box.insurance:
        pays = state.profile.insurance.pays
        back = box.insurance + paid(pays.numerator, pays.denominator, box.insurance)
        lines.append(StakeLine("insurance", box.insurance, back if state.dealer_blackjack else 0))
    if box.side:
        combination = twenty_one_plus_three((*box.first_two, state.dealer[0]))
        won = state.profile.twenty_one_plus_three.get(combination or "", 0)
        lines.append(
            StakeLine(
                "twenty_one_plus_three",
                box.side,
                box.side * (1 + won) if won else 0,
                combination or "",
            )
        )
    capped = cap_lines(lines, state.setup.limits.max_payout, CAP_ORDER)
    return BoxSettlement(box.box, box.player, capped, tuple(hands), "; ".join(outcomes))


def settle(state: BlackjackState) -> Settlement:
    dealer_total = total(state.dealer)[0]
    dealer = HandResult(
        "dealer",
        tuple(card_texts(state.dealer)),
        describe(state.dealer, natural=state.dealer_blackjack),
    )
    details = {
        "profile": state.profile.id,
        "dealer_total": dealer_total,
        "dealer_blackjack": state.dealer_blackjack,
        "shoe_remaining": state.deck.remaining(),
        "cut_card_out": state.profile.shoe.cut_card_out(state.deck),
    }
    boxes = tuple(settle_box(state, b) for b in sorted(state.boxes, key=lambda b: b.box))
    return Settlement(boxes, (dealer,), details)
