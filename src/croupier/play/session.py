"""A session at one table in the terminal: rounds against the dealer, a running balance.

The loop knows no game. It deals every round from a provably fair deck
(the SHA-256 commitment of the server seed is shown before the stakes, the
seed revealed after the settlement), then drives the engine through the
:class:`~croupier.games.base.Game` protocol alone: whose turn, which actions
are open, apply the chosen one; and it draws only the projection for the
player, so the screen never shows a card the player may not see. What
differs between games (stakes, how a hand is drawn, picking cards) comes
from the game's :class:`~croupier.play.plugin.TablePlugin`.

A refused choice (a stake outside the limits, an action the rules do not
allow, more chips than the player has) is told in the engine's words and
asked again; nothing changes. The balance moves only by a settlement's net.

>>> from io import StringIO
>>> from rich.console import Console
>>> from croupier.games.base import Limits
>>> from croupier.play.terminal import Terminal, scripted
>>> from croupier.profiles import load
>>> out = StringIO()
>>> term = Terminal(Console(file=out, width=100), scripted(["", "", "fold"]))
>>> options = TableOptions(Limits(2500, 25000, 300000), chips=100000, rounds=1,
...                        server_seed=bytes(32))
>>> result = play_session(load("five-card-exchange"), options, term)
>>> result.rounds, result.chips    # folded: the ANTE of 25 roubles is lost
(1, 97500)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from rich.markup import escape

from croupier.cards.deck import Deck, DeckExhausted
from croupier.cards.fair import FairSeed, new_server_seed
from croupier.games.base import (
    JSON,
    Action,
    BoxStake,
    Game,
    LegalAction,
    Limits,
    RoundSetup,
    RuleError,
    Settlement,
    Viewer,
)
from croupier.games.codec import seed_script
from croupier.games.common.tiers import DEFAULT_TIER, tier_limits
from croupier.games.registry import GameSpec, RuleProfile, spec_for
from croupier.play import render
from croupier.play.money import format_money
from croupier.play.plugin import TablePlugin, plugin_for
from croupier.play.terminal import LeftTable, Refused, Terminal

# The terminal's table plays the casino's default tier (RULES.md §0, [003]).
DEFAULT_LIMITS = tier_limits(DEFAULT_TIER)
DEFAULT_CHIPS = 1000_00


@dataclass(frozen=True, slots=True)
class TableOptions:
    """How the session is set up: the table's limits, the bankroll, the deck."""

    limits: Limits = DEFAULT_LIMITS
    chips: int = DEFAULT_CHIPS
    rounds: int | None = None  # None: until the player leaves or cannot cover the minimum
    server_seed: bytes | None = None  # None: a fresh OS CSPRNG seed every round
    client_seed: str = ""
    record: Path | None = None  # where to write each round as a replayable script
    player: str = "you"
    clock: Callable[[], float] = time.monotonic  # seconds; how long the player was away


@dataclass
class SessionResult:
    """What a session came to: rounds settled, the balance, every settlement."""

    start: int
    chips: int
    rounds: int = 0
    settlements: list[Settlement] = field(default_factory=list)


def round_seed(options: TableOptions, number: int) -> FairSeed:
    """Round ``number``'s deck seed. A given server seed (``--seed``) deals round N
    with nonce N-1, so a session replays; otherwise every round draws a fresh seed,
    because a seed revealed after one round must not deal the next."""
    server = options.server_seed if options.server_seed is not None else new_server_seed()
    return FairSeed(server, options.client_seed, number - 1)


