"""Structured logs: one JSON object a line, with the fields an operator filters on.

>>> import logging
>>> record = logging.LogRecord("croupier.server", logging.INFO, __file__, 1, "intent", (), None)
>>> record.table = "t1"
>>> line = JsonFormatter().format(record)
>>> '"msg": "intent"' in line and '"table": "t1"' in line
True
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

# Attributes every LogRecord has; anything else was passed with ``extra=`` and is logged.
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}

log = logging.getLogger("croupier.server")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, object] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                data[key] = value
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str, ensure_ascii=False)


def configure(json_logs: bool = True, level: int = logging.INFO) -> None:
    """Send the server's logs to stderr, as JSON lines (or plain text for a terminal)."""
    handler = logging.StreamHandler()
    handler.setFormatter(
        JsonFormatter() if json_logs else logging.Formatter("%(levelname)s %(name)s %(message)s")
    )
    # The casino core logs what staff must see (a refused registration's reason) itself.
    for logger in (log, logging.getLogger("croupier.casino")):
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False
