"""Fair shuffling: the OS CSPRNG for live play, and provably fair decks.

Every live round is dealt from a fresh 256-bit *server seed* drawn from the
OS CSPRNG (:func:`new_server_seed`). The deck is a pure function of that seed,
a *client seed* and a *nonce*, so a round can be replayed exactly from its
record, and a player who was shown the commitment (SHA-256 of the server
seed) before betting can check after settlement that the deck was fixed in
advance.

The derivation (version ``croupier-fair-v1``): the byte stream is
HMAC-SHA256 keyed by the server seed over ``version:client_seed:nonce:label:counter``
for counter 0, 1, 2 ...; uniform integers below ``n`` are drawn from 32-bit
big-endian words by rejection sampling (no modulo bias); the deck is shuffled
by Fisher-Yates from its last position down.

>>> seed = FairSeed(bytes(32), "player-chosen", 7)
>>> deck = seed.shuffle(range(52))
>>> sorted(deck) == list(range(52))
True
>>> verify(seed, commit(seed.server_seed), deck)
True
>>> verify(FairSeed(bytes(31) + b"x", "player-chosen", 7), commit(seed.server_seed), deck)
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

VERSION = "croupier-fair-v1"
SEED_BYTES = 32
_WORD = 1 << 32
_EIGHT_WORDS = struct.Struct(">8I")


def new_server_seed() -> bytes:
    """A fresh secret server seed from the OS CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def secure_shuffle(cards: Iterable[int]) -> tuple[int, ...]:
    """Shuffle with the OS CSPRNG (unbiased Fisher-Yates); not replayable."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def commit(server_seed: bytes) -> str:
    """The commitment shown before bets: SHA-256 of the server seed, in hex."""
    return hashlib.sha256(server_seed).hexdigest()


@dataclass(frozen=True, slots=True)
class FairSeed:
    """Everything a provably fair deck is derived from."""

    server_seed: bytes
    client_seed: str = ""
    nonce: int = 0
    version: str = field(default=VERSION)

    def __post_init__(self) -> None:
        if len(self.server_seed) < 16:
            raise ValueError("a server seed needs at least 16 bytes")
        if self.nonce < 0:
            raise ValueError("the nonce cannot be negative")
        if self.version != VERSION:
            raise ValueError(
                f"unknown fairness version {self.version!r}; this build knows {VERSION}"
            )

    @classmethod
    def fresh(cls, client_seed: str = "", nonce: int = 0) -> FairSeed:
        """A seed with a new secret server seed from the OS CSPRNG."""
        return cls(new_server_seed(), client_seed, nonce)

    def stream(self, label: str = "deal") -> FairStream:
        """Independent uniform streams, one per label (the deal, each reshuffle)."""
        return FairStream(self, label)

    def shuffle(self, cards: Iterable[int], label: str = "deal") -> tuple[int, ...]:
        """The cards in the order this seed deals them."""
        return self.stream(label).shuffle(cards)

    @property
    def commitment(self) -> str:
        return commit(self.server_seed)


class FairStream:
    """Uniform integers from one labelled HMAC-SHA256 counter-mode stream."""

    __slots__ = ("_counter", "_mac", "_words")

    def __init__(self, seed: FairSeed, label: str) -> None:
        prefix = f"{seed.version}:{seed.client_seed}:{seed.nonce}:{label}:".encode()
        # The keyed, prefixed MAC is computed once; each block copies it and
        # adds only the counter (same bytes as HMAC over prefix + counter).
        self._mac = hmac.new(seed.server_seed, prefix, hashlib.sha256)
        self._counter = 0
        self._words: list[int] = []

    def _word(self) -> int:
        if not self._words:
            mac = self._mac.copy()
            mac.update(str(self._counter).encode())
            self._counter += 1
            # Eight big-endian 32-bit words, consumed first to last.
            self._words = list(reversed(_EIGHT_WORDS.unpack(mac.digest())))
        return self._words.pop()

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no bias)."""
        if not 0 < n <= _WORD:
            raise ValueError(f"randbelow needs 0 < n <= 2**32, got {n}")
        limit = _WORD - _WORD % n
        while True:
            word = self._word()
            if word < limit:
                return word % n

    def shuffle(self, cards: Iterable[int]) -> tuple[int, ...]:
        """Fisher-Yates from the last position down, drawing as ``randbelow`` does."""
        deck = list(cards)
        word = self._word  # the hot loop of every live deal: keep lookups local
        for i in range(len(deck) - 1, 0, -1):
            n = i + 1
            limit = _WORD - _WORD % n
            w = word()
            while w >= limit:
                w = word()
            j = w % n
            deck[i], deck[j] = deck[j], deck[i]
        return tuple(deck)


def verify(
    seed: FairSeed, commitment: str, deck: Sequence[int], cards: Iterable[int] = range(52)
) -> bool:
    """True when ``seed`` matches the commitment and deals exactly ``deck``."""
    if not hmac.compare_digest(commit(seed.server_seed), commitment.lower()):
        return False
    return seed.shuffle(cards) == tuple(deck)
