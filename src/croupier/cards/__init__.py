"""Cards: codes, text, decks and shoes, fair shuffling."""

from croupier.cards.card import (
    ACE,
    DECK_SIZE,
    RANKS,
    SUITS,
    CardError,
    card,
    format_card,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from croupier.cards.deck import Deck, DeckExhausted, shoe
from croupier.cards.fair import FairSeed, commit, new_server_seed, secure_shuffle, verify

__all__ = [
    "ACE",
    "DECK_SIZE",
    "RANKS",
    "SUITS",
    "CardError",
    "Deck",
    "DeckExhausted",
    "FairSeed",
    "card",
    "commit",
    "format_card",
    "format_cards",
    "full_deck",
    "new_server_seed",
    "parse_card",
    "parse_cards",
    "rank_of",
    "secure_shuffle",
    "shoe",
    "suit_of",
    "verify",
]
