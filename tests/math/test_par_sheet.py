"""``croupier par``: the PAR sheet holds the analysis's own figures, and every
table and plot it promises, rendered from the report alone."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli import app
from croupier.math.analyze import Chart, Figure, Outcome, Report, Wager, analyze
from croupier.math.par import write_par

PNG = b"\x89PNG\r\n\x1a\n"


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_par_sheet_of_baccarat_carries_the_analysis_figures(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["par", "baccarat", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    report = analyze("baccarat")
    for figure in report.figures:
        assert figure.name in page and f"{figure.value:.6f}" in page
    banker = report.wagers[0]
    summary = {r["figure"]: r for r in _csv(tmp_path / "banker-figures.csv")}
    assert float(summary["standard deviation per unit"]["value"]) == round(banker.std_dev, 6)
    assert summary["house edge per unit"]["note"] == "1.0579 %"
    assert summary["return per unit"]["exact"] == str(banker.ev)
    lines = {
        r["line"]: float(r["probability"]) for r in _csv(tmp_path / "banker-pay-table-lines.csv")
    }
    assert lines == {k: round(float(v), 6) for k, v in banker.hit_frequency().items()}
    assert lines["BANKER wins"] == 0.458597
    nets = _csv(tmp_path / "tie-distribution-of-the-net-result.csv")
    assert [r["net result per unit"] for r in nets] == ["-1", "8"]
    capped = _csv(tmp_path / "tie-maximum-payout.csv")
    # 8:1 on 250.00 is 2,000.00: under every tier's maximum payout
    assert {float(r["change of the return"]) for r in capped} == {0.0}
    for png in ("wager-3-distribution.png", "wager-3-contribution.png"):
        assert (tmp_path / png).read_bytes().startswith(PNG) and png in page


def test_any_report_gets_its_sheet_with_no_game_code(tmp_path: Path) -> None:
    # what a new analysis (the stud games') hands over: figures, a wager, a table, a chart
    flush = Outcome("win: flush", Fraction(3), Fraction(1, 10))
    wager = Wager("ANTE", "ANTE", (flush, Outcome("lose", Fraction(-1), Fraction(9, 10))), 2)
    table = [{"hand": "AK", "EV": 0.5}, {"hand": "72", "EV": -1.0}]
    report = Report("toy", "by hand", (Figure("house edge", 0.6, Fraction(3, 5)),),
                    tables={"strategy": table}, wagers=(wager,),
                    charts=(Chart("strategy", "hand", "EV"),))  # fmt: skip
    page = write_par(report, tmp_path).read_text(encoding="utf-8")
    assert "house edge" in page and "0.600000" in page and "3/5" in page
    assert _csv(tmp_path / "strategy.csv") == [{"hand": "AK", "EV": "0.5"},
                                               {"hand": "72", "EV": "-1.0"}]  # fmt: skip
    lines = _csv(tmp_path / "ante-pay-table-lines.csv")
    assert [(r["line"], r["contribution to the return"]) for r in lines] == [
        ("win: flush", "0.300000"), ("lose", "-0.900000")]  # fmt: skip
    assert (tmp_path / "chart-1.png").read_bytes().startswith(PNG)


def test_par_of_an_unknown_profile_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["par", "no-such", "--out", str(tmp_path / "x")])
    assert result.exit_code != 0
    assert not (tmp_path / "x").exists()
