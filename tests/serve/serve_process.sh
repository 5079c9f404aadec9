#!/usr/bin/env bash
# `volpol serve` as a process (CTest serve.process): starts on 127.0.0.1 with a throw-away
# certificate, answers the example AdmissionReviews over HTTPS, then SIGTERM: exit 0 after a
# graceful shutdown, JSON log lines on stderr. Usage: serve_process.sh VOLPOL SOURCE_DIR
set -euo pipefail
volpol=$1
src=$2
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=volpol-test \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null
"$volpol" serve --address 127.0.0.1:0 --tls-cert "$tmp/cert.pem" --tls-key "$tmp/key.pem" --shutdown-delay 0.3 \
  2>"$tmp/log" &
pid=$!
# The port a server logged in its "listening" line (waits up to 10 s; empty if none).
listening_port() {
  local p=
  for _ in $(seq 100); do
    p=$(sed -n 's/.*"msg":"listening","address":"127.0.0.1:\([0-9]*\)".*/\1/p' "$1")
    [ -n "$p" ] && break
    sleep 0.1
  done
  echo "$p"
}
port=$(listening_port "$tmp/log")
[ -n "$port" ] || { echo "no listening line:"; cat "$tmp/log"; exit 1; }
post() { curl -sS --cacert "$tmp/cert.pem" -H 'Content-Type: application/json' --data-binary "@$1" \
           "https://127.0.0.1:$port/validate"; }
fail() { echo "FAIL: $*"; echo "--- log"; cat "$tmp/log"; exit 1; }

# Each example's answer is examples/webhook/NAME.response.json (jq-formatted .response); the
# README shows the invalid and the warning ones, so it must hold them word for word.
for name in valid-backup-policy invalid-backup-policy global-policy-with-warning backup-policy-with-lint-findings; do
  got=$(post "$src/examples/webhook/$name.json" | jq .response)
  want=$(cat "$src/examples/webhook/$name.response.json")
  [ "$got" = "$want" ] || fail "$name: got $got"
done
for name in invalid-backup-policy global-policy-with-warning backup-policy-with-lint-findings; do
  python3 - "$src/README.md" "$src/examples/webhook/$name.response.json" <<'PY' || fail "README lacks $name.response.json"
import sys
sys.exit(0 if open(sys.argv[2]).read() in open(sys.argv[1]).read() else 1)
PY
done
out=$(post "$src/examples/webhook/valid-backup-policy.json")
[[ $out == *'"allowed":true}}' ]] || fail "valid policy: $out"
out=$(post "$src/examples/webhook/invalid-backup-policy.json")
[[ $out == *'"allowed":false'*'data key `policy.yaml`, line 4, column 5: volumePolicies[0].conditions.storageClas'* ]] \
  || fail "invalid policy: $out"
out=$(post "$src/examples/webhook/global-policy-with-warning.json")
[[ $out == *'"allowed":true,"warnings":['* ]] || fail "warning: $out"
code=$(curl -s -o /dev/null -w '%{http_code}' --cacert "$tmp/cert.pem" --data-binary '{"kind":' "https://127.0.0.1:$port/validate")
[ "$code" = 400 ] || fail "malformed: HTTP $code"
curl -sf --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/metrics" | grep -q '^volpol_webhook_denials_total 2$' \
  || fail "metrics"

kill -TERM "$pid"
set +e
wait "$pid"
status=$?
set -e
pid=
[ "$status" = 0 ] || fail "exit $status after SIGTERM"
grep -q '"msg":"signal received","signal":"SIGTERM"' "$tmp/log" || fail "no signal line"
grep -q '"msg":"stopped","allowed":5,"denied":2' "$tmp/log" || fail "no stopped line"
# Every log line is one JSON object.
while IFS= read -r line; do
  printf '%s' "$line" | jq -e . >/dev/null || fail "not JSON: $line"
done <"$tmp/log"

# --deny-warnings makes lint findings denials; --lint-disable turns a rule off; an unknown
# rule is bad usage (exit 2) before anything listens.
set +e
"$volpol" serve --address 127.0.0.1:0 --tls-cert "$tmp/cert.pem" --tls-key "$tmp/key.pem" --lint-disable VP999 \
  2>"$tmp/bad-rule"
status=$?
set -e
[ "$status" = 2 ] || fail "unknown lint rule: exit $status"
grep -q 'unknown lint rule `VP999`' "$tmp/bad-rule" || fail "unknown lint rule message: $(cat "$tmp/bad-rule")"
"$volpol" serve --address 127.0.0.1:0 --tls-cert "$tmp/cert.pem" --tls-key "$tmp/key.pem" --shutdown-delay 0 \
  --deny-warnings --lint-disable unknown-volume-type 2>"$tmp/log2" &
pid=$!
port2=$(listening_port "$tmp/log2")
[ -n "$port2" ] || fail "second server: no listening line: $(cat "$tmp/log2")"
out=$(curl -sS --cacert "$tmp/cert.pem" --data-binary "@$src/examples/webhook/backup-policy-with-lint-findings.json" \
        "https://127.0.0.1:$port2/validate")
[[ $out == *'"allowed":false'*'denies warnings (--deny-warnings)'*'VP110 unreachable-policy'* ]] || fail "deny-warnings: $out"
[[ $out != *VP101* ]] || fail "--lint-disable unknown-volume-type: $out"
kill -TERM "$pid"
wait "$pid" || fail "second server: exit $? after SIGTERM"
pid=
echo "serve.process: OK (port $port)"
