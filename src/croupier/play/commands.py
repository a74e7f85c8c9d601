"""The player's commands: ``croupier play [PROFILE]`` and ``croupier profiles [ID] [--schema]``.

Thin shells over :func:`~croupier.play.session.play_session` and
:mod:`croupier.play.catalog`; :func:`register` adds them to the main app.
Amounts are typed in roubles (``--chips 1000``, ``--min 25,50``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from croupier.games.base import Limits, RuleError
from croupier.play.catalog import UNLOADABLE, catalog, profile_details, schema
from croupier.play.money import MoneyError, parse_money
from croupier.play.plugin import plays
from croupier.play.session import DEFAULT_CHIPS, DEFAULT_LIMITS, TableOptions, play_session
from croupier.play.terminal import LeftTable, Terminal
from croupier.profiles import ProfileError, load, profile_ids

DEFAULT_PROFILE = "russian"


def _money(option: str, text: str) -> int:
    try:
        value = parse_money(text)
    except MoneyError as error:
        raise typer.BadParameter(str(error), param_hint=option) from None
    if value <= 0:
        raise typer.BadParameter("must be more than zero", param_hint=option)
    return value


def _rub(minor: int) -> str:
    return f"{minor // 100}" if minor % 100 == 0 else f"{minor // 100},{minor % 100:02d}"


def _seed(text: str | None) -> bytes | None:
    if text is None:
        return None
    try:
        seed = bytes.fromhex(text)
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not hexadecimal", param_hint="--seed") from None
    if len(seed) < 16:
        raise typer.BadParameter("a server seed needs at least 16 bytes", param_hint="--seed")
    return seed


def playable() -> list[tuple[str, str]]:
    """(id, name) of the profiles that load and whose game the terminal plays."""
    found = []
    for pid in profile_ids():
        try:
            profile = load(pid)
        except UNLOADABLE:
            continue  # `croupier profiles` shows why
        if plays(profile.game):
            found.append((pid, profile.name))
    return found


def _which_profile(term: Terminal) -> str:
    games = playable()
    ids = [pid for pid, _ in games]
    for i, (pid, name) in enumerate(games, start=1):
        term.say(f"  {i:>2}  {pid:<22} {escape(name)}")

    def parse(text: str) -> str:
        if text.isdigit() and 1 <= int(text) <= len(ids):
            return ids[int(text) - 1]
        if text in ids:
            return text
        raise ValueError(f"{text!r}: type a number from 1 to {len(ids)} or a profile id")

    return term.ask("Which game", parse, DEFAULT_PROFILE if DEFAULT_PROFILE in ids else ids[0])


def play(
    profile: Annotated[
        str | None, typer.Argument(help="A profile id (see `croupier profiles`); asked if left out")
    ] = None,
    chips: Annotated[str, typer.Option("--chips", help="Starting chips, in roubles")] = _rub(
        DEFAULT_CHIPS
    ),
    minimum: Annotated[
        str, typer.Option("--min", help="Table minimum stake per box (the ANTE), in roubles")
    ] = _rub(DEFAULT_LIMITS.min_stake),
    maximum: Annotated[
        str, typer.Option("--max", help="Table maximum stake per box, in roubles")
    ] = _rub(DEFAULT_LIMITS.max_stake),
    max_payout: Annotated[
        str, typer.Option("--max-payout", help="Maximum payout per box per round, in roubles")
    ] = _rub(DEFAULT_LIMITS.max_payout),
    rounds: Annotated[
        int | None, typer.Option("--rounds", min=1, help="Stop after this many rounds")
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed", help="Server seed in hex: a reproducible session (round N: nonce N-1)"
        ),
    ] = None,
    client_seed: Annotated[
        str, typer.Option("--client-seed", help="Your part of the provably fair seed")
    ] = "",
    record: Annotated[
        Path | None, typer.Option("--record", help="Write each round as a replayable script here")
    ] = None,
) -> None:
    """Play rounds against the dealer in the terminal, with a running chip balance."""
    console = Console()
    term = Terminal.interactive(console)
    try:
        limits = Limits(
            _money("--min", minimum), _money("--max", maximum), _money("--max-payout", max_payout)
        )
    except RuleError as error:
        raise typer.BadParameter(str(error), param_hint="--min/--max/--max-payout") from None
    options = TableOptions(
        limits=limits,
        chips=_money("--chips", chips),
        rounds=rounds,
        server_seed=_seed(seed),
        client_seed=client_seed,
        record=record,
    )
    try:
        chosen = profile if profile is not None else _which_profile(term)
        loaded = load(chosen)
    except LeftTable:
        return
    except ProfileError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None
    try:
        play_session(loaded, options, term)
    except LookupError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None


def profiles(
    profile: Annotated[
        str | None, typer.Argument(help="A profile id: every setting and the pay tables")
    ] = None,
    as_schema: Annotated[
        bool,
        typer.Option(
            "--schema",
            help="Print the JSON Schema of a profile file (of PROFILE's game, or a game "
            "named instead; of every game without one).",
        ),
    ] = False,
) -> None:
    """List the rule profiles with their key settings (or one profile in full)."""
    console = Console()
    if as_schema:
        try:
            typer.echo(json.dumps(schema(profile), indent=2, ensure_ascii=False))
        except ProfileError as error:
            typer.echo(str(error), err=True)
            raise typer.Exit(1) from None
        return
    if profile is None:
        console.print(catalog(console.width))
        return
    try:
        console.print(profile_details(profile))
    except ProfileError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``profiles`` to the ``croupier`` command."""
    app.command("play")(play)
    app.command("profiles")(profiles)
