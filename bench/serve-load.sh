#!/usr/bin/env bash
# bench/serve-load.sh — load benchmark of `volpol serve` on loopback (not a unit test).
#
# Makes a throw-away certificate (openssl), starts `volpol serve` on 127.0.0.1, and runs
# serve-load (bench/serve_load.cpp) twice:
#   1. steady load: REQUESTS AdmissionReview requests over CONNECTIONS keep-alive connections;
#      prints throughput, p50/p90/p99 latency and failed requests (target 0);
#   2. SIGTERM during load: the same clients, SIGTERM sent to the server after REQUESTS/2 answers;
#      every request written must be answered (lost = 0); the server must exit 0.
# Environment: VOLPOL_BUILD_DIR (default build; needs targets volpol and serve-load, i.e. a build
# configured with -DVOLPOL_BUILD_BENCH=ON), REQUESTS (20000), CONNECTIONS (16), PORT (18443),
# SHUTDOWN_DELAY (2 seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${VOLPOL_BUILD_DIR:-build}
requests=${REQUESTS:-20000}
connections=${CONNECTIONS:-16}
port=${PORT:-18443}
delay=${SHUTDOWN_DELAY:-2}
volpol=$build/volpol
load=$build/bench/serve-load
[ -x "$volpol" ] && [ -x "$load" ] || { echo "serve-load.sh: build $volpol and $load first" >&2; exit 2; }

tmp=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; wait "$server_pid" || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=volpol-bench \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null

start_server() {  # $1 = log file
  "$volpol" serve --address "127.0.0.1:$port" --tls-cert "$tmp/cert.pem" --tls-key "$tmp/key.pem" \
    --shutdown-delay "$delay" 2>"$1" &
  server_pid=$!
  for _ in $(seq 100); do
    curl -sf --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "serve-load.sh: the server did not become ready" >&2
  cat "$1" >&2
  exit 1
}

echo "## 1. steady load: $requests requests, $connections connections"
start_server "$tmp/server1.log"
"$load" --port "$port" --ca "$tmp/cert.pem" --requests "$requests" --connections "$connections" | tee "$tmp/load1.txt"
status1=${PIPESTATUS[0]}
curl -sf --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/metrics" | grep -E '^volpol_webhook_(requests_total|denials_total|request_duration_seconds_(count|sum))' || true
kill -TERM "$server_pid"
wait "$server_pid"; server_pid=

echo
echo "## 2. SIGTERM after $((requests / 2)) answers, under load ($connections connections, shutdown delay ${delay}s)"
start_server "$tmp/server2.log"
"$load" --port "$port" --ca "$tmp/cert.pem" --requests "$requests" --connections "$connections" \
  --sigterm-pid "$server_pid" --sigterm-after "$((requests / 2))" | tee "$tmp/load2.txt"
status2=${PIPESTATUS[0]}
set +e
wait "$server_pid"
server_exit=$?
set -e
server_pid=
echo "server exit code after SIGTERM: $server_exit"
grep -E '"msg":"(signal received|shutting down|closing|stopped)' "$tmp/server2.log" || true
[ "$status1" -eq 0 ] && [ "$status2" -eq 0 ] && [ "$server_exit" -eq 0 ]
