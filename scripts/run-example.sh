#!/usr/bin/env bash
# The main job on the bundled example: builds volpol (installing what it needs) and prints the
# plan of a backup of examples/cluster/ with a snapshot class per storage class and data
# movement, a global policy that skips unbound claims, and an AWS volume snapshot location.
# Usage: bash scripts/run-example.sh [extra volpol plan flags, e.g. -o json]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=${VOLPOL_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)" --target volpol >/dev/null
set -x
"$build"/volpol plan \
  --policy examples/policies/snapshot-class-per-storage-class.yaml \
  --global-policy examples/policies/global.yaml \
  -f examples/cluster \
  --volume-snapshot-locations default=aws \
  --snapshot-move-data \
  "$@"
