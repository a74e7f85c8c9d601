#!/usr/bin/env bash
# Runs the commands of docs/operations.md, "Starting N processes" and "Behind a load
# balancer", on this machine: two `croupier serve` processes on one PostgreSQL (a
# throw-away schema of the test database) and one Redis, checked through their health,
# readiness and metrics endpoints; nginx in front of them (installed with apt when
# missing, as root) with the guide's configuration on a plain-http port; one public round
# played through nginx by two players on different backends, the second one's backend
# killed mid-round and that player resuming through nginx (scripts/proxy_round.py);
# then the audit. Ports: $A and $B (default 8001 and 8002), nginx on $P (default 8000).
# PROXY=haproxy puts haproxy there instead, with the guide's haproxy configuration.
# tests/server/test_server_deploy.py runs it on free ports.
set -euo pipefail
A=${A:-8001}
B=${B:-8002}
P=${P:-8000}
PROXY=${PROXY:-nginx}
here=$(cd "$(dirname "$0")" && pwd)
PATH="$PATH:/usr/sbin"  # where Debian puts nginx and haproxy
package=$([ "$PROXY" = haproxy ] && echo haproxy || echo nginx-light)
if ! command -v "$PROXY" >/dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "$PROXY is missing and this is not root: install it first (apt-get install $package)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
fi
base=${CROUPIER_TEST_POSTGRES_URL:-postgresql+psycopg://postgres@127.0.0.1:5432/test}
plain=${base/+psycopg/}
schema="croupier_deploy_$$_${RANDOM}"
proxy_dir=$(mktemp -d /tmp/croupier-nginx.XXXXXX)
chmod 755 "$proxy_dir"  # nginx's workers (user nobody under root) keep their temp files there
psql "$plain" -qc "CREATE SCHEMA $schema"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  psql "$plain" -qc "DROP SCHEMA $schema CASCADE" 2>/dev/null
  rm -rf "$proxy_dir"
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

# Behind a load balancer: the guide's configuration on plain http (no certificate here),
# plus one header of the check's own saying which backend answered.
if [ "$PROXY" = haproxy ]; then
cat >"$proxy_dir/haproxy.cfg" <<CONF
defaults
    mode http
    timeout connect 5s
    timeout client 1m
    timeout server 1m
    timeout tunnel 1h                          # table sockets stay open
frontend casino
    bind 127.0.0.1:$P
    http-response set-header X-Croupier-Upstream %si:%sp
    default_backend croupier
backend croupier
    balance roundrobin
    option forwardfor                          # X-Forwarded-For: the login backoff's key
    option httpchk GET /readyz
    option redispatch                          # a connection refused goes to the other
    server a 127.0.0.1:$A check inter 1s
    server b 127.0.0.1:$B check inter 1s
CONF
haproxy -c -q -f "$proxy_dir/haproxy.cfg"
haproxy -db -f "$proxy_dir/haproxy.cfg" &
pids+=($!)
else
cat >"$proxy_dir/nginx.conf" <<CONF
pid $proxy_dir/nginx.pid;
error_log $proxy_dir/error.log;
events {}
http {
access_log off;
client_body_temp_path $proxy_dir/body;
proxy_temp_path $proxy_dir/proxy;
fastcgi_temp_path $proxy_dir/fastcgi;
uwsgi_temp_path $proxy_dir/uwsgi;
scgi_temp_path $proxy_dir/scgi;
upstream croupier { server 127.0.0.1:$A; server 127.0.0.1:$B; }
map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
server {
    listen 127.0.0.1:$P;
    location / {
        proxy_pass http://croupier;
        proxy_http_version 1.1;
        proxy_set_header Upgrade \$http_upgrade;
        proxy_set_header Connection \$connection_upgrade;
        proxy_set_header Host \$http_host;      # the socket's same-origin check compares it
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;  # the login backoff's key
        proxy_set_header X-Forwarded-Proto \$scheme;
        proxy_read_timeout 1h;                 # table sockets stay open
        add_header X-Croupier-Upstream \$upstream_addr always;
    }
}
}
CONF
nginx -t -q -c "$proxy_dir/nginx.conf" -p "$proxy_dir"
nginx -c "$proxy_dir/nginx.conf" -p "$proxy_dir" -g 'daemon off;' &
pids+=($!)
fi
ready "$P"
curl -fsS http://127.0.0.1:$P/readyz
python "$here/proxy_round.py" "http://127.0.0.1:$P" "127.0.0.1:$A=${pids[0]}" "127.0.0.1:$B=${pids[1]}"
curl -fsS http://127.0.0.1:$P/readyz
croupier audit
