#!/usr/bin/env bash
# bench/kubectl-peak.sh — stands in for kubectl (`volpol plan --cluster --kubectl bench/kubectl-peak.sh`)
# and records each kubectl's peak resident memory: runs the real kubectl with the same
# arguments, samples its VmHWM every 0.1 s, and appends "PEAK_KB ARGS" to $VOLPOL_KUBECTL_PEAKS
# when it ends (also when volpol stops `kubectl proxy` with SIGTERM).
kubectl "$@" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null' TERM INT
peak=0
while kill -0 "$pid" 2>/dev/null; do
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null)
  [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
  sleep 0.1
done
wait "$pid"
rc=$?
echo "$peak $*" >>"${VOLPOL_KUBECTL_PEAKS:-/dev/null}"
exit $rc
