"""The terminal client: play any game's rounds against the dealer, list the profiles.

:func:`~croupier.play.session.play_session` drives an engine through the
round protocol; each game's drawing and prompts are a
:class:`~croupier.play.plugin.TablePlugin` (see docs/terminal.md).
"""

from croupier.play.session import SessionResult, TableOptions, play_session
from croupier.play.terminal import LeftTable, Terminal, scripted

__all__ = ["LeftTable", "SessionResult", "TableOptions", "Terminal", "play_session", "scripted"]