class _Round:
    """One round being played: the engine state and the chips already on the table."""

    def __init__(
        self,
        profile: RuleProfile,
        options: TableOptions,
        term: Terminal,
        plugin: TablePlugin,
        engine: Game[Any, Any],
    ) -> None:
        self.profile = profile
        self.options = options
        self.term = term
        self.plugin = plugin
        self.engine = engine
        self.viewer = Viewer.of(options.player)
        self.actions: list[Action] = []
        self.leaving = False

    def menu_text(self, legal: Sequence[LegalAction], free: int, turn_box: int) -> str:
        rows = []
        for i, la in enumerate(legal, start=1):
            label = self.plugin.label(self.profile, la)
            if turn_box and la.box != turn_box:
                label = f"box {la.box}: {label}"
            price = ""
            if la.price:
                price = f"  [cyan]{format_money(la.price)}[/cyan]"
                if la.price > free:
                    price += " [dim](not enough chips)[/dim]"
            rows.append(f"  [bold]{i}[/bold]  {label}{price}")
        return "\n".join(rows)

    def choose(
        self,
        legal: Sequence[LegalAction],
        view: JSON,
        turn_box: int,
        free: int,
        cost: Callable[[Action], int],
    ) -> Action:
        """Ask for one of the open actions (a number or its name, with cards or an amount);
        ``cost`` says what an action would put on the table."""
        self.term.say(self.menu_text(legal, free, turn_box))
        while True:
            answer = self.term.line("Your choice")
            words = answer.split()
            if not words:
                continue
            picked = self._pick(legal, words[0], turn_box)
            if picked is None:
                self.term.say(
                    f"[red]{escape(words[0])!r} is not on the menu: type its number or name[/red]"
                )
                continue
            action = self.plugin.complete(self.term, self.profile, view, picked, words[1:], free)
            if action is None:
                self.term.say(self.menu_text(legal, free, turn_box))
                continue
            price = cost(action)
            if price > free:
                self.term.say(
                    f"[red]not enough chips: {format_money(price)} needed, "
                    f"{format_money(free)} free[/red]"
                )
                continue
            return action

    @staticmethod
    def _pick(legal: Sequence[LegalAction], word: str, turn_box: int) -> LegalAction | None:
        if word.isdigit():
            index = int(word) - 1
            return legal[index] if 0 <= index < len(legal) else None
        named = [la for la in legal if la.act == word.lower().replace("-", "_")]
        own = [la for la in named if la.box == turn_box]
        chosen = own or named
        return chosen[0] if chosen else None

    def on_table(self, state: Any) -> int:
        """Every chip the player's boxes have put up so far, as the engine counts it."""
        return sum(self.engine.staked(state).values())

    def cost(self, state: Any, action: Action) -> int:
        """What ``action`` would add to the table: the state is a value, so the action
        is tried on it and the engine's count compared (0 when the rules refuse it;
        applying it for real then tells why)."""
        try:
            return self.on_table(self.engine.apply(state, action)) - self.on_table(state)
        except (RuleError, DeckExhausted):
            return 0

    def play(self, state: Any, chips: int) -> Settlement:
        """Play the dealt round to its settlement. A player who leaves mid-round is
        treated as a box that does not decide: the engine's timer action (fold, take
        the ANTE, give back the weakest card) finishes the round, as at a live table."""
        while (turn := self.engine.to_act(state)) is not None:
            legal = self.engine.legal_actions(state)
            if self.leaving:
                action = self.engine.default_action(state)
                assert action is not None, "a box that is waited for has a default"
                self.term.say(f"box {action.box}: {action.act} (you left the table)")
            else:
                view = self.engine.project(state, self.viewer)
                self.term.console.print(self.plugin.table(self.term, self.profile, view))
                hand = f" hand {turn.hand + 1}" if turn.hand else ""
                whose = f"[bold]Box {turn.box}{hand}[/bold]: " if turn.box else ""
                self.term.say(f"{whose}{turn.waiting_for}")
                try:
                    free = chips - self.on_table(state)
                    cost = partial(self.cost, state)
                    action = self.choose(legal, view, turn.box, free, cost)
                except LeftTable:
                    self.leaving = True
                    continue
            try:
                state = self.engine.apply(state, action)
            except (RuleError, DeckExhausted) as error:
                self.term.say(f"[red]{escape(str(error))}[/red]")
                continue
            self.actions.append(action)
        view = self.engine.project(state, self.viewer)
        self.term.console.print(self.plugin.table(self.term, self.profile, view))
        result = self.engine.settlement(state)
        assert result is not None, "a round nobody waits for is settled"
        return result


def _ask_setup(
    term: Terminal,
    profile: RuleProfile,
    options: TableOptions,
    plugin: TablePlugin,
    engine: Game[Any, Any],
    chips: int,
    deck: Deck,
    previous: tuple[BoxStake, ...] | None,
) -> tuple[tuple[BoxStake, ...], Any]:
    """Stakes the rules accept and the chips cover, and the dealt state."""
    boxes = previous
    while True:
        if boxes is None:
            boxes = plugin.ask_stakes(term, profile, options.limits, options.player, chips)
        try:
            state = engine.start(RoundSetup(profile, options.limits, boxes), deck)
        except RuleError as error:
            term.say(f"[red]{escape(str(error))}[/red]")
            boxes = None
            continue
        need = sum(engine.staked(state).values())  # a dark box's BET and pre-buys too
        if need > chips:
            term.say(
                f"[red]these stakes take {format_money(need)}; you have {format_money(chips)}[/red]"
            )
            boxes = None
            continue
        return boxes, state


