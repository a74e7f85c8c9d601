"""The house-poker test kit lives with the Texas Hold'em tests (one kit, three games)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "holdem"))
