"""The browser's provably-fair verifier is tested against vectors of the server's own
derivation (web/src/lib/fair-vectors.json): they must be what the server derives today."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "web" / "scripts" / "fair-vectors.py"
COMMITTED = ROOT / "web" / "src" / "lib" / "fair-vectors.json"


def test_the_browser_verifier_vectors_are_the_servers_derivation() -> None:
    spec = importlib.util.spec_from_file_location("fair_vectors", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # compared as data: the client's formatter (biome) lays the committed file out its own way
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert committed == json.loads(module.text()), (
        "stale: PYTHONPATH=src python web/scripts/fair-vectors.py web/src/lib/fair-vectors.json"
    )
