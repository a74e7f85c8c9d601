"""The stud-versus-dealer family ("Russian poker"): one engine, many rule profiles."""

from croupier.games.stud.engine import StudGame
from croupier.games.stud.profile import StudProfile

__all__ = ["StudGame", "StudProfile"]
