"""The ``croupier`` command: one entry point for players, staff and mathematicians.

Each command is a thin shell over a library function, so everything the
command does can also be done from Python.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from croupier import __version__
from croupier.casino.commands import register as register_casino_commands
from croupier.play.commands import register as register_play_commands

if TYPE_CHECKING:
    from croupier.math.analyze import Report

app = typer.Typer(
    name="croupier",
    help="Croupier: casino table games, exact to the rules.",
    no_args_is_help=True,
    add_completion=False,
)
register_casino_commands(app)  # db upgrade, audit, staff create
register_play_commands(app)  # play, profiles


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (loopback by default)."),
    port: int = typer.Option(8000, help="Port to listen on."),
    url: str | None = typer.Option(None, "--url", help="Database URL (default: var/ SQLite)."),
    redis_url: str | None = typer.Option(
        None,
        "--redis",
        envvar="CROUPIER_REDIS_URL",
        help="Redis shared by several server processes (default: none, one process).",
    ),
    demo: bool = typer.Option(True, help="Open the demo tables when there are none."),
    json_logs: bool = typer.Option(True, help="Log JSON lines (--no-json-logs: plain text)."),
    secure_cookie: bool = typer.Option(
        False, help="Behind TLS: the session cookie travels over https only."
    ),
    colour_absence_minutes: int = typer.Option(
        30, help="Roulette colour chips: away this long, they are worth the table minimum."
    ),
    colour_abandon_minutes: int = typer.Option(
        240, help="Roulette colour chips: away this long, they are changed back for the player."
    ),
    seat_grace_seconds: int = typer.Option(
        120,
        help="Public tables: a player with no socket open there this long loses the seat "
        "(between rounds).",
    ),
    forwarded_allow_ips: str = typer.Option(
        "127.0.0.1,::1",
        envvar="FORWARDED_ALLOW_IPS",
        help="Proxies whose X-Forwarded-For names the client (the login backoff is per client"
        " address): the TLS proxy's address, comma-separated.",
    ),
    ws: str = typer.Option(
        "websockets-sansio",
        envvar="CROUPIER_WS",
        help="uvicorn's WebSocket implementation: websockets-sansio, websockets or wsproto "
        "(docs/performance.md compares them).",
    ),
) -> None:
    """Run the online casino: HTTP API, table WebSockets and the browser client."""
    from croupier.server.app import WS_PROTOCOLS, run
    from croupier.server.config import ServerConfig

    if ws not in WS_PROTOCOLS:
        raise typer.BadParameter(f"one of {', '.join(WS_PROTOCOLS)}", param_hint="--ws")

    try:
        config = ServerConfig(
            database_url=url,
            redis_url=redis_url,
            demo_tables=demo,
            json_logs=json_logs,
            cookie_secure=secure_cookie,
            colour_absence_minutes=colour_absence_minutes,
            colour_abandon_minutes=colour_abandon_minutes,
            seat_grace_seconds=seat_grace_seconds,
        )
    except ValueError as error:
        raise typer.BadParameter(
            str(error), param_hint="--colour-*-minutes, --seat-grace-seconds"
        ) from None
    typer.echo(f"Croupier on http://{host}:{port} (Ctrl+C to stop)")
    run(config, host, port, forwarded_allow_ips, ws)


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(__version__)


@app.command()
def replay(
    script: Path = typer.Argument(..., help="A round script (JSON), see docs."),  # noqa: B008
) -> None:
    """Replay a round script and print its settlement (or where it waits) as JSON."""
    from croupier.games.script import ScriptError, replay_file

    try:
        result = replay_file(script)
    except ScriptError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None
    typer.echo(json.dumps(result, indent=2, ensure_ascii=False))


def _report(profile: str, rounds: int | None, seed: int | None) -> Report:
    """The profile's analysis, or exit 1 saying why there is none."""
    from croupier.math.analyze import analyze as run

    options = {k: v for k, v in (("rounds", rounds), ("seed", seed)) if v is not None}
    try:
        return run(profile, **options)
    except (LookupError, ValueError) as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None


