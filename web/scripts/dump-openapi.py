"""Write the server's OpenAPI schema (from the FastAPI app itself) to web/openapi.json."""

import json
import sys
from pathlib import Path

from croupier.server.app import create_app
from croupier.server.config import ServerConfig

app = create_app(ServerConfig(database_url="sqlite://", demo_tables=False))
default = Path(__file__).resolve().parents[1] / "openapi.json"
out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
out.write_text(json.dumps(app.openapi(), indent=1, sort_keys=True) + "\n")
