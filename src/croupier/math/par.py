"""``croupier par PROFILE --out DIR``: the PAR sheet a casino files with a regulator.

Rendered from the game's :class:`~croupier.math.analyze.Report` alone, so a
new analysis gets its sheet with no code here: ``index.html`` with every
figure; for each wager its return, house edge, element of risk, standard
deviation, the hit frequency and contribution of every pay-table line, the
distribution of the net result and the effect of the maximum payout at each
of the casino's limit tiers; every table of the report. Next to it, a CSV
of each table and PNG plots (matplotlib, Agg backend: no display needed).
"""

from __future__ import annotations

import csv
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from croupier.games.base import Limits
from croupier.math.analyze import Report, Wager


@dataclass(frozen=True, slots=True)
class Tier:
    """A table-limit tier, for the maximum payout's effect."""

    name: str
    limits: Limits


def casino_tiers() -> tuple[Tier, ...]:
    """The casino's limit tiers (the default tier first)."""
    from croupier.games.common.tiers import DEFAULT_TIER, LIMIT_TIERS

    tiers = sorted(LIMIT_TIERS, key=lambda t: t.name != DEFAULT_TIER)
    return tuple(Tier(t.name, t.limits) for t in tiers)


def cap_effect(wager: Wager, limits: Limits) -> list[dict[str, Any]]:
    """The wager's return at the smallest and largest stake the limits allow,
    with the table's maximum payout cutting a round's winnings."""
    rows = []
    for label, stake in (("minimum", limits.min_stake), ("maximum", limits.max_stake)):
        cap = Fraction(limits.max_payout, stake)
        capped = wager.capped_ev(cap)
        rows.append({
            "stake": f"{label} {money(stake)}",
            "maximum payout": money(limits.max_payout),
            f"cap in {wager.unit}": round(float(cap), 2),
            "return": round(float(capped), 8),
            "change of the return": round(float(capped - wager.ev), 8),
        })  # fmt: skip
    return rows


def money(minor: int) -> str:
    return f"{minor // 100:,}.{minor % 100:02d}"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "table"


def _number(value: Fraction | float) -> str:
    return f"{float(value):.6f}"


def wager_tables(wager: Wager, tiers: Sequence[Tier]) -> dict[str, list[dict[str, Any]]]:
    """The standard tables of one wager, named for the sheet."""
    lines = [
        {
            "line": line,
            "probability": _number(p),
            "1 in": f"{1 / float(p):,.1f}" if p else "",
            "contribution to the return": _number(wager.contribution()[line]),
        }
        for line, p in wager.hit_frequency().items()
    ]
    distribution = [
        {f"net result per {wager.unit}": str(net), "probability": _number(p)}
        for net, p in wager.distribution().items()
    ]
    summary = [{"figure": f.name.partition(": ")[2], "value": _number(f.value),
                "exact": "" if f.exact is None else str(f.exact), "note": f.note}
               for f in wager.figures() if "hit frequency" not in f.name]  # fmt: skip
    cap = [{"tier": t.name, **row} for t in tiers for row in cap_effect(wager, t.limits)]
    return {
        f"{wager.name}: figures": summary,
        f"{wager.name}: pay-table lines": lines,
        f"{wager.name}: distribution of the net result": distribution,
        f"{wager.name}: maximum payout": cap,
    }


def _html_table(title: str, rows: list[dict[str, Any]], csv_name: str | None) -> str:
    if not rows:
        return ""
    head = "".join(f"<th>{html.escape(str(k))}</th>" for k in rows[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row.values()) + "</tr>"
        for row in rows
    )
    link = f' <a href="{csv_name}">CSV</a>' if csv_name else ""
    return f"<h3>{html.escape(title)}{link}</h3><table><tr>{head}</tr>{body}</table>"


def _write_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def _bar(path: Path, title: str, labels: Sequence[str], values: Sequence[float], y: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    width = max(6.0, min(24.0, 0.18 * len(labels) + 3))
    fig, ax = plt.subplots(figsize=(width, 4.5))
    ax.bar(range(len(values)), values, color=["#2a7" if v >= 0 else "#c44" for v in values])
    ax.set_xticks(range(len(labels)), labels, rotation=90 if len(labels) > 8 else 0, fontsize=7)
    ax.set_title(title)
    ax.set_ylabel(y)
    ax.axhline(0, color="black", linewidth=0.6)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _plots(report: Report, out: Path) -> list[tuple[str, str]]:
    """Write the sheet's PNG plots; (file, caption) of each."""
    made = []
    for i, w in enumerate(report.wagers):
        dist = w.distribution()
        name = f"wager-{i + 1}-distribution.png"
        title = f"{w.name}: distribution of the net result"
        _bar(out / name, title, [str(n) for n in dist], [float(p) for p in dist.values()],
             "probability")  # fmt: skip
        made.append((name, title))
        parts = w.contribution()
        name = f"wager-{i + 1}-contribution.png"
        title = f"{w.name}: contribution to the return by line"
        _bar(out / name, title, list(parts), [float(v) for v in parts.values()],
             f"per {w.unit}")  # fmt: skip
        made.append((name, title))
    for i, chart in enumerate(report.charts):
        rows = report.tables[chart.table]
        name = f"chart-{i + 1}.png"
        _bar(out / name, chart.table, [str(r[chart.label]) for r in rows],
             [float(r[chart.value]) for r in rows], chart.value)  # fmt: skip
        made.append((name, chart.table))
    return made


_STYLE = (
    "body{font-family:sans-serif;margin:2em;max-width:80em}"
    "table{border-collapse:collapse;margin-bottom:1em}"
    "td,th{border:1px solid #999;padding:2px 6px;font-size:90%;text-align:right}"
    "td:first-child,th:first-child{text-align:left}"
)


def write_par(report: Report, out: Path, tiers: Sequence[Tier] | None = None) -> Path:
    """Write the PAR sheet of ``report`` into the directory ``out``; the HTML's path."""
    out.mkdir(parents=True, exist_ok=True)
    tiers = casino_tiers() if tiers is None else tiers
    sections: list[str] = []
    figures = [{"figure": f.name, "value": _number(f.value), "exact": str(f.exact or ""),
                "note": f.note} for f in report.figures]  # fmt: skip
    sections.append(_html_table("Figures", figures, None))
    tables: dict[str, list[dict[str, Any]]] = {}
    for w in report.wagers:
        tables.update(wager_tables(w, tiers))
    tables.update(report.tables)
    for title, rows in tables.items():
        if not rows:
            continue
        name = _slug(title) + ".csv"
        _write_csv(out / name, rows)
        sections.append(_html_table(title, rows, name))
    plots = "".join(
        f'<figure><img src="{name}" alt="{html.escape(caption)}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        for name, caption in _plots(report, out)
    )
    page = (
        f"<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>PAR sheet: {html.escape(report.profile)}</title><style>{_STYLE}</style></head>"
        f"<body><h1>PAR sheet: {html.escape(report.profile)}</h1>"
        f"<p>Method: {html.escape(report.method)} ({report.seconds:.1f} s). "
        f"Reproduce with <code>croupier par {html.escape(report.profile)} --out DIR</code>.</p>"
        f"{''.join(sections)}<h2>Plots</h2>{plots}</body></html>"
    )
    path = out / "index.html"
    path.write_text(page, encoding="utf-8")
    return path
