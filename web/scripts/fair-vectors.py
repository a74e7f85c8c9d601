"""Write the provably-fair test vectors the browser's verifier is checked against.

The browser re-derives decks, shoes and roulette spins from revealed seeds
(web/src/lib/fair.ts, WebCrypto); these vectors come from the server's own
derivation (croupier.cards.fair), so the two can never drift apart unnoticed:
tests/cards/test_fair_vectors.py fails when the committed file is stale.

Beside the shuffles, one round of every card profile played by the engines from a
seed, as its recall gives it (:mod:`croupier.games.common.dealing`): the dealing order
and what the player was shown after each step, with every draw a round can have
(exchanges, 6th cards, a bought game, splits and hits, the dealer's and baccarat's
third cards), so the page's check (web/src/lib/fair-check.ts) is held to the
engines' own dealing order.

    PYTHONPATH=src python web/scripts/fair-vectors.py web/src/lib/fair-vectors.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from croupier.cards.card import format_card
from croupier.cards.deck import Deck, shoe
from croupier.cards.fair import FairSeed, commit
from croupier.games.base import (
    Action,
    BoxStake,
    Game,
    LegalAction,
    Limits,
    RoundSetup,
    RuleError,
    Viewer,
)
from croupier.games.common.dealing import dealing_of
from croupier.games.registry import spec_for
from croupier.profiles import load, profile_ids

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


LIMITS = Limits(100, 10_000, 1_000_000)
PLAYER = "p1"
# What the player does, most wanted first: box 1 exchanges, box 2 buys a 6th card, both play
# and buy a game when the dealer has none; a blackjack pair is split and each hand hit once.
WANTED = {1: ("exchange", "buy_sixth"), 2: ("buy_sixth", "exchange")}
STUD_AFTER = ("discard", "buy_game", "play")
STAKES = {
    "stud": "ante",
    "holdem": "ante",
    "holdem_bonus": "ante",
    "three_card": "ante",
    "blackjack": "stake",
    "baccarat": "banker",
}
SHOE_OFFSET = 100  # a shoe game's round is dealt this far into its shoe
# Where the search for a round that deals everything starts (the nonces it found), so the
# test that keeps this file current does not search again.
FIRST_NONCE = {"blackjack": 3, "russian": 1}


def table_only(view: dict[str, Any]) -> dict[str, Any]:
    """A step's picture as a recall shows it: the settlement travels beside it."""
    return {key: value for key, value in view.items() if key != "settlement"}


def decide(game: Game[Any, Any], state: Any) -> Action:
    turn = game.to_act(state)
    assert turn is not None
    menu = {e.act: e for e in game.legal_actions(state) if (e.box, e.hand) == (turn.box, turn.hand)}
    box = next(b for b in state.boxes if b.box == turn.box)
    if hasattr(box, "hands"):  # blackjack
        held = len(box.hands[turn.hand].cards)
        wanted: tuple[str, ...] = ("split", "hit") if held == 2 else ("stand",)
    else:
        wanted = (*WANTED.get(turn.box, ()), *STUD_AFTER)
    for act in wanted:
        entry: LegalAction | None = menu.get(act)
        if entry is not None:
            if not entry.cards:
                return Action(act, box=turn.box, hand=turn.hand)
            n = 2 if 2 in entry.cards else entry.cards[0]
            return Action(act, box=turn.box, cards=tuple(box.cards[:n]))
    default = game.default_action(state)
    assert default is not None
    return default


def played(profile_id: str, seed: FairSeed) -> dict[str, Any]:
    """One round of ``profile_id`` dealt by ``seed``, as the player's recall gives it."""
    profile = load(profile_id)
    game = spec_for(profile)
    rules = game.shoe(profile)
    offset = SHOE_OFFSET if rules is not None else 0
    deck: Deck = game.round_deck(profile, seed)
    if offset:
        deck = deck.deal_many("shoe", offset)[1]
    line = STAKES[profile.game]
    antes = (100, 200) if profile_id == "russian-online" else (100, 100)
    try:
        boxes = tuple(BoxStake(b, PLAYER, {line: a}) for b, a in zip((1, 2), antes, strict=True))
        state = game.engine.start(RoundSetup(profile, LIMITS, boxes), deck.traced(offset))
    except RuleError:  # one light box a player at this table
        boxes = boxes[:1]
        state = game.engine.start(RoundSetup(profile, LIMITS, boxes), deck.traced(offset))
    steps = [state]
    while game.engine.to_act(state) is not None:
        state = game.engine.apply(state, decide(game.engine, state))
        steps.append(state)
    owners = {f"box:{b.box}": b.player for b in boxes}
    return {
        "profile": profile_id,
        "game": profile.game,
        "server_seed": seed.server_seed.hex(),
        "commitment": seed.commitment,
        "client_seed": seed.client_seed,
        "nonce": seed.nonce,
        "decks": 0 if rules is None else rules.decks,
        "shoe_offset": offset,
        "steps": [
            {
                "kind": "deal" if i == 0 else "action",
                "payload": None,
                "view": table_only(game.engine.project(s, Viewer.of(PLAYER))),
            }
            for i, s in enumerate(steps)
        ],
        "dealing": dealing_of(state, owners, Viewer.of(PLAYER)),
    }


def covers(round_: dict[str, Any]) -> bool:
    """Whether a round deals what its game can deal after the first cards: a draw to a box
    and a dealer's draw (a bought game, blackjack's dealer), a split, baccarat's third cards."""
    to = [d["to"] for d in round_["dealing"]["cards"]]
    if round_["game"] == "baccarat":
        return len(to) == 6
    if round_["game"] == "blackjack":
        return any("/" in t for t in to) and to.count("dealer") >= 3
    if round_["game"] != "stud":
        return True
    first = 5 * (1 + len({t for t in to if t.startswith("box:")}))
    later = to[first:]
    dealer_draws = getattr(load(round_["profile"]), "buy_game", None) is not None
    return any(t.startswith("box:") for t in later) and ("dealer" in later or not dealer_draws)


def rounds() -> list[dict[str, Any]]:
    """A round of every card profile, from the first nonce whose round deals everything."""
    out = []
    for profile_id in profile_ids():
        if load(profile_id).game == "roulette":
            continue  # no cards: the spin is checked above
        for nonce in range(FIRST_NONCE.get(profile_id, 0), 400):
            found = played(profile_id, FairSeed(bytes(range(32)), "vectors", nonce))
            if covers(found):
                break
        out.append(found)
    return out


def text() -> str:
    data = {**vectors(), "rounds": rounds()}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(text(), encoding="utf-8")
