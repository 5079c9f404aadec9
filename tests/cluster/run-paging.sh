#!/usr/bin/env bash
# Paging of the live cluster's lists (volpol/detail/api_list.h) against the API double through the
# real kubectl proxy: every --chunk-size (0: no paging, 1: a page per object, 2, 500) plans the
# same bytes; a continue token that expires (410, the double's --expire-continue N) restarts the
# list, which reads on from where it was (same rows, no object twice, a note says so); a list
# the user may not read fails as `kubectl get RESOURCE` does; kubectl proxy that cannot start
# (unknown context) is said as before.
# Usage: run-paging.sh VOLPOL API_DOUBLE REPO_ROOT
set -uo pipefail
volpol=$1 double=$2 root=$3
fail=0
plan() { NO_COLOR=1 COLUMNS=200 "$volpol" plan --cluster --snapshot-move-data "$@"; }
# Every run but the notes that say how it was read.
rows() { grep -v -e '^note: .* restarted: ' "$1"; }
(
  source "$(dirname "$0")/start-double.sh"
  plan >"$work/base.txt" 2>"$work/base.err"
  base_rc=$?
  echo "chunk-size 500: exit $base_rc, $(grep -c . "$work/base.txt") lines"
  grep -q 'csi-snapshot' "$work/base.txt" || { echo "FAIL: no CSI snapshot planned"; exit 1; }
  for cs in 0 1 2 100000; do
    plan --chunk-size "$cs" >"$work/got.txt" 2>"$work/got.err"
    rc=$?
    if [ $rc -ne $base_rc ] || ! cmp -s "$work/base.txt" "$work/got.txt" || ! cmp -s "$work/base.err" "$work/got.err"; then
      echo "FAIL: --chunk-size $cs differs (exit $rc)"; diff "$work/base.txt" "$work/got.txt" | head; exit 1
    fi
    echo "ok: --chunk-size $cs"
  done
) || fail=1
for expire in 1 3 8; do
  (
    DOUBLE_ARGS="--expire-continue $expire"
    source "$(dirname "$0")/start-double.sh"
    plan >"$work/base.txt" 2>/dev/null  # the first run asks no continue token: nothing expires
    plan --chunk-size 1 >"$work/got.txt" 2>"$work/got.err"
    if ! diff <(rows "$work/base.txt") <(rows "$work/got.txt") >"$work/diff"; then
      echo "FAIL: --expire-continue $expire: the plan differs"; head "$work/diff"; exit 1
    fi
    grep -q '^note: 1 list was restarted: its continue token expired (410' "$work/got.txt" || {
      echo "FAIL: --expire-continue $expire: no note on the restart"; exit 1; }
    grep -q 'already\|duplicate' "$work/got.err" && { echo "FAIL: an object read twice:"; cat "$work/got.err"; exit 1; }
    echo "ok: a continue token expired at request $expire: restarted, same rows"
  ) || fail=1
done
(
  # kubectl proxy never outlives volpol (it leaves the plan undestroyed at exit on purpose), on
  # success and on error, and its socket folder goes with it.
  source "$(dirname "$0")/start-double.sh"
  export TMPDIR=$work/tmp
  mkdir -p "$TMPDIR"
  plan >/dev/null 2>&1
  plan --from-backup no-such-backup >/dev/null 2>&1
  NO_COLOR=1 "$volpol" explain --cluster --all >/dev/null 2>&1
  sleep 0.3
  # (by its arguments: kubectl may be a launcher that runs another program, e.g. kubectl.1.31)
  if ps -eo args= | grep -q -- "[p]roxy --unix-socket=$TMPDIR"; then
    echo "FAIL: kubectl proxy outlived volpol:"; ps -eo pid=,args= | grep -- "--unix-socket"; exit 1
  fi
  [ -z "$(ls -A "$TMPDIR")" ] || { echo "FAIL: left in TMPDIR: $(ls "$TMPDIR")"; exit 1; }
  echo "ok: no kubectl proxy and no socket folder left behind"
  # Nor when volpol is stopped by a signal while the proxy runs (a kubectl that is slow to say
  # the current context keeps volpol reading while its proxy is up).
  printf '#!/usr/bin/env bash\n[[ "$*" == *current-context* ]] && sleep 3\nexec kubectl "$@"\n' >"$work/slow-kubectl"
  chmod +x "$work/slow-kubectl"
  for sig in TERM HUP; do
    "$volpol" plan --cluster --kubectl "$work/slow-kubectl" >/dev/null 2>&1 &
    v=$!
    sleep 1.5
    kill -$sig $v
    wait $v
    sleep 0.3
    if ps -eo args= | grep -q -- "[p]roxy --unix-socket=$TMPDIR"; then
      echo "FAIL: kubectl proxy outlived volpol stopped by SIG$sig"; ps -eo pid=,args= | grep -- "--unix-socket"; exit 1
    fi
    [ -z "$(ls -A "$TMPDIR")" ] || { echo "FAIL: SIG$sig left in TMPDIR: $(ls "$TMPDIR")"; exit 1; }
  done
  echo "ok: nothing left behind when volpol is stopped by SIGTERM or SIGHUP"
  plan --chunk-size 1 --context restricted >/dev/null 2>"$work/err.txt"
  rc=$?
  [ $rc -eq 3 ] && grep -q '^kubectl get persistentvolumes --all-namespaces: access denied: user `viewer` cannot list persistentvolumes at the cluster scope' "$work/err.txt" || {
    echo "FAIL: a forbidden list (exit $rc):"; cat "$work/err.txt"; exit 1; }
  echo "ok: a forbidden list is said as kubectl get's"
) || fail=1
[ $fail -eq 0 ] && echo "paging: all passed"
exit $fail
