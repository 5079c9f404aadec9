#!/usr/bin/env bash
# The main job on the bundled example: builds the volpol binary only (tests, benchmarks and man
# pages off; the build's progress is shown), installing the Debian packages it needs, then prints
# the plan of a backup of examples/cluster/ with a snapshot class per storage class and data
# movement, a global policy that skips unbound claims, and an AWS volume snapshot location.
# Usage: bash scripts/run-example.sh [extra volpol plan flags, e.g. -o json]
# VOLPOL_EXAMPLE_BUILD_DIR (default build-example) is its own folder: scripts/test.sh builds
# build/ with tests on, and sharing one folder made each rebuild everything after the other.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=${VOLPOL_EXAMPLE_BUILD_DIR:-build-example}
start=$SECONDS
echo "run-example: configuring $build (the volpol binary only)" >&2
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DVOLPOL_BUILD_TESTS=OFF -DVOLPOL_BUILD_BENCH=OFF \
  -DVOLPOL_BUILD_MAN=OFF >/dev/null
echo "run-example: building volpol with $(nproc) jobs" >&2
cmake --build "$build" -j"$(nproc)" --target volpol >&2
echo "run-example: built in $((SECONDS - start)) s; planning" >&2
set -x
"$build"/volpol plan \
  --policy examples/policies/snapshot-class-per-storage-class.yaml \
  --global-policy examples/policies/global.yaml \
  -f examples/cluster \
  --volume-snapshot-locations default=aws \
  --snapshot-move-data \
  "$@" || status=$?
{ set +x; } 2>/dev/null
echo "run-example: volpol is $build/volpol; \`$build/volpol help plan\` prints what \`man volpol-plan\` does after \`cmake --install $build\`" >&2
exit "${status:-0}"
