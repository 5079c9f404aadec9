#!/usr/bin/env bash
# Builds volpol and runs every test (unit tests, the conformance corpus, golden CLI tests, the
# live-cluster tests against the loopback API double, the schema, install and consumer tests)
# via CTest, showing the build's and the tests' progress. Installs the Debian packages it needs
# first. Usage: bash scripts/test.sh [ctest arguments, e.g. -R golden]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=${VOLPOL_BUILD_DIR:-build}
start=$SECONDS
echo "test: configuring $build (tests on, benchmarks off)" >&2
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DVOLPOL_BUILD_TESTS=ON -DVOLPOL_BUILD_BENCH=OFF \
  -DVOLPOL_BUILD_MAN=ON >/dev/null
echo "test: building everything with $(nproc) jobs" >&2
cmake --build "$build" -j"$(nproc)"
echo "test: built in $((SECONDS - start)) s; running the tests" >&2
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@"
echo "test: done in $((SECONDS - start)) s" >&2
