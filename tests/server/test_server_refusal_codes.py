"""Every refusal carries a stable code (and its figures) beside the English sentence.

Each case provokes the refusal for real, through the REST API or the table
socket, and checks the code a client words it by: a reworded sentence in the
core fails here instead of silently falling back to a broad class.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

import croupier
from croupier.server.refusals import CODES, RAISED
from croupier.server.testing import known_deals

from .conftest import PASSWORD, register
from .test_server_ws import LIMITS, join, open_table
from .wskit import TableClient, seated_at_personal_table, two_seated

Make = Callable[..., tuple[str, dict[str, str]]]
DOCS = Path(__file__).parents[2] / "docs" / "api.md"


def error(answer: Any) -> dict[str, Any]:
    found: dict[str, Any] = answer.json()["error"]
    return found


def test_login_failures_share_one_code_and_no_session_is_its_own(client: TestClient) -> None:
    card = register(client)
    wrong = client.post("/api/login", json={"card_number": card, "password": "x" * 12})
    assert (wrong.status_code, error(wrong)["code"], error(wrong)["kind"]) == (
        401,
        "login_failed",
        "unauthorized",
    )
    for _ in range(3):  # the lock after three is not told apart
        wrong = client.post("/api/login", json={"card_number": card, "password": "y" * 12})
    assert error(wrong)["code"] == "login_failed"
    client.cookies.clear()
    assert error(client.get("/api/balance"))["code"] == "session_ended"


def test_registration_refusals_have_codes_and_figures(client: TestClient) -> None:
    body = {
        "full_name": "Ivan Mladshy",
        "birth_date": "2020-01-01",
        "document_type": "passport",
        "document_number": "4509 777001",
        "password": PASSWORD,
    }
    young = error(client.post("/api/register", json=body))
    assert young["code"] == "under_age" and young["params"] == {
        "age": 18,
        "adult_from": "2038-01-01",
    }
    short = error(
        client.post("/api/register", json={**body, "birth_date": "1990-01-01", "password": "short"})
    )
    assert short["code"] == "password_too_short" and short["params"] == {"min": 10}


def test_limits_and_exclusion_refusals(client: TestClient, player: Make) -> None:
    _card, headers = player()
    put = client.put(
        "/api/limits/deposit", json={"period_days": 1, "amount": 5000}, headers=headers
    )
    assert put.status_code == 200, put.text
    buy = {"key": "b-1", "amount": 4000}
    assert client.post("/api/cashier/buy", json=buy, headers=headers).status_code == 200
    over = error(
        client.post("/api/cashier/buy", json={"key": "b-2", "amount": 2000}, headers=headers)
    )
    assert over["code"] == "deposit_limit" and over["kind"] == "refused"
    assert over["params"] == {"period": "24-hour", "limit": 5000, "used": 4000, "left": 1000}
    reused = error(
        client.post("/api/cashier/buy", json={"key": "b-1", "amount": 100}, headers=headers)
    )
    assert reused["code"] == "idempotency_key_reused"
    out = error(
        client.post("/api/cashier/cash-out", json={"key": "c-1", "amount": 9000}, headers=headers)
    )
    assert out["code"] == "insufficient_chips" and out["params"] == {"have": 4000, "needed": 9000}
    assert client.post("/api/limits/self-exclusion", json={}, headers=headers).status_code == 200
    excluded = error(
        client.post("/api/cashier/buy", json={"key": "b-3", "amount": 100}, headers=headers)
    )
    assert excluded["code"] == "self_excluded" and "until" in excluded["params"]


def test_table_and_round_lookups(client: TestClient, player: Make) -> None:
    _card, headers = player()
    assert error(client.get("/api/tables/4242"))["code"] == "table_not_found"
    assert error(client.get("/api/history/t1-r1", headers=headers))["code"] == "round_not_found"
    for tier in ("5", "25"):
        client.post("/api/tables", json={"profile": "russian", "tier": tier}, headers=headers)
    third = error(
        client.post("/api/tables", json={"profile": "russian", "tier": "50"}, headers=headers)
    )
    assert third["code"] == "personal_tables_limit" and third["params"] == {"most": 2}


def test_table_socket_refusals_carry_codes_and_figures(client: TestClient, player: Make) -> None:
    table_id = open_table(client)  # limits 100..10000
    _anna, anna_headers = player(chips=100_000)
    _boris, boris_headers = player("Boris Ivanov", chips=50)
    with (
        # A known deal: Anna's box holds less than three of a kind (insurance refused).
        known_deals(b"refusal-codes: anna holds no trips"),
        join(client, table_id, anna_headers, "a") as a_socket,
        join(client, table_id, boris_headers, "b") as b_socket,
    ):
        anna, boris = TableClient(a_socket, "a"), TableClient(b_socket, "b")
        assert anna.send(intent="sit", box=1)["type"] == "ack"
        taken = boris.send(intent="sit", box=1)
        assert taken["code"] == "box_taken" and taken["kind"] == "refused"
        assert boris.send(intent="sit", box=2)["type"] == "ack"
        low = anna.send(intent="stake", box=1, stake={"ante": 50})
        assert low["code"] == "stake_below_minimum"
        assert low["params"] == {"amount": 50, "min": 100, "max": 10_000}
        high = anna.send(intent="stake", box=1, stake={"ante": 20_000})
        assert high["code"] == "stake_above_maximum"
        poor = boris.send(intent="stake", box=2, stake={"ante": 1000})
        assert poor["code"] == "insufficient_chips" and poor["params"]["have"] == 50
        assert boris.send(intent="stake", box=1, stake={"ante": 100})["code"] == "box_not_yours"
        assert anna.send(intent="stake", box=1, stake={"ante": 1000})["type"] == "ack"
        again = anna.send(intent="stake", box=1, stake={"ante": 1000})
        assert again["code"] == "already_staked"
        house = anna.send(intent="deal")  # a public table: only the house deals
        assert (house["code"], house["kind"]) == ("house_deals", "refused")
        # Boris, who cannot stake, stands up: every seat left is staked, the house deals.
        assert boris.send(intent="stand", box=2)["type"] == "ack"
        rule = anna.send(intent="act", action={"box": 1, "act": "insure"})
        assert rule["code"] == "rule_refused" and rule["kind"] == "refused"
        assert "insurance needs three of a kind" in rule["message"]
        assert anna.send(intent="act", action={"box": 2, "act": "play"})["code"] == "box_not_yours"


def test_every_code_is_in_the_schema_and_documented(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["ErrorDetail"]
    assert schema["properties"]["code"]["enum"] == list(CODES)
    documented = DOCS.read_text(encoding="utf-8")
    missing = [code for code in CODES if f"`{code}`" not in documented]
    assert missing == [], f"docs/api.md does not list {missing}"
    assert len(set(RAISED)) == len(RAISED)


def test_engine_refusals_carry_their_own_codes(client: TestClient, player: Make) -> None:
    table_id = open_table(client)  # russian, public, limits 100..10000
    _anna, anna_headers = player(chips=100_000)
    _boris, boris_headers = player("Boris Ivanov", chips=100_000)
    with two_seated(client, table_id, anna_headers, boris_headers) as (anna, boris):
        assert anna.send(intent="stake", box=1, stake={"ante": 100})["type"] == "ack"
        dealt = boris.send(intent="stake", box=2, stake={"ante": 100})
        assert dealt["type"] == "ack"  # every seated box staked: the deal comes at once
        early = boris.send(intent="act", action={"box": 2, "act": "play"})
        assert (early["code"], early["kind"], early["params"]) == (
            "not_your_turn",
            "refused",
            {"box": 1},
        )
        assert anna.send(intent="act", action={"box": 1, "act": "play"})["type"] == "ack"
        again = anna.send(intent="act", action={"box": 1, "act": "fold"})
        assert again["code"] == "box_already_acted"
        unknown = boris.send(intent="act", action={"box": 2, "act": "surrender"})
        assert unknown["code"] == "unknown_action"


def test_an_exchange_where_the_game_has_none_is_exchange_not_now(
    client: TestClient, player: Make
) -> None:
    _card, headers = player(chips=100_000)
    with seated_at_personal_table(client, headers, "five-card-sixth", LIMITS) as me:
        assert me.send(intent="stake", box=1, stake={"ante": 100})["type"] == "ack"
        refused = me.send(intent="act", action={"box": 1, "act": "exchange", "cards": ["2c"]})
        assert refused["code"] == "exchange_not_now", refused


def test_every_code_a_raise_site_gives_is_listed() -> None:
    """Read every raise site of the source: a code given there but missing from the list
    (and so from the schema, the docs and the client's wording) fails here."""
    given = codes_given_in(Path(croupier.__file__).parent)
    assert given, "no raise site found: the scan is broken"
    assert sorted(given - set(RAISED)) == []
    assert sorted(set(RAISED) - given) == []  # and nothing listed that nothing raises


CODED = {
    "Reason",
    "CodedError",
    "CasinoError",
    "BadInput",
    "NotFound",
    "Refused",
    "InsufficientFunds",
    "RoundClosed",
    "Conflict",
    "AuthError",
    "AccountLocked",
    "RuleError",
    "IllegalIntent",
}


def codes_given_in(root: Path) -> set[str]:
    """The code literals of every ``Refused("...", "code")``-like call (a module-level
    constant or a conditional of literals resolved)."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in root.rglob("*.py")]
    constants = {  # module-level text constants, as imported by name elsewhere
        target.id: node.value.value
        for tree in trees
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
        for target in node.targets
        if isinstance(target, ast.Name) and isinstance(node.value.value, str)
    }
    found: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or getattr(node.func, "id", None) not in CODED:
                continue
            given = [k.value for k in node.keywords if k.arg == "code"]
            given += node.args[1:2]
            for value in given:
                found |= _literals(value, constants)
    return found


def _literals(node: ast.expr, constants: dict[str, str]) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Name) and node.id in constants:
        return {constants[node.id]}
    if isinstance(node, ast.IfExp):
        return _literals(node.body, constants) | _literals(node.orelse, constants)
    return set()
