#!/usr/bin/env bash
# `volpol serve --coverage-interval` against the API double (CTest cluster.serve-coverage): the
# coverage metrics appear on /metrics (planned through kubectl proxy), agree with
# `volpol coverage --cluster -o prometheus`, a second run happens after the interval, and after
# SIGTERM the server exits 0 with no kubectl proxy left behind.
# Usage: run-serve-coverage.sh VOLPOL API_DOUBLE REPO_ROOT
set -uo pipefail
volpol=$1 double=$2 root=$3
source "$(dirname "$0")/start-double.sh"
fail() { echo "FAIL: $*"; echo "--- serve log"; cat "$work/serve.log"; exit 1; }
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=volpol-test \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$work/serve-key.pem" -out "$work/serve-cert.pem" 2>/dev/null
cd "$root" || exit 2
"$volpol" serve --address 127.0.0.1:0 --tls-cert "$work/serve-cert.pem" --tls-key "$work/serve-key.pem" \
  --shutdown-delay 0.2 --coverage-interval 2s --kubeconfig "$KUBECONFIG_DOUBLE" 2>"$work/serve.log" &
serve_pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/.*"msg":"listening","address":"127.0.0.1:\([0-9]*\)".*/\1/p' "$work/serve.log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "no listening line"
metrics() { curl -sf --cacert "$work/serve-cert.pem" "https://127.0.0.1:$port/metrics"; }
# The first run, then a second one (2 s later).
for _ in $(seq 300); do
  [ "$(metrics | sed -n 's/^volpol_coverage_runs_total{result="ok"} //p')" -ge 2 ] 2>/dev/null && break
  sleep 0.1
done
got=$(metrics)
[ "$(sed -n 's/^volpol_coverage_runs_total{result="ok"} //p' <<<"$got")" -ge 2 ] || fail "no second coverage run: $got"
grep -q '^volpol_coverage_runs_total{result="failed"} 0$' <<<"$got" || fail "a failed run: $got"
grep -q '^volpol_webhook_' <<<"$got" || fail "the webhook's own metrics are gone"
# The same lines `volpol coverage --cluster -o prometheus` prints.
"$volpol" coverage --cluster -o prometheus >"$work/cli.prom" || fail "volpol coverage --cluster failed"
grep -q 'volpol_unprotected_volumes{namespace="shop"} 5' "$work/cli.prom" || fail "unexpected CLI metrics: $(cat "$work/cli.prom")"
while IFS= read -r line; do
  grep -qxF -- "$line" <<<"$got" || fail "/metrics lacks \`$line\`"
done <"$work/cli.prom"
grep -q '"msg":"coverage planned"' "$work/serve.log" || fail "no coverage log line"
children=$(pgrep -P "$serve_pid" || true)  # a kubectl proxy, when a run is under way
kill -TERM "$serve_pid"
wait "$serve_pid"
status=$?
[ "$status" = 0 ] || fail "exit $status after SIGTERM"
sleep 0.3
for child in $children; do
  kill -0 "$child" 2>/dev/null && fail "process $child ($(cat /proc/"$child"/cmdline | tr '\0' ' ')) outlived volpol serve"
done
echo "cluster.serve-coverage: OK"
