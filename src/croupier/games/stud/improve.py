"""Improving a hand: the exchange and 6th-card menu of a box, and the draws.

A profile lists improvement rounds (:class:`~croupier.games.stud.profile.ImproveRound`);
in each open round a box may do one thing: exchange cards, or buy a 6th
card (holding five). What it did decides whether the next round opens.
Discarded cards go back into the deck first where the profile says so
([002]); a scripted deck sets them aside so the script fixes every draw.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards.card import format_cards
from croupier.cards.deck import Deck
from croupier.games.base import LegalAction
from croupier.games.codes import Reason
from croupier.games.common.antes import antes
from croupier.games.common.evolve import evolve
from croupier.games.stud.profile import ImproveRound, StudProfile
from croupier.games.stud.state import BoxState, Stage


def open_round(profile: StudProfile, box: BoxState) -> ImproveRound | None:
    """The improvement round open to ``box`` now, if any."""
    if box.stage is not Stage.DECIDING or box.round >= len(profile.improve):
        return None
    rnd = profile.improve[box.round]
    if rnd.after == "any" and not box.last_did:
        return None
    if rnd.after == "sixth" and box.last_did != "sixth":
        return None
    return rnd


def exchange_counts(rnd: ImproveRound, box: BoxState, forbidden: Sequence[int]) -> tuple[int, ...]:
    return tuple(n for n in rnd.exchange_counts if n not in forbidden and n <= len(box.cards))


def menu(profile: StudProfile, box: BoxState, forbidden: Sequence[int]) -> list[LegalAction]:
    """The improvement actions open to ``box``, with their prices in minor units."""
    if box.stage is Stage.DISCARD:
        return [LegalAction("discard", box.box, price=0, cards=(box.must_discard,))]
    rnd = open_round(profile, box)
    if rnd is None:
        return []
    result: list[LegalAction] = []
    counts = exchange_counts(rnd, box, forbidden)
    if counts:
        prices = {n: antes(rnd.exchange_prices[n], box.ante) for n in counts}
        single = set(prices.values())
        result.append(
            LegalAction(
                "exchange",
                box.box,
                price=single.pop() if len(single) == 1 else None,
                cards=counts,
                prices=prices,
            )
        )
    if rnd.sixth is not None and len(box.cards) == 5:
        result.append(LegalAction("buy_sixth", box.box, price=antes(rnd.sixth, box.ante)))
    if result:
        result.append(LegalAction("stand", box.box, price=0))
    return result


def refuse_exchange(
    profile: StudProfile, box: BoxState, cards: Sequence[int], forbidden: Sequence[int]
) -> str | None:
    """Why ``box`` may not exchange ``cards`` now, or None."""
    rnd = open_round(profile, box)
    if rnd is None or not rnd.exchange_counts:
        return Reason("no exchange is open to this box now", "exchange_not_now")
    held = _not_held(box, cards)
    if held:
        return held
    if len(cards) not in exchange_counts(rnd, box, forbidden):
        allowed = ", ".join(str(n) for n in exchange_counts(rnd, box, forbidden)) or "none"
        return Reason(
            f"cannot exchange {len(cards)} cards here (allowed: {allowed})",
            "exchange_count",
            count=len(cards),
            allowed=allowed,
        )
    return None


def refuse_discard(box: BoxState, cards: Sequence[int]) -> str | None:
    if box.stage is not Stage.DISCARD:
        return "this box owes no cards back"
    held = _not_held(box, cards)
    if held:
        return held
    if len(cards) != box.must_discard:
        return f"must give back exactly {box.must_discard} card(s), not {len(cards)}"
    return None


def refuse_sixth(profile: StudProfile, box: BoxState) -> str | None:
    rnd = open_round(profile, box)
    if rnd is None or rnd.sixth is None:
        return "no 6th card is for sale to this box now"
    if len(box.cards) != 5:
        return "a 6th card is sold only to a box holding five cards"
    return None


def _not_held(box: BoxState, cards: Sequence[int]) -> str | None:
    if len(set(cards)) != len(cards):
        return "the same card is named twice"
    missing = [c for c in cards if c not in box.cards]
    if missing:
        return f"{format_cards(missing)} not in the box's hand ({format_cards(box.cards)})"
    if not cards:
        return "no cards named"
    return None


def _after(profile: StudProfile, box: BoxState, did: str) -> dict[str, object]:
    """The round fields after using the current round: the next round if it
    opens on what was done, else improving is over."""
    following = box.round + 1
    if following < len(profile.improve):
        after = profile.improve[following].after
        if after == "any" or (after == "sixth" and did == "sixth"):
            return {"round": following, "last_did": did}
    return {"round": len(profile.improve), "last_did": did}


def exchange(
    profile: StudProfile, box: BoxState, cards: Sequence[int], deck: Deck
) -> tuple[BoxState, Deck]:
    """Discard ``cards``, pay the round's price, draw the replacements."""
    rnd = profile.improve[box.round]
    receive = rnd.exchange_receive or len(cards)
    kept = tuple(c for c in box.cards if c not in cards)
    if profile.reshuffle_discards:
        deck = deck.shuffle_in(cards, box.target)
    drawn, deck = deck.deal_many(box.target, receive)
    fee = antes(rnd.exchange_prices[len(cards)], box.ante)
    box = evolve(
        box,
        cards=kept + drawn,
        fees=(*box.fees, ("exchange", fee)),
        discards=box.discards + tuple(cards),
        **_after(profile, box, "exchange"),
    )
    return box, deck


def buy_sixth(profile: StudProfile, box: BoxState, deck: Deck) -> tuple[BoxState, Deck]:
    rnd = profile.improve[box.round]
    assert rnd.sixth is not None
    card, deck = deck.deal(box.target)
    cards = (*box.cards, card)
    fees = (*box.fees, ("sixth", antes(rnd.sixth, box.ante)))
    if rnd.sixth_discard:
        owe = {"stage": Stage.DISCARD, "must_discard": rnd.sixth_discard}
        return evolve(box, cards=cards, fees=fees, **owe), deck
    return evolve(box, cards=cards, fees=fees, **_after(profile, box, "sixth")), deck


def discard(
    profile: StudProfile, box: BoxState, cards: Sequence[int], deck: Deck
) -> tuple[BoxState, Deck]:
    """Give back the cards owed after a 6th card; they never return to the deck."""
    box = evolve(
        box,
        cards=tuple(c for c in box.cards if c not in cards),
        discards=box.discards + tuple(cards),
        stage=Stage.DECIDING,
        must_discard=0,
        **_after(profile, box, "sixth"),
    )
    return box, deck


def prebuy_sixth(profile: StudProfile, box: BoxState, deck: Deck) -> tuple[BoxState, Deck]:
    """A dark box's 6th card, bought before the deal at the first round's price."""
    price = profile.sixth_price()
    assert price is not None
    card, deck = deck.deal(box.target)
    return evolve(
        box, cards=(*box.cards, card), fees=(*box.fees, ("sixth", antes(price, box.ante)))
    ), deck
