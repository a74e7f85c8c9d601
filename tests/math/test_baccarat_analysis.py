"""`croupier analyze baccarat`: the exact figures through the registry and the command."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from croupier.cli import app
from croupier.math.analyze import analyze


def test_analyze_baccarat_reports_the_published_odds_and_edges() -> None:
    report = analyze("baccarat")
    figures = {f.name: f for f in report.figures}
    assert round(figures["P(banker wins)"].value, 6) == 0.458597
    assert round(figures["return of BANKER"].value, 6) == -0.010579
    exact = figures["P(tie wins)"].exact
    assert (
        exact is not None
        and exact + figures["P(player wins)"].exact + figures["P(banker wins)"].exact == 1
    )


def test_croupier_analyze_baccarat_prints_json() -> None:
    result = CliRunner().invoke(app, ["analyze", "baccarat", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    names = [f["name"] for f in data["figures"]]
    assert names[:3] == ["P(banker wins)", "P(player wins)", "P(tie wins)"]
