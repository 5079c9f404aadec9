#!/usr/bin/env bash
# Runs every libFuzzer harness in fuzz/ for a given time each (seeds from the examples, the
# test data and the conformance corpus; dictionary fuzz/volpol.dict). Builds them first with
# clang, AddressSanitizer and UndefinedBehaviorSanitizer.
#   bash scripts/fuzz.sh [SECONDS_PER_HARNESS (default 60)] [HARNESS ...]
# Environment: VOLPOL_FUZZ_BUILD_DIR (default build-fuzz; an existing VOLPOL_FUZZ=ON build is
# reused as is), VOLPOL_FUZZ_JOBS (parallel harnesses, default 1), VOLPOL_FUZZ_RUNS (when set,
# each harness stops after that many runs, or after SECONDS if SECONDS is given; the long
# campaigns of issues 12 and 36 are VOLPOL_FUZZ_RUNS=1000000, fuzz/README.md), VOLPOL_FUZZ_MAX_LEN
# (largest input for every harness; by default 65536 bytes, and 262144 for loader_limits, whose
# small limits need inputs of that size to be reached; the YAML objects harness slows to ~130
# runs/s once its corpus holds 40 KB inputs, so issue 12's long run used 8192), VOLPOL_FUZZ_TIMEOUT
# (seconds one input may run before it counts as a hang, default 5; libFuzzer measures wall time,
# so a campaign sharing the machine with builds uses more, as issue 36's did: fuzz/README.md).
# Each harness's corpus grows in BUILD/fuzz-corpus/<harness>; a crash, leak or timeout leaves
# its input in BUILD/fuzz-artifacts/<harness>/ and makes the script exit 1. The last line of
# each run ("Done N runs in S second(s)") is printed in the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds_given=$(( $# > 0 ))
seconds=${1:-60}
shift || true
all=(policy config_map json_objects yaml_objects yaml_unread_fields archive loader_limits quantity label_selector admission_review
     volume_info test_file suppressions api_list cron)
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=("${all[@]}")
build=${VOLPOL_FUZZ_BUILD_DIR:-build-fuzz}

if ! grep -q "VOLPOL_FUZZ:BOOL=ON" "$build/CMakeCache.txt" 2>/dev/null; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DVOLPOL_FUZZ=ON -DVOLPOL_SANITIZE=address,undefined -DVOLPOL_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
fi
targets=()
for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

python3 scripts/fuzz_seeds.py "$build/fuzz-seeds" >/dev/null
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
failed=0
summary=()
run_one() {
  local h=$1
  local corpus="$build/fuzz-corpus/$h" artifacts="$build/fuzz-artifacts/$h" log="$build/fuzz-$h.log"
  mkdir -p "$corpus" "$artifacts"
  # -rss_limit_mb: an input that takes more than 500 MB is a finding (issue 12's budget);
  # -timeout: one input running more than 5 s (VOLPOL_FUZZ_TIMEOUT) is a hang.
  local stop=(-max_total_time="$seconds")
  if [ -n "${VOLPOL_FUZZ_RUNS:-}" ]; then
    stop=(-runs="$VOLPOL_FUZZ_RUNS")
    [ "$seconds_given" = 1 ] && stop+=(-max_total_time="$seconds")
  fi
  local max_len=65536
  [ "$h" = loader_limits ] && max_len=262144
  "$build/fuzz/fuzz_$h" "$corpus" "$build/fuzz-seeds/$h" -dict=fuzz/volpol.dict "${stop[@]}" \
    -timeout="${VOLPOL_FUZZ_TIMEOUT:-5}" -rss_limit_mb=1024 -malloc_limit_mb=500 -max_len="${VOLPOL_FUZZ_MAX_LEN:-$max_len}" -print_final_stats=1 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1
}
jobs=${VOLPOL_FUZZ_JOBS:-1}
for h in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "fuzz: fuzz_$h started ($(date -u +%H:%M:%S))"
  (if run_one "$h"; then echo ok; else echo FAILED; fi >"$build/fuzz-$h.status") &
done
wait
for h in "${harnesses[@]}"; do
  status=$(cat "$build/fuzz-$h.status" 2>/dev/null || echo FAILED)
  [ "$status" = ok ] || failed=1
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/fuzz-$h.log" | grep -o '[0-9]*$' || echo '?')
  rss=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$build/fuzz-$h.log" | grep -o '[0-9]*$' || echo '?')
  secs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$build/fuzz-$h.log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' || echo '?')
  summary+=("$(printf '%-17s %-6s %10s runs in %5s s  peak RSS %4s MB  (%s)' "$h" "$status" "$execs" "$secs" "$rss" \
    "$build/fuzz-$h.log")")
  [ "$status" = ok ] || tail -40 "$build/fuzz-$h.log" >&2
done
if [ -n "${VOLPOL_FUZZ_RUNS:-}" ]; then
  printf 'fuzz: %s runs per harness%s\n' "$VOLPOL_FUZZ_RUNS" "$([ "$seconds_given" = 1 ] && echo ", at most $seconds s each")"
else
  printf 'fuzz: %s s per harness\n' "$seconds"
fi
printf '%s\n' "${summary[@]}"
exit $failed
