"""GET /api/limits shows the limits that apply to the person (issue 12): the strictest in force
on any of the person's cards, what was bought on all of them and what is left."""

from __future__ import annotations

from fastapi.testclient import TestClient

from croupier.casino.players import REGISTRATION_REFUSED

from .conftest import PASSWORD, login, register


def test_limits_show_the_persons_strictest_limit_on_every_card(client: TestClient) -> None:
    first = login(client, register(client, "Anna Petrova"))
    second = login(client, register(client, "ANNA  petrova"))  # the same person, another document
    put = client.put("/api/limits/deposit", json={"period_days": 1, "amount": 5000}, headers=first)
    assert put.status_code == 200, put.text
    bought = client.post("/api/cashier/buy", json={"key": "b1", "amount": 1500}, headers=second)
    assert bought.status_code == 200, bought.text
    for headers, own in ((first, 5000), (second, None)):
        daily = client.get("/api/limits", headers=headers).json()["deposit_limits"][0]
        assert daily["period_days"] == 1
        assert (daily["amount"], daily["applies"], daily["deposited"], daily["left"]) == (
            own,
            5000,
            1500,
            3500,
        )
    refused = client.post("/api/cashier/buy", json={"key": "b2", "amount": 3600}, headers=second)
    assert refused.json()["error"]["params"]["left"] == 3500  # the page and the refusal agree


def test_the_attack_a_self_excluded_person_registering_on_a_driving_licence_is_refused(
    client: TestClient,
) -> None:
    """Issue 12, finding 2, as it was done over HTTP: excluded on the passport's card, the
    person registered again with the same name and birth date on a driving licence and
    bought chips. Now the registration is refused, and a card the person had before the
    exclusion buys nothing either."""
    earlier = login(client, register(client, "Boris Godunov", born="1985-03-14"))
    excluded = login(client, register(client, "BORIS godunov", born="1985-03-14"))
    answer = client.post("/api/limits/self-exclusion", json={"months": 6}, headers=excluded)
    assert answer.status_code == 200, answer.text
    again = client.post(
        "/api/register",
        json={
            "full_name": "Boris  Godunov",
            "birth_date": "1985-03-14",
            "document_type": "driving_licence",
            "document_number": "77 AB 222222",
            "password": PASSWORD,
        },
    )
    assert again.status_code == 403 and again.json()["error"]["message"] == REGISTRATION_REFUSED
    buy = client.post("/api/cashier/buy", json={"key": "b", "amount": 100}, headers=earlier)
    assert buy.status_code == 403 and "self-excluded" in buy.json()["error"]["message"]
