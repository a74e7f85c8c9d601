"""The ``croupier`` command: one entry point for players, staff and mathematicians.

Each command is a thin shell over a library function, so everything the
command does can also be done from Python.
"""

from __future__ import annotations

import typer

from croupier import __version__

app = typer.Typer(
    name="croupier",
    help="Croupier: casino table games, exact to the rules.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(__version__)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
