# Two commands run everything: `make run` (the main job) and `make test`.
# Each one sets up what it needs and is quick the second time.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: run test test-fast soak lint typecheck bench clean services chromium nginx node webapp web-check checks

# The browser client: TypeScript + Svelte + Vite in web/, built into the package (src/croupier/webapp,
# served at /app/). npm ci installs exactly the committed lockfile.
WEB_DEPS := web/node_modules/.package-lock.json

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Ray (the math lab's --cluster) is for the soak's real cluster; make test does without it.
CLUSTER := $(VENV)/.cluster
$(CLUSTER): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,cluster]'
	touch $(CLUSTER)

node:
	@command -v npm >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm)

$(WEB_DEPS): web/package.json web/package-lock.json | node
	cd web && npm ci --no-audit --no-fund
	touch $(WEB_DEPS)

WEB_BUILT := src/croupier/webapp/index.html
WEB_SOURCES := $(shell find web/src -type f 2>/dev/null) web/index.html web/vite.config.ts web/svelte.config.js

webapp: $(WEB_BUILT)

$(WEB_BUILT): $(WEB_DEPS) $(WEB_SOURCES)
	cd web && npx vite build

# The API types must be those of the server as it is: dump its OpenAPI schema, generate, compare.
# After the build (order only), so that under make -j the two never share web/ at once.
web-check: $(STAMP) $(WEB_DEPS) | $(WEB_BUILT)
	@tmp=$$(mktemp -d) && $(BIN)/python web/scripts/dump-openapi.py $$tmp/openapi.json \
	  && (cd web && npx openapi-typescript $$tmp/openapi.json -o $$tmp/api-schema.d.ts >/dev/null) \
	  && (diff -u web/src/lib/api-schema.d.ts $$tmp/api-schema.d.ts \
	      || (echo "web/src/lib/api-schema.d.ts is stale: cd web && npm run api-types" && rm -rf $$tmp && exit 1)) \
	  && rm -rf $$tmp
	cd web && npx biome check src && npx svelte-check --tsconfig ./tsconfig.json --fail-on-warnings \
	  && npx tsc --noEmit -p tsconfig.json && npx vitest run

run: $(STAMP) webapp
	$(BIN)/croupier serve

services:
	@bash scripts/ensure-services.sh

# The browser tests drive Debian's Chromium through Playwright (never `playwright install`).
# The apt-get targets come one after another (node, chromium, nginx) even under make -j.
chromium: | node
	@command -v chromium >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# The deployment check (scripts/deploy-check.sh) puts Debian's nginx in front of two processes.
nginx: | chromium
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx \
	  || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

# Everything before the tests. The steps are independent but for their prerequisites (the Python
# install and npm ci, then ruff, mypy, the client's checks and its build), so `make test` runs
# them two at a time, one for each of the machine's two cores (the install waits on the network
# and the disk): each step's output is printed in one piece when it ends, and any step that fails
# stops make test, as before.
checks: $(STAMP) services chromium nginx lint typecheck web-check webapp

test:
	@$(MAKE) --no-print-directory -j2 --output-sync=target checks
	$(BIN)/pytest -n 2 --dist loadgroup -m "not soak" --durations=25

test-fast: $(STAMP) lint typecheck
	$(BIN)/pytest -n 2 --dist loadgroup -m "not slow and not browser and not soak"

# The long reliability runs: thousands of rounds, many crashes, and the many-process runs (100
# rounds on two and on three processes, the clock's owner killed at 20 points); `make test` runs
# a short version of each.
soak: $(STAMP) $(CLUSTER) services
	$(BIN)/pytest -n 2 --dist loadgroup -m soak --durations=25

bench: $(STAMP)
	$(BIN)/python benchmarks/evaluator.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache var web/node_modules src/croupier/webapp
