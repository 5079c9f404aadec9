#!/usr/bin/env bash
# Runs one live-cluster golden test: starts the API double (HTTPS on 127.0.0.1, a throw-away
# certificate) on the recorded cluster tests/data/cluster/recorded, writes a kubeconfig for it,
# then runs tests/golden/run-golden.sh with these in the environment (the golden file's command
# line may use them):
#   $KUBECONFIG_DOUBLE   a kubeconfig with contexts `double` (user admin, current),
#                        `restricted` (user viewer: may not list persistentvolumes, nodes, or
#                        get configmaps), `stale` (an unknown token: 401) and `down` (nothing
#                        listens there); $KUBECONFIG is set to it too
#   $VOLPOL_TEST_DIR     a scratch folder
# Usage: run-cluster-golden.sh VOLPOL API_DOUBLE REPO_ROOT GOLDEN
set -uo pipefail
volpol=$1 double=$2 root=$3 golden=$4
source "$(dirname "$0")/start-double.sh"
status=0
bash "$root/tests/golden/run-golden.sh" "$volpol" "$root" "$golden" || status=$?
if [ $status -ne 0 ] && [ -s "$work/double.log" ]; then echo "--- API double log:" >&2; cat "$work/double.log" >&2; fi
exit $status
