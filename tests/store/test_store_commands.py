"""``croupier db upgrade``, ``croupier staff create`` and ``croupier staff unlock``."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.casino import AccountLocked, AuthError, Casino, Registration, Role
from croupier.cli import app
from croupier.store import Store
from croupier.store.migrate import current_revision, head_revision
from croupier.store.testing import SettableClock


def test_db_upgrade_command_creates_the_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'casino.sqlite3'}"
    result = CliRunner().invoke(app, ["db", "upgrade", "--url", url])
    assert result.exit_code == 0, result.output
    head = head_revision()
    assert f"at revision {head} (head {head})" in result.output
    store = Store(url)
    assert current_revision(store) == head_revision()
    store.dispose()


def test_db_upgrade_command_on_postgres(store: Store) -> None:
    result = CliRunner().invoke(app, ["db", "upgrade", "--url", store.url])
    assert result.exit_code == 0, result.output
    assert f"at revision {head_revision()}" in result.output


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
    assert "cannot be registered online" in again.output


def test_staff_create_command_refuses_a_bad_birth_date(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'casino.sqlite3'}"
    args = ["staff", "create", "--role", "cashier", "--name", "Pavel", "--birth-date", "08.03.1975"]
    args += ["--doc-type", "passport", "--doc-number", "1", "--url", url]
    result = CliRunner().invoke(app, args, input="long password\nlong password\n")
    assert result.exit_code == 2
    assert "is not YYYY-MM-DD" in result.output


def test_staff_unlock_command_lifts_a_lock_for_a_manager_only(
    store: Store, clock: SettableClock
) -> None:
    # The command runs on the real clock: lock the account on the real clock too.
    clock.set(datetime.now(UTC))
    casino = Casino(store)
    boss, desk, ann = (
        casino.players.register(
            Registration(name, date(1975, 3, 8), "passport", str(n), f"{n} password", role)
        )
        for n, name, role in (
            (1, "Olga Smirnova", Role.MANAGER),
            (2, "Pavel Orlov", Role.CASHIER),
            (3, "Anna Petrova", Role.PLAYER),
        )
    )
    for _ in range(3):
        with pytest.raises(AuthError):
            casino.auth.login(ann.card_number, "guess")
    runner = CliRunner()
    args = ["staff", "unlock", ann.card_number, "--url", store.url, "--manager"]
    refused = runner.invoke(app, [*args, desk.card_number], input="2 password\n")
    assert refused.exit_code == 1
    assert "Pavel Orlov is a cashier: only a manager unlocks" in refused.output
    with pytest.raises(AccountLocked):
        casino.auth.login(ann.card_number, "3 password")
    done = runner.invoke(app, [*args, boss.card_number], input="1 password\n")
    assert done.exit_code == 0, done.output
    assert f"card {ann.card_number} unlocked by Olga Smirnova" in done.output
    assert casino.auth.login(ann.card_number, "3 password").profile == ann
