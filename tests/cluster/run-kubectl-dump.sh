#!/usr/bin/env bash
# Real kubectl output as input: what a user dumps with `kubectl get ... -A -o yaml` (or
# `-o json`; keys in alphabetical order at every level, as kubectl re-encodes objects) plans
# the same volumes as `volpol plan --cluster` on the same cluster, whether the dump is a file or
# piped into `-f -`. Runs against the API double (start-double.sh) through the real kubectl.
# The volume rows and the summary must be identical; of the notes, only the one naming where
# the objects were read from differs.
# Usage: run-kubectl-dump.sh VOLPOL API_DOUBLE REPO_ROOT
set -uo pipefail
volpol=$1 double=$2 root=$3
source "$(dirname "$0")/start-double.sh"
cd "$root" || exit 2
fail=0
flags=(--snapshot-move-data)  # the volume snapshot locations: read from the cluster, or the dump
live_flags=(--resource-policies-configmap volume-policy --global-backup-volume-policies-configmap global-volume-policy)
# deployments: the Velero Deployment names the release, as --cluster reads it.
kinds=namespaces,nodes,storageclasses,volumesnapshotclasses,volumesnapshotlocations.velero.io,configmaps,persistentvolumes,persistentvolumeclaims,pods,deployments.apps,daemonsets.apps
# The policy ConfigMaps as kubectl prints them (`data` before `kind`), given with --policy.
kubectl get configmap volume-policy -n velero -o yaml >"$work/policy.yaml" &&
  kubectl get configmap global-volume-policy -n velero -o json >"$work/global.json" || {
  echo "FAIL: kubectl get configmap"; exit 1; }
grep -q '^data:' "$work/policy.yaml" || { echo "FAIL: kubectl printed no data"; exit 1; }
file_flags=(--policy "$work/policy.yaml" --global-policy "$work/global.json")

# The rows and the summary: every line but the notes on where the objects came from.
# (--cluster reads nodes and classes for notes of its own: node agent, VolumeSnapshotClasses.)
rows() { grep -v -e '^note: read from the cluster' -e '^note: .*VolumeSnapshotClass' -e '^note: node agent' "$1"; }

NO_COLOR=1 COLUMNS=120 "$volpol" plan --cluster "${flags[@]}" "${live_flags[@]}" >"$work/cluster.txt" 2>"$work/cluster.err"
echo "plan --cluster: exit $?, $(grep -c . "$work/cluster.txt") lines"
grep -q 'csi-snapshot' "$work/cluster.txt" || { echo "FAIL: plan --cluster plans no CSI snapshot"; fail=1; }

for format in yaml json; do
  kubectl get "$kinds" -A -o "$format" >"$work/dump.$format" 2>"$work/kubectl.err" || {
    echo "FAIL: kubectl get -o $format:"; cat "$work/kubectl.err"; fail=1; continue; }
  # kubectl's own order: a VolumeSnapshotClass's `driver` comes before its `kind`.
  if [ "$format" = yaml ] && ! grep -q '^  driver: ' "$work/dump.yaml"; then
    echo "FAIL: the dump has no VolumeSnapshotClass driver"; fail=1
  fi
  for how in file pipe; do
    if [ $how = file ]; then
      NO_COLOR=1 COLUMNS=120 "$volpol" plan -f "$work/dump.$format" "${flags[@]}" "${file_flags[@]}" >"$work/got.txt" 2>"$work/got.err"
    else
      kubectl get "$kinds" -A -o "$format" | NO_COLOR=1 COLUMNS=120 "$volpol" plan -f - "${flags[@]}" "${file_flags[@]}" \
        >"$work/got.txt" 2>"$work/got.err"
    fi
    rc=$?
    if [ $rc -ne 0 ]; then
      echo "FAIL: kubectl -o $format ($how): volpol plan exit $rc"; cat "$work/got.err"; fail=1; continue
    fi
    if [ -s "$work/got.err" ]; then
      echo "FAIL: kubectl -o $format ($how): volpol plan wrote to standard error:"; cat "$work/got.err"; fail=1
    fi
    if diff -u --label "plan --cluster" --label "kubectl get -o $format ($how) | plan -f" \
      <(rows "$work/cluster.txt") <(rows "$work/got.txt"); then
      echo "ok: kubectl get -o $format ($how) plans what --cluster plans"
    else
      fail=1
    fi
  done
done
# The snapshot class named in the newcomer's command: CSI snapshots with their VolumeSnapshotClass.
grep -q 'VolumeSnapshotClass ebs-gp3-snapclass' "$work/got.txt" ||
  { echo "FAIL: no CSI snapshot names its VolumeSnapshotClass"; fail=1; }
# A Backup and its resource policy ConfigMap, dumped by kubectl: `--backup NAME` among the
# dumped objects plans what `--from-backup NAME` plans.
NO_COLOR=1 COLUMNS=120 "$volpol" plan --cluster --from-backup nightly-20261201 >"$work/cluster-backup.txt" 2>&1
kubectl get "$kinds,backups.velero.io" -A -o yaml >"$work/dump-backup.yaml" 2>"$work/kubectl.err" || {
  echo "FAIL: kubectl get backups:"; cat "$work/kubectl.err"; fail=1; }
NO_COLOR=1 COLUMNS=120 "$volpol" plan -f "$work/dump-backup.yaml" --backup nightly-20261201 >"$work/got-backup.txt" 2>&1
if diff -u --label "plan --cluster --from-backup" --label "kubectl get -o yaml | plan -f --backup" \
  <(rows "$work/cluster-backup.txt" | grep -v '^note: .*\(cluster\|ConfigMap\)') \
  <(rows "$work/got-backup.txt" | grep -v '^note: .*\(cluster\|ConfigMap\)'); then
  echo "ok: the Backup and its policy ConfigMap dumped by kubectl plan what --from-backup plans"
else
  fail=1
fi
if [ $fail = 0 ]; then echo "1 passed, 0 failed"; else
  [ -s "$work/double.log" ] && { echo "--- API double log:"; cat "$work/double.log"; }
  echo "0 passed, 1 failed"
fi
exit $fail
