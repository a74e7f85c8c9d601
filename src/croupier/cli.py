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

app = typer.Typer(
    name="croupier",
    help="Croupier: casino table games, exact to the rules.",
    no_args_is_help=True,
    add_completion=False,
)
register_casino_commands(app)  # db upgrade, audit, staff create


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


def main() -> None:
    app()


if __name__ == "__main__":
    main()
