"""The ``croupier`` command: one entry point for players, staff and mathematicians.

Each command is a thin shell over a library function, so everything the
command does can also be done from Python.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from croupier import __version__
from croupier.casino.commands import register as register_casino_commands
from croupier.play.commands import register as register_play_commands

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
) -> None:
    """Run the online casino: HTTP API, table WebSockets and the browser client."""
    from croupier.server.app import run
    from croupier.server.config import ServerConfig

    typer.echo(f"Croupier on http://{host}:{port} (Ctrl+C to stop)")
    config = ServerConfig(
        database_url=url,
        redis_url=redis_url,
        demo_tables=demo,
        json_logs=json_logs,
        cookie_secure=secure_cookie,
    )
    run(config, host, port)


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


@app.command()
def analyze(
    profile: str = typer.Argument(..., help="A profile id, see `croupier profiles`."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    """Exact returns and house edges of a rule profile."""
    from croupier.math.analyze import analyze as run

    try:
        report = run(profile)
    except LookupError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None
    if as_json:
        figures = [
            {
                "name": f.name,
                "value": f.value,
                "exact": str(f.exact) if f.exact else None,
                "note": f.note,
            }
            for f in report.figures
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
    for f in report.figures:
        table.add_row(f.name, f"{f.value:.6f}", f.note)
    Console().print(table)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
