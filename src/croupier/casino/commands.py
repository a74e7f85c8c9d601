"""Staff commands: ``croupier db upgrade``, ``audit``, ``staff create``, ``staff unlock``.

Thin shells over the library; :func:`register` adds them to the main app.
Every command takes ``--url`` (default: ``$CROUPIER_DATABASE_URL``, else
``var/croupier.sqlite3``).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

import typer

from croupier.casino.audit import audit
from croupier.casino.auth import Auth
from croupier.casino.errors import CasinoError
from croupier.casino.players import Players, Registration
from croupier.store.db import Store
from croupier.store.migrate import head_revision, upgrade
from croupier.store.models import Role

Url = Annotated[
    str | None,
    typer.Option("--url", help="Database URL (default: $CROUPIER_DATABASE_URL or var/)"),
]

db_app = typer.Typer(help="The casino database: migrations.", no_args_is_help=True)
staff_app = typer.Typer(help="Staff accounts: cashiers and managers.", no_args_is_help=True)


@db_app.command("upgrade")
def db_upgrade(url: Url = None) -> None:
    """Create or migrate the database to the newest schema."""
    store = Store(url)
    try:
        revision = upgrade(store)
    finally:
        store.dispose()
    typer.echo(f"{store!r}: at revision {revision} (head {head_revision()})")


def audit_command(url: Url = None) -> None:
    """Check the whole ledger; exit 1 and list the problems if anything is wrong."""
    store = Store(url)
    try:
        report = audit(store)
    finally:
        store.dispose()
    typer.echo(report.summary())
    if not report.ok:
        raise typer.Exit(1)


@staff_app.command("create")
def staff_create(
    role: Annotated[Role, typer.Option(help="cashier or manager")],
    name: Annotated[str, typer.Option(help="Full name")],
    birth_date: Annotated[str, typer.Option(help="Date of birth, YYYY-MM-DD")],
    doc_type: Annotated[
        str,
        typer.Option(
            help="Identity document type: passport, foreign_passport, id_card, "
            "driving_licence, residence_permit or military_id"
        ),
    ],
    doc_number: Annotated[str, typer.Option(help="Identity document number")],
    password: Annotated[str, typer.Option(prompt=True, hide_input=True, confirmation_prompt=True)],
    url: Url = None,
) -> None:
    """Register a cashier or a manager and print their card number."""
    if role is Role.PLAYER:
        raise typer.BadParameter("players register themselves; staff are cashier or manager")
    try:
        born = date.fromisoformat(birth_date)
    except ValueError:
        raise typer.BadParameter(f"--birth-date {birth_date!r} is not YYYY-MM-DD") from None
    store = Store(url)
    try:
        upgrade(store)
        profile = Players(store).register(
            Registration(name, born, doc_type, doc_number, password, role)
        )
    except CasinoError as error:
        typer.echo(f"refused: {error}", err=True)
        raise typer.Exit(1) from None
    finally:
        store.dispose()
    typer.echo(f"{profile.role.value} {profile.full_name}: card {profile.card_number}")


@staff_app.command("unlock")
def staff_unlock(
    card: Annotated[str, typer.Argument(help="The locked card number")],
    manager: Annotated[str, typer.Option(help="The unlocking manager's card number")],
    password: Annotated[str, typer.Option(prompt="Manager's password", hide_input=True)],
    url: Url = None,
) -> None:
    """A manager lifts the lock of an account after three wrong passwords."""
    store = Store(url)
    try:
        auth = Auth(store)
        login = auth.login(manager, password)
        try:
            auth.unlock(login.profile, card)
        finally:
            auth.logout(login.token)
    except CasinoError as error:
        typer.echo(f"refused: {error}", err=True)
        raise typer.Exit(1) from None
    finally:
        store.dispose()
    typer.echo(f"card {card} unlocked by {login.profile.full_name}")


def register(app: typer.Typer) -> None:
    app.add_typer(db_app, name="db")
    app.add_typer(staff_app, name="staff")
    app.command("audit")(audit_command)
