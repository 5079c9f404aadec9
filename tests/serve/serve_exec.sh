#!/usr/bin/env bash
# `volpol serve` runs the volpol-serve program (CTest serve.exec): the volpol binary itself does
# not link OpenSSL, checks the flags itself (exit 2), and without a volpol-serve beside it or on
# PATH says so and exits 1. Usage: serve_exec.sh VOLPOL
set -euo pipefail
volpol=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

if command -v readelf >/dev/null; then
  ! readelf -d "$volpol" | grep -E 'NEEDED.*(libssl|libcrypto|httplib)' || fail "volpol links the HTTPS stack"
  readelf -d "$(dirname "$volpol")/volpol-serve" | grep -q 'NEEDED.*libcpp-httplib' || fail "volpol-serve lacks httplib"
fi

# Bad flags: volpol's own usage error, before any exec.
rc=0
"$volpol" serve --workers 0 --tls-cert a --tls-key b 2>"$tmp/err" || rc=$?
[ "$rc" = 2 ] || fail "bad flag: exit $rc, want 2"
grep -q -- '--workers: `0` is not a number from 1 to 1024' "$tmp/err" || fail "bad flag message: $(cat "$tmp/err")"

# Seconds must be finite numbers in range (NaN passed CLI11's own checks and broke the server).
for bad in "--read-timeout nan" "--shutdown-delay 1e308" "--cert-reload-interval inf" "--request-timeout 0"; do
  rc=0
  # shellcheck disable=SC2086 # the flag and its value are two words
  "$volpol" serve $bad --tls-cert a --tls-key b 2>"$tmp/err" || rc=$?
  [ "$rc" = 2 ] || fail "$bad: exit $rc, want 2"
done
grep -q -- '--request-timeout: 0 seconds: must be more than 0 and at most 3600' "$tmp/err" ||
  fail "range message: $(cat "$tmp/err")"

# A volpol with no volpol-serve beside it and none on PATH.
cp "$volpol" "$tmp/volpol"
rc=0
PATH=/nonexistent "$tmp/volpol" serve --tls-cert a --tls-key b 2>"$tmp/err" || rc=$?
[ "$rc" = 1 ] || fail "no volpol-serve: exit $rc, want 1"
grep -q "error: cannot run $tmp/volpol-serve: No such file or directory; nor volpol-serve from PATH" "$tmp/err" ||
  fail "no volpol-serve message: $(cat "$tmp/err")"

# The real one beside volpol: a missing certificate is the server's error (exit 1, JSON log).
rc=0
"$volpol" serve --tls-cert "$tmp/none.pem" --tls-key "$tmp/none.key" --address 127.0.0.1:0 2>"$tmp/err" || rc=$?
[ "$rc" = 1 ] || fail "missing certificate: exit $rc, want 1"
grep -q '"msg":"cannot start","error":".*none.pem: cannot open the TLS certificate' "$tmp/err" ||
  fail "missing certificate log: $(cat "$tmp/err")"
echo "serve.exec: OK"
