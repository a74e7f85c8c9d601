#!/usr/bin/env bash
# Runs the commands of docs/operations.md, "Starting N processes", on this machine:
# two `croupier serve` processes on one PostgreSQL (a throw-away schema of the test
# database) and one Redis, checked through their health, readiness and metrics
# endpoints, then the audit. Ports: $A and $B (default 8001 and 8002).
# tests/server/test_server_deploy.py runs it on free ports.
set -euo pipefail
A=${A:-8001}
B=${B:-8002}
base=${CROUPIER_TEST_POSTGRES_URL:-postgresql+psycopg://postgres@127.0.0.1:5432/test}
plain=${base/+psycopg/}
schema="croupier_deploy_$$_${RANDOM}"
psql "$plain" -qc "CREATE SCHEMA $schema"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  psql "$plain" -qc "DROP SCHEMA $schema CASCADE" 2>/dev/null
}
trap cleanup EXIT
ready() {  # wait (60 s at most) until the process on port $1 answers /readyz
  for _ in $(seq 300); do
    curl -fsS "http://127.0.0.1:$1/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "the process on port $1 never became ready" >&2
  return 1
}

export CROUPIER_DATABASE_URL="$base?options=-csearch_path%3D$schema"
export CROUPIER_REDIS_URL=${CROUPIER_REDIS_URL:-redis://127.0.0.1:6379/0}
export CROUPIER_SECRET=$(openssl rand -hex 32)
croupier db upgrade
croupier serve --host 127.0.0.1 --port $A --no-json-logs &
pids+=($!)
croupier serve --host 127.0.0.1 --port $B --no-json-logs &
pids+=($!)
ready "$A"
ready "$B"
curl -fsS http://127.0.0.1:$A/healthz
curl -fsS http://127.0.0.1:$A/readyz
curl -fsS http://127.0.0.1:$B/readyz
curl -fsS http://127.0.0.1:$B/metrics
croupier audit
