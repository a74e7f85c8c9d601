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


def check_expectations(script: dict[str, Any], line_names: set[str] | frozenset[str]) -> None:
    """A well-formed script: actions only for boxes at the table, and each
    expected box's net equal to its lines (whole minor units, known names)."""
    numbers = [b["box"] for b in script["boxes"]]
    assert sorted(script["cards"]["boxes"]) == sorted(str(n) for n in numbers)
    for act in script["actions"]:
        assert act["box"] in numbers, f"action for a box not at the table: {act}"
    if "expect_error" in script:
        assert script["expect_error"].strip()
        return
    assert isinstance(script["expect"]["dealer_qualifies"], bool)
    for box in script["expect"]["boxes"]:
        assert box["box"] in numbers
        names = {x["line"] for x in box["lines"]}
        assert names <= line_names, f"unknown line names {names - line_names}"
        total = sum(x["returned"] - x["staked"] for x in box["lines"])
        assert box["net"] == total, f"box {box['box']}: net {box['net']} but lines give {total}"
        assert all(
            isinstance(x["staked"], int) and isinstance(x["returned"], int) for x in box["lines"]
        ), "money is integer minor units"
