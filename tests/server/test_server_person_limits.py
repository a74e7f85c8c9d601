"""GET /api/limits shows the limits that apply to the person (issue 12): the strictest in force
on any of the person's cards, what was bought on all of them and what is left."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import login, register


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
