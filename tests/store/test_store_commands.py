"""``croupier db upgrade`` and ``croupier staff create``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from croupier.casino import Casino, Role
from croupier.cli import app
from croupier.store import Store
from croupier.store.migrate import current_revision, head_revision


def test_db_upgrade_command_creates_the_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'casino.sqlite3'}"
    result = CliRunner().invoke(app, ["db", "upgrade", "--url", url])
    assert result.exit_code == 0, result.output
    assert "at revision 0001 (head 0001)" in result.output
    store = Store(url)
    assert current_revision(store) == head_revision()
    store.dispose()


def test_db_upgrade_command_on_postgres(store: Store) -> None:
    result = CliRunner().invoke(app, ["db", "upgrade", "--url", store.url])
    assert result.exit_code == 0, result.output
    assert "at revision 0001" in result.output


def test_staff_create_command_registers_a_manager_who_can_log_in(store: Store) -> None:
    args = ["staff", "create", "--role", "manager", "--name", "Olga Smirnova"]
    args += ["--birth-date", "1975-03-08", "--doc-type", "passport", "--doc-number", "4500 1"]
    result = CliRunner().invoke(
        app, [*args, "--url", store.url], input="long password\nlong password\n"
    )
    assert result.exit_code == 0, result.output
    card = result.output.strip().split()[-1]
    login = Casino(store).auth.login(card, "long password")
    assert login.profile.role is Role.MANAGER
    assert login.profile.full_name == "Olga Smirnova"
    again = CliRunner().invoke(
        app, [*args, "--url", store.url], input="long password\nlong password\n"
    )
    assert again.exit_code == 1
    assert "already registered" in again.output


def test_staff_create_command_refuses_a_bad_birth_date(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'casino.sqlite3'}"
    args = ["staff", "create", "--role", "cashier", "--name", "Pavel", "--birth-date", "08.03.1975"]
    args += ["--doc-type", "passport", "--doc-number", "1", "--url", url]
    result = CliRunner().invoke(app, args, input="long password\nlong password\n")
    assert result.exit_code == 2
    assert "is not YYYY-MM-DD" in result.output
