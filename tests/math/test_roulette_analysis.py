"""`croupier analyze roulette`: every bet's exact return is -1/37."""

from __future__ import annotations

from fractions import Fraction

from typer.testing import CliRunner

from croupier.cli import app
from croupier.math.analyze import analyze


def test_analyze_roulette_every_kind_returns_minus_one_thirty_seventh() -> None:
    report = analyze("roulette")
    kinds = {f.name.removeprefix("return of ") for f in report.figures}
    assert {
        "straight",
        "six_line",
        "red",
        "voisins",
        "orphelins",
        "neighbours",
        "complete",
    } <= kinds
    assert {f.exact for f in report.figures} == {Fraction(-1, 37)}


def test_croupier_analyze_roulette_prints_a_table() -> None:
    result = CliRunner().invoke(app, ["analyze", "roulette"])
    assert result.exit_code == 0, result.output
    assert "zero_spiel" in result.output and "-0.027027" in result.output
