#!/usr/bin/env bash
# bench/serve-load.sh — load benchmark of `volpol serve` on loopback (not a unit test).
#
# Makes a throw-away certificate (openssl), starts `volpol serve` on 127.0.0.1, and runs
# serve-load (bench/serve_load.cpp):
#   1. steady load: REQUESTS AdmissionReview requests over CONNECTIONS keep-alive connections;
#      prints throughput, p50/p90/p99 latency and failed requests (target 0);
#   2. SIGTERM during load: the same clients, SIGTERM sent to the server after REQUESTS/2 answers;
#      every request written must be answered (lost = 0); the server must exit 0;
#   3-5. under abuse: SLOW slowloris clients (headers at 1 byte/s) and IDLE clients that finish
#      the TLS handshake and say nothing, made again whenever the server closes them, while
#      ABUSE_REQUESTS requests run on 4 connections, each request on a new connection (TLS
#      handshake included). Target: every request answered within 1 s (max_ms < 1000), 0 failed.
#      3: the attackers come from 10 other addresses (127.0.0.2-11, 55 each: under the per-client
#      limit, so all 550 stay open); 4: from 127.0.0.1 like the requests, with the per-client limit
#      raised (the front end alone); 5: from one other address (127.0.0.2: the per-client limit
#      closes all but 64 of them at accept).
# Environment: VOLPOL_BUILD_DIR (default build; needs targets volpol and serve-load, i.e. a build
# configured with -DVOLPOL_BUILD_BENCH=ON), REQUESTS (20000), CONNECTIONS (16), PORT (18443),
# SHUTDOWN_DELAY (2 seconds), SLOW (50), IDLE (500), ABUSE_REQUESTS (8000).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${VOLPOL_BUILD_DIR:-build}
requests=${REQUESTS:-20000}
connections=${CONNECTIONS:-16}
port=${PORT:-18443}
delay=${SHUTDOWN_DELAY:-2}
slow=${SLOW:-50}
idle=${IDLE:-500}
abuse_requests=${ABUSE_REQUESTS:-8000}
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

start_server() {  # $1 = log file, then more `volpol serve` flags
  local log=$1
  shift
  "$volpol" serve --address "127.0.0.1:$port" --tls-cert "$tmp/cert.pem" --tls-key "$tmp/key.pem" \
    --shutdown-delay "$delay" "$@" 2>"$log" &
  server_pid=$!
  for _ in $(seq 100); do
    curl -sf --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "serve-load.sh: the server did not become ready" >&2
  cat "$log" >&2
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

# $1 = title, $2 = --attack-addresses, then more `volpol serve` flags. Prints the server's limit
# metrics and peak RSS (VmHWM); fails unless every request was answered within 1 s.
abuse() {
  local title=$1 addresses=$2 n=$((abuse_count + 1))
  shift 2
  abuse_count=$n
  echo
  echo "## $((n + 2)). $title: $slow slow + $idle idle clients, $abuse_requests requests (a new connection each)"
  start_server "$tmp/abuse$n.log" "$@"
  set +e
  "$load" --port "$port" --ca "$tmp/cert.pem" --requests "$abuse_requests" --connections 4 --fresh-connections \
    --slow "$slow" --idle "$idle" --attack-addresses "$addresses" | tee "$tmp/abuse$n.txt"
  local status=${PIPESTATUS[0]}
  set -e
  curl -sf --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/metrics" |
    grep -E '^volpol_webhook_(connection_timeouts_total|connections_closed_at_limit_total)' || true
  echo "server peak RSS: $(sed -n 's/^VmHWM: *//p' "/proc/$server_pid/status")"
  kill -TERM "$server_pid"
  wait "$server_pid" || true
  server_pid=
  local max_ms
  max_ms=$(sed -n 's/^serve-load .* max_ms=\([0-9.]*\).*/\1/p' "$tmp/abuse$n.txt")
  if [ "$status" -ne 0 ] || ! awk -v m="${max_ms:-99999}" 'BEGIN { exit !(m < 1000) }'; then
    echo "serve-load.sh: $title: failed requests or one answered after 1 s or more (max ${max_ms:-?} ms)" >&2
    abuse_failed=1
  fi
}
abuse_count=0
abuse_failed=0
abuse "attackers from 10 other addresses" 10
abuse "attackers from the requests' own address, per-client limit raised" 0 --max-connections-per-client 100000
abuse "attackers from one other address (per-client limit 64)" 1

[ "$status1" -eq 0 ] && [ "$status2" -eq 0 ] && [ "$server_exit" -eq 0 ] && [ "$abuse_failed" -eq 0 ]
