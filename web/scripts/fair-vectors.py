"""Write the provably-fair test vectors the browser's verifier is checked against.

The browser re-derives decks, shoes and roulette spins from revealed seeds
(web/src/lib/fair.ts, WebCrypto); these vectors come from the server's own
derivation (croupier.cards.fair), so the two can never drift apart unnoticed:
tests/cards/test_fair_vectors.py fails when the committed file is stale.

    PYTHONPATH=src python web/scripts/fair-vectors.py web/src/lib/fair-vectors.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from croupier.cards.card import format_card
from croupier.cards.deck import shoe
from croupier.cards.fair import FairSeed, commit

SEEDS = (
    FairSeed(bytes(32), "", 0),
    FairSeed(bytes(range(32)), "player-chosen", 7),
    FairSeed(bytes.fromhex("c0ffee" * 10 + "00"), "ёлка 🎲 seed", 2**40 + 3),
    FairSeed(bytes(range(255, 223, -1)), "lucky-7", 12),
)


def vectors() -> dict[str, Any]:
    out = []
    for seed in SEEDS:
        words = seed.stream("deal")
        out.append(
            {
                "server_seed": seed.server_seed.hex(),
                "client_seed": seed.client_seed,
                "nonce": seed.nonce,
                "commitment": commit(seed.server_seed),
                "deal_below": [words.randbelow(n) for n in (52, 37, 2, 3, 2**32, 1000)],
                "deck": [format_card(c) for c in seed.shuffle(range(52))],
                "reshuffle_0": [format_card(c) for c in seed.shuffle(range(20), "reshuffle-0")],
                "shoe_8": [format_card(c) for c in seed.shuffle(shoe(8))],
                "shoe_6_head": [format_card(c) for c in seed.shuffle(shoe(6))[:40]],
                "spin_37": seed.stream("spin").randbelow(37),
            }
        )
    return {"version": "croupier-fair-v1", "seeds": out}


def text() -> str:
    return json.dumps(vectors(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(text(), encoding="utf-8")
