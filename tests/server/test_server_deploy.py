"""docs/operations.md's deployment commands, run as written by scripts/deploy-check.sh:
two real processes on PostgreSQL and Redis, their endpoints, nginx in front of them (a
round played through it, a backend killed and its player resumed), the audit."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from croupier.server.testing import free_port

from .cluster import SRC

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "deploy-check.sh"
GUIDE = ROOT / "docs" / "operations.md"


def guide_commands() -> list[str]:
    """The commands of the guide's "Starting N processes" block."""
    text = GUIDE.read_text()
    section = text[text.index("### Starting N processes") :]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.strip()]


def guide_nginx() -> list[str]:
    """The lines of the guide's nginx configuration."""
    text = GUIDE.read_text()
    block = re.search(r"```nginx\n(.*?)```", text, re.S)
    assert block is not None
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def guide_haproxy() -> list[str]:
    """The lines of the guide's haproxy configuration."""
    text = GUIDE.read_text()
    block = re.search(r"```haproxy\n(.*?)```", text, re.S)
    assert block is not None
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def test_deploy_every_line_of_the_guides_haproxy_configuration_is_in_the_script() -> None:
    script = SCRIPT.read_text().replace("$A", "8001").replace("$B", "8002")
    lines = {line.strip() for line in script.splitlines()}
    for line in guide_haproxy():
        if not line.startswith("bind "):  # the check listens on plain http, no certificate
            assert line in lines, line


def test_deploy_every_line_of_the_guides_nginx_configuration_is_in_the_script() -> None:
    script = SCRIPT.read_text().replace("$A", "8001").replace("$B", "8002").replace("\\$", "$")
    lines = {line.strip() for line in script.splitlines()}
    for line in guide_nginx():
        if not line.startswith("listen "):  # the check listens on plain http, no certificate
            assert line in lines, line


def test_deploy_every_command_of_the_guide_is_in_the_script() -> None:
    script = SCRIPT.read_text().replace("$A", "8001").replace("$B", "8002")
    for command in guide_commands():
        if command.startswith("export "):  # the script points them at a throw-away schema
            assert command.split("=", 1)[0] in script, command
        else:
            assert command in script.splitlines(), command


@pytest.mark.postgres
@pytest.mark.slow
def test_deploy_script_runs_two_processes_on_postgres_and_redis_behind_nginx() -> None:
    check_deploy_script("nginx")


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.soak
def test_deploy_script_runs_two_processes_on_postgres_and_redis_behind_haproxy() -> None:
    # make soak: the script installs haproxy with apt when it is missing (as root).
    check_deploy_script("haproxy")


def check_deploy_script(proxy: str) -> None:
    env = {
        **os.environ,
        "PROXY": proxy,
        "A": str(free_port()),
        "B": str(free_port()),
        "P": str(free_port()),
        "PYTHONPATH": str(SRC),
        "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}",
    }
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert '{"status":"ok"}' in done.stdout
    assert '"status":"ready"' in done.stdout and '"redis":"ok"' in done.stdout
    assert "croupier_open_rounds 0.0" in done.stdout
    assert '"clock":true' in done.stdout  # the first process holds the clock
    assert "OK: every check passed" in done.stdout
    # Through nginx: the players on different processes, one killed, its player resumed.
    out = done.stdout
    assert re.search(r"ann is on 127.0.0.1:(\d+), bob on 127.0.0.1:(?!\1)\d+, both through", out)
    assert re.search(r"ann decided on \S+, bob saw it on \S+", out)
    assert re.search(r"killed; bob reconnected through the proxy to \S+, seq \d+", out)
    assert re.search(r"round t\d+-r\d+ settled; ann saw it without reconnecting", out)