def _same_again(term: Terminal) -> bool:
    def parse(text: str) -> bool:
        word = text.strip().lower()
        if word in ("", "d", "deal"):
            return True
        if word in ("c", "change"):
            return False
        raise Refused(f"{text!r}: Enter deals the same stakes, c changes them, q leaves")

    return term.ask("Enter: same stakes, c: change them, q: leave", parse, "deal")


def _record(
    options: TableOptions,
    game: GameSpec[Any, Any],
    profile: RuleProfile,
    seed: FairSeed,
    boxes: Sequence[BoxStake],
    actions: Sequence[Action],
    number: int,
) -> Path:
    assert options.record is not None
    options.record.mkdir(parents=True, exist_ok=True)
    script = {
        "game": profile.game,
        "profile": profile.id,
        "limits": options.limits.to_json(),
        "boxes": [game.script.write_box(b) for b in boxes],
        **seed_script(seed),
        "actions": [game.script.write_action(a) for a in actions],
    }
    path = options.record / f"round-{number:03d}.json"
    path.write_text(json.dumps(script, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _reveal(term: Terminal, seed: FairSeed, recorded: Path | None) -> None:
    term.say(
        f"Fair deal: server seed [bold]{seed.server_seed.hex()}[/bold], "
        f"client seed {seed.client_seed!r}, nonce {seed.nonce}"
    )
    term.say(
        "  verify: SHA-256 of the server seed's bytes must equal the commitment shown "
        "before your stakes:\n"
        f"  python3 -c \"import hashlib; print(hashlib.sha256(bytes.fromhex('"
        f"{seed.server_seed.hex()}')).hexdigest())\""
    )
    if recorded is not None:
        term.say(f"  replay the round from its seed: croupier replay {escape(str(recorded))}")


def play_session(profile: RuleProfile, options: TableOptions, term: Terminal) -> SessionResult:
    """Play rounds of ``profile`` until ``options.rounds``, the player leaves, or the
    chips no longer cover the table minimum."""
    plugin = plugin_for(profile.game)
    game = spec_for(profile)
    engine = game.engine
    result = SessionResult(start=options.chips, chips=options.chips)
    term.say(
        f"[bold]{escape(profile.name)}[/bold] ({profile.id}); stakes per box "
        f"{format_money(options.limits.min_stake)} .. {format_money(options.limits.max_stake)}, "
        f"maximum payout {format_money(options.limits.max_payout)}. Type q to leave."
    )
    previous: tuple[BoxStake, ...] | None = None
    last_seen = options.clock()
    try:
        while options.rounds is None or result.rounds < options.rounds:
            number = result.rounds + 1
            if result.chips < options.limits.min_stake:
                term.say("Your chips no longer cover the table minimum.")
                break
            seed = round_seed(options, number)
            term.say(
                f"\n[bold]Round {number}[/bold]   chips {format_money(result.chips)}\n"
                f"Deck committed before your stakes: SHA-256 of the server seed = "
                f"{seed.commitment} (client seed {seed.client_seed!r}, nonce {seed.nonce})"
            )
            if previous is not None and not _same_again(term):
                previous = None
            taken = plugin.returning(term, options.limits, options.clock() - last_seen)
            if taken:  # the chips are worth less now: the stakes are asked again
                result.chips -= taken
                previous = None
            deck = game.round_deck(profile, seed)
            boxes, state = _ask_setup(
                term, profile, options, plugin, engine, result.chips, deck, previous
            )
            previous = boxes
            game_round = _Round(profile, options, term, plugin, engine)
            settled = game_round.play(state, result.chips)
            net = sum(b.net for b in settled.boxes if b.player == options.player)
            result.chips += net
            result.rounds += 1
            result.settlements.append(settled)
            plugin.settled(term, settled, options.player)
            last_seen = options.clock()
            term.console.print(render.settlement(settled, options.player, unicode=term.unicode))
            term.say(
                f"[bold]Round {number}: {format_money(net, sign=True)}   "
                f"chips {format_money(result.chips)}[/bold]"
            )
            recorded = None
            if options.record is not None:
                try:
                    recorded = _record(
                        options, game, profile, seed, boxes, game_round.actions, number
                    )
                except OSError as error:
                    term.say(f"[red]the round could not be recorded: {escape(str(error))}[/red]")
            _reveal(term, seed, recorded)
            if game_round.leaving:
                raise LeftTable("the player left during the round")
    except LeftTable:
        term.say("You leave the table.")
    plugin.leaving(term)
    term.say(
        f"\n[bold]{result.rounds} round(s): started with {format_money(result.start)}, "
        f"leaving with {format_money(result.chips)} "
        f"({format_money(result.chips - result.start, sign=True)})[/bold]"
    )
    return result
