"""Write the rules panel's RTP figures (web/src/lib/rtp.json) from the math lab.

    PYTHONPATH=src python web/scripts/rtp.py [PROFILE ...] [--from DIR] [--keep DIR]

Runs ``croupier analyze`` for each profile (every profile by default; the
stud ones take a minute or more each on a busy machine) or reads the JSON it
printed (``croupier analyze P --json > DIR/P.json``), and keeps the house
edge of each wager a player can choose, under a stable id the client words
in its languages. Profiles not given keep their figures from the file.
``--keep DIR`` also writes each report analyzed to ``DIR/P.json``, so a wager
the ids below miss can be added later with ``--from DIR`` and no new run.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src" / "lib" / "rtp.json"

# The math lab's wager names -> the id the client words (web/src/lib/rtp.ts).
WAGERS: tuple[tuple[str, str], ...] = (
    (r"^BANKER$", "banker"),
    (r"^PLAYER$", "player"),
    (r"^TIE$", "tie"),
    (r"^red$", "every_bet"),  # roulette: every bet has the same edge (the lab checks it)
    (r"^ANTE\+PLAY \(optimal play\)$", "best_play"),
    (r"^PAIR PLUS$", "pair_plus"),
    (r"^box playing basic strategy$", "basic_strategy"),
    (r"^21\+3$", "twenty_one_plus_three"),
    # the stud lab's best play/fold per class: not the game's optimum (no improvement)
    (r"best play/fold", "best_play_never_improving"),
    (r"optimal call/fold|optimal play|best play|optimal strategy", "best_play"),
    (r"calling every hand|call all|always call", "call_every_hand"),  # hold'em: no improving
    (r"always play", "always_play"),
    (r"^BONUS$", "bonus"),
    (r"qualifying hand or better", "qualifying_or_better"),
)


def wager_id(name: str) -> str | None:
    for pattern, found in WAGERS:
        if re.search(pattern, name):
            return found
    return None


def edges(report: dict) -> list[dict]:
    """(id, house edge, unit) of each wager the report prices, first of each id."""
    rows: dict[str, dict] = {}
    # a wager's sample is on its return figure, not on the house edge derived from it
    sampled = {
        found.group(1)
        for figure in report["figures"]
        if figure["sample"] and (found := re.match(r"^(.*): return per ", figure["name"]))
    }
    for figure in report["figures"]:
        name = figure["name"]
        found = re.match(r"^(.*): house edge per (.*)$", name) or re.match(
            r"^house edge per (\w+) \((.*)\)$", name
        )
        if found is None:
            continue
        wager, unit = (
            (found.group(1), found.group(2))
            if name.endswith(found.group(2)) and ":" in name
            else (found.group(2), found.group(1))
        )
        key = wager_id(wager)
        if key is None:
            print(f"{report['profile']}: {wager!r} has no id; not shown", file=sys.stderr)
            continue
        rows.setdefault(
            key,
            {
                "line": key,
                "edge": figure["value"],
                "unit": unit,
                "sampled": bool(figure["sample"]) or wager in sampled,
            },
        )
    return list(rows.values())


def main(argv: list[str]) -> None:
    source = None
    if "--from" in argv:
        at = argv.index("--from")
        source = Path(argv[at + 1])
        del argv[at : at + 2]
    keep = None
    if "--keep" in argv:
        at = argv.index("--keep")
        keep = Path(argv[at + 1])
        keep.mkdir(parents=True, exist_ok=True)
        del argv[at : at + 2]
    found = json.loads(OUT.read_text()) if OUT.exists() else {}
    if source is not None and not argv:
        argv = sorted(p.stem for p in source.glob("*.json"))
    for profile in argv:
        if source is not None:
            report = json.loads((source / f"{profile}.json").read_text())
        else:
            import subprocess

            printed = subprocess.run(
                [sys.executable, "-c", "from croupier.cli import app; app()", "analyze", profile,
                 "--json"],
                check=True, capture_output=True, text=True,
            ).stdout  # fmt: skip
            report = json.loads(printed)
            if keep is not None:
                (keep / f"{profile}.json").write_text(printed)
        found[profile] = edges(report)
    OUT.write_text(json.dumps(dict(sorted(found.items())), indent=2) + "\n")  # as biome keeps it


if __name__ == "__main__":
    main(sys.argv[1:])
