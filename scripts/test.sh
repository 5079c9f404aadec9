#!/usr/bin/env bash
# Builds volpol and runs every test (unit tests, the conformance corpus, golden CLI tests, the
# live-cluster tests against the loopback API double, the schema, install and consumer tests)
# via CTest, showing the build's and the tests' progress. Installs the Debian packages it needs
# first.
#   bash scripts/test.sh [ctest arguments]   the gcc build and its tests (e.g. -R golden)
#   bash scripts/test.sh --full              also (CI, .ci/run): the whole suite again built with
#                                            clang, AddressSanitizer and UndefinedBehaviorSanitizer,
#                                            then each libFuzzer harness for VOLPOL_FUZZ_SECONDS
#                                            (default 20) s, VOLPOL_FUZZ_JOBS (default: the cores)
#                                            at a time
# VOLPOL_BUILD_DIR (default build) and VOLPOL_SANITIZE_BUILD_DIR (default build-asan) name
# the build folders; ccache is used when installed.
set -euo pipefail
cd "$(dirname "$0")/.."
full=0
if [ "${1:-}" = "--full" ]; then full=1; shift; fi
bash scripts/install-deps.sh
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Cache hits across clones in other folders (CI checks out a fresh copy each time).
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
fi
jobs=$(nproc)
start=$SECONDS

stage() { printf '\n== %s (%s, %d s so far)\n' "$1" "$(date -u +%H:%M:%S)" "$((SECONDS - start))"; }

build=${VOLPOL_BUILD_DIR:-build}
stage "gcc build and tests: $build (tests on, benchmarks off)"
# VOLPOL_WERROR: a warning fails the build (g++ 12 here, clang 14 below).
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVOLPOL_BUILD_TESTS=ON -DVOLPOL_BUILD_BENCH=OFF \
  -DVOLPOL_BUILD_MAN=ON -DVOLPOL_WERROR=ON "${launcher[@]}" >/dev/null
cmake --build "$build" -j"$jobs"
stage "running the tests"
ctest --test-dir "$build" --output-on-failure -j"$jobs" "$@"

if [ "$full" = 1 ]; then
  asan=${VOLPOL_SANITIZE_BUILD_DIR:-build-asan}
  stage "clang + AddressSanitizer + UndefinedBehaviorSanitizer build and tests: $asan"
  # -O1 and line tables only: enough for the sanitizers' stack traces, and a faster build.
  cmake -S . -B "$asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
    -DCMAKE_CXX_COMPILER=clang++ \
    -DVOLPOL_SANITIZE=address,undefined -DVOLPOL_FUZZ=ON -DVOLPOL_BUILD_BENCH=OFF -DVOLPOL_BUILD_MAN=OFF -DVOLPOL_WERROR=ON \
    "${launcher[@]}" >/dev/null
  cmake --build "$asan" -j"$jobs"
  # Timing assertions get 10x headroom under the sanitizers.
  VOLPOL_SLOW_TESTS=1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$asan" --output-on-failure -j"$jobs" --timeout 600
  # One harness per core: each still gets its full time, the stage takes half as long.
  stage "fuzz smoke: ${VOLPOL_FUZZ_SECONDS:-20} s per harness, ${VOLPOL_FUZZ_JOBS:-$jobs} at a time"
  VOLPOL_FUZZ_JOBS=${VOLPOL_FUZZ_JOBS:-$jobs} VOLPOL_FUZZ_BUILD_DIR="$asan" bash scripts/fuzz.sh "${VOLPOL_FUZZ_SECONDS:-20}"
fi
stage "done"