_STRATEGY_HELP = (
    "Stud: first compute the best play/fold per hand and up card (minutes of CPU; "
    "chunks cached and resumable) so the report has it and its learnable strategy."
)
_CLUSTER_HELP = "Stud: run those chunks as tasks on this Ray cluster (implies --strategy)."


def _strategy_first(profile: str, strategy: bool, cluster: str | None) -> None:
    if strategy or cluster:
        from croupier.math.stud.cli import strategy_command

        strategy_command(profile, cluster)


@app.command()
def analyze(
    profile: str = typer.Argument(..., help="A profile id, see `croupier profiles`."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    rounds: int | None = typer.Option(None, help="Rounds of a sampled analysis."),
    seed: int | None = typer.Option(None, help="Seed of a sampled analysis."),
    strategy: bool = typer.Option(False, "--strategy", help=_STRATEGY_HELP),
    cluster: str | None = typer.Option(None, "--cluster", help=_CLUSTER_HELP),
) -> None:
    """Exact returns and house edges of a rule profile."""
    from dataclasses import asdict as vars_of

    _strategy_first(profile, strategy, cluster)
    report = _report(profile, rounds, seed)
    if as_json:
        figures = [
            {
                "name": f.name,
                "value": f.value,
                "exact": str(f.exact) if f.exact else None,
                "note": f.note,
                "sample": None if f.sample is None else vars_of(f.sample),
            }
            for f in report.all_figures()
        ]
        data = {"profile": report.profile, "method": report.method, "seconds": report.seconds}
        typer.echo(json.dumps({**data, "figures": figures, "tables": report.tables}, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{report.profile}: {report.method} ({report.seconds:.1f} s)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("note")
    for f in report.all_figures():
        table.add_row(f.name, f"{f.value:.6f}", f.note)
    Console().print(table)


@app.command()
def par(
    profile: str = typer.Argument(..., help="A profile id with an analysis."),
    out: Path = typer.Option(..., "--out", help="Directory for the PAR sheet."),  # noqa: B008
    rounds: int | None = typer.Option(None, help="Rounds of a sampled analysis."),
    seed: int | None = typer.Option(None, help="Seed of a sampled analysis."),
    strategy: bool = typer.Option(False, "--strategy", help=_STRATEGY_HELP),
    cluster: str | None = typer.Option(None, "--cluster", help=_CLUSTER_HELP),
) -> None:
    """Write the PAR sheet (HTML, CSV tables, PNG plots) a regulator asks for."""
    from croupier.math.par import write_par

    _strategy_first(profile, strategy, cluster)
    typer.echo(str(write_par(_report(profile, rounds, seed), out)))


@app.command()
def advise(
    profile: str = typer.Argument(..., help="A stud profile id, see `croupier profiles`."),
    box: str = typer.Option(..., "--box", help='The box\'s cards now, e.g. "Ah Kd 7c 7s 2h".'),
    dealer: str = typer.Option(..., "--dealer", help="The dealer's up card, e.g. 9c."),
    after: list[str] = typer.Option(  # noqa: B008
        [], "--after", help='What the box did already, in order: "exchange 7c 2h", "sixth"...'
    ),
    bonus: bool = typer.Option(
        False,
        "--bonus",
        help="The box paid the BONUS (a fee: take half, protection; a side "
        "stake: its return is shown).",
    ),
    dealer_bonus: bool = typer.Option(
        False, "--dealer-bonus", help="The box staked the DEALER BONUS (its return is shown)."
    ),
    show: str | None = typer.Option(
        None,
        "--show",
        help='The dealer\'s five after a no-game show, e.g. "9c 8d 6h 4s 2c": '
        "buy a game or take the ANTE.",
    ),
) -> None:
    """The EV per ANTE of every option a stud box has now, best first."""
    from croupier.math.stud.cli import advise_command

    advise_command(profile, box, dealer, after, bonus=bonus, dealer_bonus=dealer_bonus, show=show)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
