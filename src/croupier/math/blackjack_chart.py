"""Blackjack's printed strategy and insurance figures for the PAR sheet.

The basic-strategy chart is the infinite-deck calculation's best first move
for every two-card hand against every up card. Insurance and even money are
counted exactly in the profile's shoe from the cards one box sees when it is
offered (its own two and the dealer's up card).

>>> from croupier.profiles import load
>>> rows = insurance_table(load("blackjack"))
>>> [(r["the box holds"], r["value per unit"]) for r in rows[:2]]
[('two cards, no ten', '-7/103'), ('two cards, one ten', '-8/103')]
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from croupier.games.blackjack.profile import BlackjackProfile
from croupier.math.analyze import Figure

if TYPE_CHECKING:
    from croupier.math.blackjack import StrategyTable

LETTERS = {"stand": "S", "hit": "H", "double": "D", "split": "P", "surrender": "R"}
UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def strategy_chart(table: StrategyTable) -> list[dict[str, Any]]:
    """One row per two-card hand, one column per dealer up card: S stand,
    H hit, D double, P split, R surrender."""
    hands = [("hard", t, f"hard {t}") for t in range(5, 20)]
    hands += [("soft", t, f"soft {t} (A-{t - 11})") for t in range(13, 21)]
    hands += [("pair", v, "pair of " + ("aces" if v == 1 else f"{v}s")) for v in (*range(2, 11), 1)]
    rows = []
    for kind, value, label in hands:
        row: dict[str, Any] = {"the box holds": label}
        for up in UP_CARDS:
            row["A" if up == 1 else str(up)] = LETTERS[table.first_move(kind, value, up)]
        rows.append(row)
    return rows


def _left(profile: BlackjackProfile) -> tuple[int, int, int]:
    """Cards in the shoe, tens among them, aces among them."""
    decks = profile.shoe.decks
    return 52 * decks, 16 * decks, 4 * decks


def insurance_table(profile: BlackjackProfile) -> list[dict[str, Any]]:
    """The exact value per unit of insurance (against an up ace) by the tens
    in the box's two cards, and of even money for a blackjack."""
    cards, tens, aces = _left(profile)
    unseen = cards - 3
    pays = profile.insurance.pays
    rows = []
    for held, label in ((0, "two cards, no ten"), (1, "two cards, one ten"), (2, "two tens")):
        p = Fraction(tens - held, unseen)
        value = pays * p - (1 - p)
        rows.append(_row(label, "insure against an ace", value))
    bj = profile.blackjack_pays
    against = [("an ace", Fraction(tens - 1, unseen))]
    if profile.insurance.even_money_against_ten:
        against.append(("a ten", Fraction(aces - 1, unseen)))
    for up, dealer_bj in against:
        value = 1 - bj * (1 - dealer_bj)  # take 1 now instead of the blackjack's pay when it stands
        rows.append(_row("blackjack", f"even money against {up}", value))
    return rows


def _row(holds: str, decision: str, value: Fraction) -> dict[str, Any]:
    return {"the box holds": holds, "decision": decision, "value per unit": str(value),
            "per cent": round(100 * float(value), 4)}  # fmt: skip


def insurance_figures(profile: BlackjackProfile) -> tuple[Figure, ...]:
    rows = insurance_table(profile)
    return tuple(
        Figure(f"value of {r['decision']} ({r['the box holds']}) per unit",
               r["per cent"] / 100, Fraction(r["value per unit"]),
               "exact in the shoe; never worth taking" if r["per cent"] < 0 else "exact")
        for r in rows
    )  # fmt: skip
