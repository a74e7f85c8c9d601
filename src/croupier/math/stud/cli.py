"""``croupier advise``: the advisor at the terminal (kept here so cli.py stays small)."""

from __future__ import annotations

from dataclasses import replace

import typer

from croupier import profiles
from croupier.cards.card import CardError, parse_card, parse_cards
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.advise import advise, situation
from croupier.math.stud.side_stakes import side_stakes


def _stud_profile(profile_id: str, refusal: str) -> StudProfile:
    """The stud profile ``profile_id``, or exit 1 saying why not."""
    try:
        profile = profiles.load(profile_id)
    except (LookupError, profiles.ProfileError) as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None
    if not isinstance(profile, StudProfile):
        typer.echo(f"{profile_id}: {refusal}", err=True)
        raise typer.Exit(1)
    return profile


def advise_command(profile_id: str, box: str, dealer: str, after: list[str], *,
                   bonus: bool = False, dealer_bonus: bool = False,
                   show: str | None = None) -> None:  # fmt: skip
    profile = _stud_profile(profile_id, "the advisor knows the stud profiles only")
    spec = profile.bonus
    try:
        s = situation(profile, parse_cards(box), parse_card(dealer), after)
        if bonus and spec is None:
            raise ValueError(f"--bonus: {profile.id} has no BONUS")
        if dealer_bonus and not (spec is not None and spec.dealer_bonus):
            raise ValueError(f"--dealer-bonus: {profile.id} has no DEALER BONUS")
        fee = bonus and spec is not None and spec.kind == "fee"
        five = parse_cards(show) if show else ()
        s = replace(s, bonus=fee, dealer=five)
        options = advise(profile, s)
    except (CardError, ValueError) as error:
        typer.echo(f"advise: {error}", err=True)
        raise typer.Exit(1) from None
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{profile.id}: box {box}, dealer shows {dealer} (EV per ANTE, from now)")
    for column in ("option", "EV", "how"):
        table.add_column(column)
    for i, o in enumerate(options):
        what = o.action + (" " + " ".join(_names(o.cards)) if o.cards else "")
        how = "exact" if o.exact else f"sampled, 99% +-{o.half_width:.4f}"
        style = "bold green" if i == 0 else None
        table.add_row(what, f"{o.ev:+.4f}", how + (f" ({o.note})" if o.note else ""), style=style)
    Console().print(table)
    sides = {"bonus": bonus and not fee, "dealer_bonus": dealer_bonus}
    if any(sides.values()):
        first = s.cards if not after else None  # the BONUS pays on the first five cards
        seen = (*s.cards, *s.gone)
        for name, value in side_stakes(profile, first, s.up, seen, five).items():
            if sides[name]:
                typer.echo(f"{name.upper().replace('_', ' ')} side stake: {float(value):+.4f} "
                           "per unit staked, whatever the box does (exact)")  # fmt: skip
        if sides["bonus"] and first is None:
            typer.echo("BONUS side stake: paid on the first five cards (give them with --box "
                       "and no --after)")  # fmt: skip


def _names(cards: tuple[int, ...]) -> list[str]:
    from croupier.cards.card import format_card

    return [format_card(c) for c in cards]


def strategy_command(profile_id: str, cluster: str | None) -> None:
    """Compute the missing chunks of the per-class play/fold run (cached, resumable;
    on the Ray cluster at ``cluster`` if given) so the report includes it."""
    import os

    from croupier.math.stud import strategy

    _stud_profile(profile_id, "--strategy and --cluster are for the stud profiles")
    chunks = list(range(strategy.n_chunks()))
    strategy.run(profile_id, "play", chunks, os.cpu_count() or 1, cluster)
