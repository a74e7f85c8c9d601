"""Fuzz the HTTP API from its own OpenAPI spec (schemathesis), bounded to stay fast.

Whatever schemathesis sends (valid requests and mangled ones), the server must
never answer 5xx, and every documented answer must match its schema. A few requests
per endpoint in ``make test``, many in ``make soak`` (issue 12's regression suite). The run
is logged in as a player with chips, so the money endpoints are reached too.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from croupier.server.app import create_app
from croupier.server.testing import running_server

from .conftest import FAST_HASHER, make_config


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("fuzz")
    config = make_config(folder, demo_tables=True, hasher=FAST_HASHER)
    with running_server(create_app(config)) as url:
        yield url


@pytest.fixture(scope="module")
def auth(base_url: str) -> dict[str, str]:
    import httpx

    card = httpx.post(
        f"{base_url}/api/register",
        json={
            "full_name": "Fuzz Tester",
            "birth_date": "1980-01-01",
            "document_type": "passport",
            "document_number": "FUZZ 1",
            "password": "correct horse",
        },
    ).json()["card_number"]
    token = httpx.post(
        f"{base_url}/api/login", json={"card_number": card, "password": "correct horse"}
    ).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    httpx.post(
        f"{base_url}/api/cashier/buy", json={"key": "fuzz", "amount": 10**6}, headers=headers
    )
    return headers


@pytest.mark.sizes(8, 200)  # requests per endpoint
def test_the_api_never_fails_whatever_it_is_sent(
    base_url: str, auth: dict[str, str], size: int
) -> None:
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 15
    for operation in operations:
        if operation.path == "/api/logout":
            continue  # would end the fuzzing session's own login

        @given(operation.as_strategy())
        @settings(max_examples=size, deadline=None, suppress_health_check=list(HealthCheck))
        def fuzz(case: schemathesis.Case) -> None:
            case.call_and_validate(
                base_url=base_url,
                headers=auth,
                checks=[not_a_server_error, response_schema_conformance],
            )

        fuzz()
