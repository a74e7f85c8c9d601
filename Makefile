# Two commands run everything: `make run` (the main job) and `make test`.
# Each one sets up what it needs and is quick the second time.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: run test test-fast soak lint typecheck bench clean services chromium

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/croupier serve

services:
	@bash scripts/ensure-services.sh

# The browser tests drive Debian's Chromium through Playwright (never `playwright install`).
chromium:
	@command -v chromium >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

test: $(STAMP) services chromium lint typecheck
	$(BIN)/pytest -n 2 --dist loadgroup --durations=25 -m "not soak"

# The long versions of the many-process tests (100 rounds on three processes, the clock's
# owner killed at 20 points): real processes, real PostgreSQL and Redis, several minutes.
soak: $(STAMP) services
	$(BIN)/pytest -n 2 --dist loadgroup -m soak

test-fast: $(STAMP) lint typecheck
	$(BIN)/pytest -n 2 --dist loadgroup -m "not slow and not browser"

bench: $(STAMP)
	$(BIN)/python benchmarks/evaluator.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache var
