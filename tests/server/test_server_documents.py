"""Registration over HTTP takes the identity document type from the fixed list
only, and a retyped document number is the same document (security review 1:
a self-excluded player registered again as "pasport")."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.casino.documents import DocumentType

from .conftest import PASSWORD, login


def _register(client: TestClient, kind: Any, number: str, name: str = "Anna Petrova") -> Any:
    return client.post(
        "/api/register",
        json={
            "full_name": name,
            "birth_date": "1990-05-17",
            "document_type": kind,
            "document_number": number,
            "password": PASSWORD,
        },
    )


@pytest.mark.parametrize("kind", ["passport.", "pasport", "internal passport", "", 1])
def test_register_api_refuses_a_document_type_outside_the_list(
    client: TestClient, kind: Any
) -> None:
    answer = _register(client, kind, "4509 123456")
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad_input" and "document_type" in str(error)


def test_register_api_self_excluded_player_cannot_register_the_document_again(
    client: TestClient,
) -> None:
    first = _register(client, "passport", "4509 123456")
    assert first.status_code == 201, first.text
    headers = login(client, first.json()["card_number"])
    excluded = client.post("/api/limits/self-exclusion", json={"months": 6}, headers=headers)
    assert excluded.status_code < 300, excluded.text
    again = _register(client, "passport", "4509-123-456", "Anna Petrova-Second")
    assert again.status_code == 403, again.text
    assert "cannot be registered online" in again.json()["error"]["message"]


def test_register_api_schema_lists_the_document_types(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    assert schemas["DocumentType"]["enum"] == [t.value for t in DocumentType]
