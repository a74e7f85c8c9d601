"""A session's expiry closes its table sockets on every process (issue 15, item 3): the
login went through process A, the sockets are on B and on A; when the session's time is up
each process closes its own socket (error ``unauthorized``, close code 4401), with no
message between processes, and a socket opened afterwards is refused. Real processes on
PostgreSQL and Redis.

The processes have no setting for the session's length (12 hours): the session is made
short where every process reads its end, in its database row, before the sockets open."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update
from websockets.exceptions import ConnectionClosed

from croupier.casino.auth import token_hash
from croupier.store.db import Store
from croupier.store.models import LoginSession
from croupier.store.testing import postgres_store

from .cluster import cluster, table_client, wait_for
from .test_server_many_processes import CHIPS, public_table

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.xdist_group("many-processes")]
LEFT_S = 5  # the session's time left when its sockets open


@pytest.fixture
def store() -> Iterator[Store]:
    with postgres_store() as made:
        yield made


def shorten(store: Store, token: str, seconds: float) -> datetime:
    """End the session of ``token`` ``seconds`` from now; when."""
    ends = datetime.now(UTC) + timedelta(seconds=seconds)
    with store.write() as session:
        session.execute(
            update(LoginSession)
            .where(LoginSession.token_hash == token_hash(token))
            .values(expires_at=ends)
        )
    return ends


def test_an_expiring_session_closes_its_sockets_on_every_process(
    store: Store, tmp_path: Path
) -> None:
    table_id = public_table(store)
    with cluster(store.url, tmp_path, 2) as (_redis, (a, b)):
        card, token = a.player("Eva Istekayushchaya", CHIPS)  # logged in through A
        ends = shorten(store, token, LEFT_S)
        sockets = [
            table_client(b, table_id, "on-b", token),
            table_client(a, table_id, "on-a", token),
        ]
        for client in sockets:
            assert client.state["you"] == card  # the player's socket, not a spectator's
        for client in sockets:
            wait_for(lambda: client.receive()["type"] == "error", 30, f"{client.name} closed")  # noqa: B023
            said = client.messages[-1]
            assert said["code"] == "unauthorized" and "expired" in said["message"], said
            assert datetime.now(UTC) >= ends  # at its time, not before
            with pytest.raises(ConnectionClosed) as closed:
                client.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        # and no process takes the token any more
        with pytest.raises(AssertionError, match="unauthorized"):
            table_client(b, table_id, "late", token)
