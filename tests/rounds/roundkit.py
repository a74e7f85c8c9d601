"""What every round-script runner here shares: reading a script, naming it,
and comparing stake lines as a multiset (all-zero lines may be left out)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

Line = tuple[str, int, int]


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def script_id(path: Path) -> str:
    """``<folder>/<file stem>``: the test id of a script."""
    return f"{path.parent.name}/{path.stem}"


def lines(settled: list[dict[str, Any]]) -> Counter[Line]:
    """The multiset of (line, staked, returned); all-zero lines may be omitted."""
    return Counter(
        (str(x["line"]), int(x["staked"]), int(x["returned"]))
        for x in settled
        if x["staked"] or x["returned"]
    )
