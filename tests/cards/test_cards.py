"""Card codes, decks and fair shuffling (RULES.md §0 Cards, Shuffling)."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import (
    CardError,
    Deck,
    DeckExhausted,
    FairSeed,
    commit,
    format_card,
    parse_card,
    parse_cards,
    secure_shuffle,
    shoe,
    verify,
)
from croupier.cards.deck import CardStillHeld
from croupier.cards.fair import FairStream


def test_every_code_round_trips_through_text() -> None:
    for code in range(52):
        assert parse_card(format_card(code)) == code
        assert parse_card(format_card(code, unicode=True)) == code


def test_ten_can_be_written_10_or_t() -> None:
    assert parse_card("10d") == parse_card("Td") == parse_card("td")


@pytest.mark.parametrize("bad", ["", "A", "1s", "Ax", "11h", "Kss", "ZZ"])
def test_bad_card_text_is_refused_with_its_text(bad: str) -> None:
    with pytest.raises(CardError, match="card"):
        parse_card(bad)


def test_phevaluator_layout_rank_times_four_plus_suit() -> None:
    assert parse_cards("2c 2d 2h 2s 3c As") == (0, 1, 2, 3, 4, 51)


def test_shoes_hold_six_and_eight_decks() -> None:
    assert len(shoe(6)) == 312 and len(shoe(8)) == 416
    assert all(shoe(6).count(c) == 6 for c in range(52))


def test_secure_shuffle_is_a_permutation() -> None:
    deck = secure_shuffle(range(52))
    assert sorted(deck) == list(range(52))


def test_live_shuffle_uses_the_os_csprng_not_random() -> None:
    import croupier.cards.fair as fair

    source = open(fair.__file__, encoding="utf-8").read()  # noqa: SIM115
    assert "import random" not in source and "from random" not in source
    assert "secrets" in source


def test_fair_deck_is_a_pure_function_of_seed_client_seed_and_nonce() -> None:
    a = FairSeed(b"k" * 32, "client", 1)
    assert a.shuffle(range(52)) == FairSeed(b"k" * 32, "client", 1).shuffle(range(52))
    assert a.shuffle(range(52)) != FairSeed(b"k" * 32, "client", 2).shuffle(range(52))
    assert a.shuffle(range(52)) != FairSeed(b"k" * 32, "other", 1).shuffle(range(52))


def test_commitment_is_sha256_of_the_server_seed() -> None:
    seed = b"s" * 32
    assert commit(seed) == hashlib.sha256(seed).hexdigest()


def test_verify_accepts_the_dealt_deck_and_rejects_a_changed_seed_or_deck() -> None:
    seed = FairSeed.fresh("me", 3)
    deck = seed.shuffle(range(52))
    commitment = seed.commitment
    assert verify(seed, commitment, deck)
    changed_seed = FairSeed(bytes(b ^ 1 for b in seed.server_seed), "me", 3)
    assert not verify(changed_seed, commitment, deck)
    assert not verify(FairSeed(seed.server_seed, "me", 4), commitment, deck)
    swapped = list(deck)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not verify(seed, commitment, swapped)


def test_fair_derivation_is_pinned() -> None:
    """The derivation is a public contract: a change must be a new version."""
    deck = FairSeed(bytes(range(32)), "croupier", 0).shuffle(range(52))
    assert (
        hashlib.sha256(bytes(deck)).hexdigest()
        == "2801dcb967b2f900c11bddb877433524ec7d4975370f6f57d4db036fb860283c"
    )


@given(st.integers(min_value=1, max_value=2**32))
def test_randbelow_stays_in_range(n: int) -> None:
    stream = FairStream(FairSeed(b"q" * 32, "", 0), "t")
    assert all(0 <= stream.randbelow(n) < n for _ in range(20))


def test_randbelow_refuses_a_range_it_cannot_serve() -> None:
    stream = FairStream(FairSeed(b"q" * 32, "", 0), "t")
    with pytest.raises(ValueError, match="randbelow"):
        stream.randbelow(0)


def test_scripted_deck_deals_each_hand_its_cards_then_the_stock() -> None:
    deck = Deck.scripted({"box:1": parse_cards("As Ks")}, stock=parse_cards("2c"))
    first, deck = deck.deal("box:1")
    second, deck = deck.deal("dealer")
    third, deck = deck.deal("box:1")
    assert (first, second, third) == parse_cards("As 2c Ks")
    with pytest.raises(DeckExhausted, match="script's stock ran out"):
        deck.deal("box:1")


def test_scripted_deck_refuses_a_card_listed_twice() -> None:
    with pytest.raises(CardError, match="appears twice"):
        Deck.scripted({"box:1": parse_cards("As Ks")}, stock=parse_cards("As"))


def test_scripted_discards_are_set_aside_not_shuffled_back() -> None:
    deck = Deck.scripted({}, stock=parse_cards("2c 3c"))
    deck = deck.shuffle_in(parse_cards("As"))
    assert deck.stock == parse_cards("2c 3c") and deck.set_aside == parse_cards("As")


def test_002_redealing_script_deals_a_card_again_only_after_it_came_back() -> None:
    """[002]: a script whose discards are shuffled back may list a discard again in
    the stock; dealing it while a hand still holds it is refused, as is any repeat
    among the hands."""
    deck = Deck.scripted({"box:1": parse_cards("2c 3d")}, parse_cards("2c"), redeal=True)
    _, deck = deck.deal("box:1")
    _, deck = deck.deal("box:1")
    with pytest.raises(CardStillHeld, match="deals 2c to box:1 while it is still held"):
        deck.deal("box:1")
    card, _ = deck.shuffle_in(parse_cards("2c")).deal("box:2")
    assert card == parse_cards("2c")[0]
    with pytest.raises(CardError, match="card 2c appears twice"):
        Deck.scripted({"box:1": parse_cards("2c"), "dealer": parse_cards("2c")}, redeal=True)


def test_seeded_reshuffle_returns_discards_into_the_stock_replayably() -> None:
    seed = FairSeed(b"r" * 32, "", 0)
    deck = Deck.shuffled(seed)
    hand, deck = deck.deal_many("box:1", 5)
    back = deck.shuffle_in(hand[:2])
    assert sorted(back.stock) == sorted(deck.stock + hand[:2])
    assert back == deck.shuffle_in(hand[:2])
    assert back.shuffle_in(hand[2:3]).stock != back.stock
