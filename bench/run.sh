#!/usr/bin/env bash
# bench/run.sh — volpol's end-to-end benchmark (method and targets: bench/README.md).
#
# For each size (about 3k, 30k and 300k objects = pods + PVCs + PVs) it generates one cluster
# dump as a kubectl JSON List and as multi-document YAML (bench/out/, git-ignored), then times
# on those same files:
#   floor      json-floor FILE.json        simdjson On-Demand reads the file, visits every item
#   jq         jq -c '.items[] | select(.kind=="PersistentVolumeClaim") | [name, storageClass]'
#   plan-json  volpol plan --threads N -f FILE.json -o json [--policy bench/policies-20.yaml] > /dev/null
#   plan-json-1t  the same with --threads 1 (the single-threaded path)
#   plan-yaml  volpol plan --threads N -f FILE.yaml -o json [--policy ...] > /dev/null
#   explain-json  volpol explain --all -f FILE.json -o json [--policy ...] > /dev/null (not at 300k)
# Before timing anything at a size it checks the results: the plan of the JSON dump with
# --threads 1 is the reference, and the plans with N threads and of the YAML dump must be the
# same bytes (as simdjson's benchmarks check their parse first); a difference stops the run.
# Wall time is the median of 5 runs; peak RSS comes from /usr/bin/time -v. Then, for each two
# adjacent sizes, the plans of both are run alternately (5 pairs) for the scaling targets.
# Prints a Markdown report and saves it in bench/out/results.md.
#
# Environment:
#   VOLPOL_BENCH_SIZES        sizes to run (default "3k 30k 300k"), e.g. "3k 30k"
#   VOLPOL_BENCH_BUILD_DIR    build folder (default build-bench, configured Release, VOLPOL_NATIVE=ON)
#   VOLPOL_BENCH_MARCH        the -march of that build (default native; haswell = the published results)
#   VOLPOL_BENCH_JOBS         parallel build jobs (default 2)
#   VOLPOL_BENCH_MAX_SECONDS  stop repeating one measurement once its runs took this long
#                             (default 600; at least one run is always made)
#   VOLPOL_BENCH_POLICY       policy document for `volpol plan` (default bench/policies-20.yaml;
#                             "" for none)
#   VOLPOL_BENCH_SEED         generator seed (default 1)
#   VOLPOL_BENCH_THREADS      volpol's --threads (default: the cores available, nproc)
# Arguments: --threads N (same as VOLPOL_BENCH_THREADS).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

sizes=${VOLPOL_BENCH_SIZES:-"3k 30k 300k"}
build=${VOLPOL_BENCH_BUILD_DIR:-build-bench}
jobs=${VOLPOL_BENCH_JOBS:-2}
max_seconds=${VOLPOL_BENCH_MAX_SECONDS:-600}
policy=${VOLPOL_BENCH_POLICY-bench/policies-20.yaml}
seed=${VOLPOL_BENCH_SEED:-1}
threads=${VOLPOL_BENCH_THREADS:-$(nproc)}
while [ $# -gt 0 ]; do
  case $1 in
    --threads) threads=$2; shift 2 ;;
    --threads=*) threads=${1#--threads=}; shift ;;
    *) echo "run.sh: unknown argument $1 (known: --threads N)" >&2; exit 2 ;;
  esac
done
out=bench/out
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Pods and namespaces per size: gen-cluster makes about 2.13 objects per pod.
declare -A size_pods=([3k]=1440 [30k]=14100 [300k]=141000)
declare -A size_namespaces=([3k]=10 [30k]=60 [300k]=400)
declare -A size_runs=([3k]=5 [30k]=5 [300k]=5)
min_free_bytes_300k=$((10 * 1000 * 1000 * 1000))

log() { echo "run.sh: $*" >&2; }

# ---------------------------------------------------------------------------- build
bash scripts/install-deps.sh
# CPU-specific code (simdjson's AVX2 or AVX-512 kernel): -march=native, or VOLPOL_BENCH_MARCH.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DVOLPOL_BUILD_BENCH=ON -DVOLPOL_BUILD_TESTS=OFF \
  -DVOLPOL_BUILD_MAN=OFF -DVOLPOL_NATIVE=ON -DVOLPOL_MARCH="${VOLPOL_BENCH_MARCH:-native}" >/dev/null
cmake --build "$build" --target volpol gen-cluster json-floor -j"$jobs" >"$tmp/build.log" 2>&1 ||
  { cat "$tmp/build.log" >&2; exit 1; }
volpol=$root/$build/volpol
gen=$root/$build/bench/gen-cluster
floor=$root/$build/bench/json-floor

plan_args=(-o json)
if [ -n "$policy" ] && "$volpol" plan --help 2>/dev/null | grep -q -- '--policy'; then
  plan_args+=(--policy "$root/$policy")
fi

# ---------------------------------------------------------------------------- helpers
awk_calc() { awk "BEGIN { printf \"%s\", $1 }"; }

# median of the numbers given as arguments
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# measure KEY RUNS OK_CODES CMD...: runs CMD (stdout to /dev/null) up to RUNS times; records
# R_time[KEY] (median wall seconds), R_cpu[KEY] (median user+system CPU seconds), R_rss[KEY]
# (max peak RSS, KB), R_runs[KEY], or R_error[KEY] when an exit code is not in OK_CODES.
declare -A R_time R_cpu R_rss R_runs R_error
# run_once KEY OK_CODES CMD...: one run of CMD (stdout to /dev/null) under /usr/bin/time -v;
# sets run_wall (seconds), run_cpu (user + system seconds) and run_rss (KB), or, when the exit
# code is not in OK_CODES, R_error[KEY], logs it and fails.
run_once() {
  local key=$1 ok_codes=$2
  shift 2
  local t0 t1 rc=0
  t0=$(date +%s.%N)
  /usr/bin/time -v -o "$tmp/time.txt" "$@" >/dev/null 2>"$tmp/stderr.txt" || rc=$?
  t1=$(date +%s.%N)
  if ! [[ " $ok_codes " == *" $rc "* ]]; then
    R_error[$key]="exit $rc: $(grep -v '^Command' "$tmp/stderr.txt" | head -n 1 | cut -c1-120)"
    log "$key: failed (${R_error[$key]})"
    return 1
  fi
  run_wall=$(awk_calc "$t1 - $t0")
  run_cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s + 0 }' "$tmp/time.txt")
  run_rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tmp/time.txt")
}
measure() {
  local key=$1 runs=$2 ok_codes=$3
  shift 3
  local times=() cpus=() rss_max=0 spent=0 i
  for ((i = 0; i < runs; i++)); do
    run_once "$key" "$ok_codes" "$@" || return 0
    ((run_rss > rss_max)) && rss_max=$run_rss
    times+=("$run_wall")
    cpus+=("$run_cpu")
    spent=$(awk_calc "$spent + $run_wall")
    if awk "BEGIN { exit !($spent > $max_seconds) }"; then
      ((i + 1 < runs)) && log "$key: stopping after $((i + 1)) runs (${spent}s > VOLPOL_BENCH_MAX_SECONDS=$max_seconds)"
      break
    fi
  done
  R_time[$key]=$(median "${times[@]}")
  R_cpu[$key]=$(median "${cpus[@]}")
  R_rss[$key]=$rss_max
  R_runs[$key]=${#times[@]}
  log "$key: median ${R_time[$key]} s (CPU ${R_cpu[$key]} s) over ${#times[@]} runs, peak RSS $((rss_max / 1024)) MB"
}

fmt3() { [ -n "${1:-}" ] && awk_calc "sprintf(\"%.3f\", $1)" || printf 'n/a'; }
ratio() { # ratio A B -> A/B with 2 decimals, or n/a
  if [ -n "${1:-}" ] && [ -n "${2:-}" ] && awk "BEGIN { exit !($2 > 0) }"; then awk_calc "sprintf(\"%.2f\", $1 / $2)"; else printf 'n/a'; fi
}

# ---------------------------------------------------------------------------- generate + measure
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A S_objects S_bytes_json S_bytes_yaml S_pods S_pvcs S_pvs
done_sizes=()
jq_rss_per_byte=""
for size in $sizes; do
  if [ -z "${size_pods[$size]:-}" ]; then
    log "unknown size \`$size\` (known: 3k 30k 300k)"
    exit 2
  fi
  json=$out/cluster-$size.json
  yaml=$out/cluster-$size.yaml
  rm -f "$json" "$yaml"
  if [ "$size" = 300k ]; then
    free=$(df -B1 --output=avail "$out" | tail -n 1 | tr -d ' ')
    if ((free < min_free_bytes_300k)); then
      log "skipping 300k: $((free / 1000000000)) GB free on $(df --output=target "$out" | tail -n 1), need 10 GB for the ~3 GB JSON + ~1.3 GB YAML dumps"
      continue
    fi
  fi
  gen_args=(--pods "${size_pods[$size]}" --namespaces "${size_namespaces[$size]}" --seed "$seed")
  log "generating $size ($json, $yaml)"
  "$gen" "${gen_args[@]}" --format json -o "$json" 2>"$tmp/gen.txt"
  counts=$(tail -n 1 "$tmp/gen.txt")
  "$gen" "${gen_args[@]}" --format yaml -o "$yaml" 2>/dev/null
  S_objects[$size]=$(sed -E 's/.*objects=([0-9]+).*/\1/' <<<"$counts")
  S_pods[$size]=$(sed -E 's/.*pods=([0-9]+).*/\1/' <<<"$counts")
  S_pvcs[$size]=$(sed -E 's/.*pvcs=([0-9]+).*/\1/' <<<"$counts")
  S_pvs[$size]=$(sed -E 's/.*pvs=([0-9]+).*/\1/' <<<"$counts")
  # Write the new dumps back to disk now: write-back of hundreds of MB (GBs at 300k) would
  # otherwise run during the timed runs below and slow them unevenly.
  sync
  S_bytes_json[$size]=$(stat -c %s "$json")
  S_bytes_yaml[$size]=$(stat -c %s "$yaml")
  runs=${size_runs[$size]}

  # The results first: N threads and YAML give the single-threaded JSON plan, byte for byte.
  check_rc=0
  "$volpol" plan -f "$json" "${plan_args[@]}" --threads 1 >"$tmp/reference.json" 2>/dev/null || check_rc=$?
  if ((check_rc > 1)); then
    log "plan of $json failed (exit $check_rc): nothing to check against"
  else
    for variant in json yaml; do
      "$volpol" plan -f "$out/cluster-$size.$variant" "${plan_args[@]}" --threads "$threads" >"$tmp/check.json" 2>/dev/null || true
      if ! cmp -s "$tmp/reference.json" "$tmp/check.json"; then
        log "FAILED: the plan of cluster-$size.$variant with --threads $threads differs from the JSON plan with --threads 1"
        diff <(head -c 100000 "$tmp/reference.json") <(head -c 100000 "$tmp/check.json") | head -n 20 >&2 || true
        exit 1
      fi
    done
    log "$size: checked: --threads $threads on JSON and on YAML gives the single-threaded JSON plan ($(stat -c %s "$tmp/reference.json") bytes)"
  fi

  measure "floor/$size" "$runs" "0" "$floor" "$json"
  measure "plan-json/$size" "$runs" "0 1" "$volpol" plan -f "$json" "${plan_args[@]}" --threads "$threads"
  measure "plan-json-1t/$size" "$runs" "0 1" "$volpol" plan -f "$json" "${plan_args[@]}" --threads 1
  if [ -n "${R_error[plan-json/$size]:-}" ]; then
    R_error[plan-yaml/$size]=${R_error[plan-json/$size]}
  else
    measure "plan-yaml/$size" "$runs" "0 1" "$volpol" plan -f "$yaml" "${plan_args[@]}" --threads "$threads"
  fi
  # explain --all writes the whole trace (about 9x the plan's bytes): not at 300k (~4 GB).
  if [ "$size" = 300k ]; then
    R_error[explain-json/$size]="skipped: the trace of every volume at 300k is ~4 GB of JSON"
  else
    measure "explain-json/$size" "$runs" "0 1" "$volpol" explain --all -f "$json" "${plan_args[@]}" --threads "$threads"
  fi
  # jq holds the whole document as a tree (~4x the input): skip it when that would take more
  # than half of the available memory (the machine may be shared).
  avail_kb=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)
  need_kb=$(awk_calc "int(${jq_rss_per_byte:-12} * ${S_bytes_json[$size]} / 1024)")
  if ((need_kb > avail_kb / 2)); then
    R_error[jq/$size]="skipped: needs ~$((need_kb / 1024 / 1024)) GB, $((avail_kb / 1024 / 1024)) GB available"
    log "jq/$size: ${R_error[jq/$size]}"
  else
    measure "jq/$size" "$runs" "0" jq -c '.items[] | select(.kind=="PersistentVolumeClaim") | [.metadata.name, .spec.storageClassName]' "$json"
    [ -n "${R_rss[jq/$size]:-}" ] && jq_rss_per_byte=$(awk_calc "${R_rss[jq/$size]} * 1024 / ${S_bytes_json[$size]}")
  fi
  done_sizes+=("$size")
done

# ---------------------------------------------------------------------------- scaling, interleaved
# The scaling targets compare two sizes. Measured one size after the other, minutes apart, the
# ratio also measures how the machine's speed drifted in between (a shared VM's speed drifts
# by ±10% over minutes: four full runs gave 1.11, 1.12, 1.11 and 1.25 for the same code). So the
# plans of two adjacent sizes are also run alternately (a b a b ...), and the targets are judged
# on the medians of those runs; the tables above keep the per-size medians.
declare -A I_time I_runs
for ((i = 1; i < ${#done_sizes[@]}; i++)); do
  a=${done_sizes[i - 1]}
  b=${done_sizes[i]}
  for input in json yaml; do
    [ -n "${R_error[plan-$input/$a]:-}${R_error[plan-$input/$b]:-}" ] && continue
    times_a=()
    times_b=()
    for ((k = 0; k < ${size_runs[$b]}; k++)); do
      run_once "scaling-$input/$a" "0 1" "$volpol" plan -f "$out/cluster-$a.$input" "${plan_args[@]}" --threads "$threads" ||
        continue 2
      times_a+=("$run_wall")
      run_once "scaling-$input/$b" "0 1" "$volpol" plan -f "$out/cluster-$b.$input" "${plan_args[@]}" --threads "$threads" ||
        continue 2
      times_b+=("$run_wall")
    done
    I_time[$input/$a]=$(median "${times_a[@]}")
    I_time[$input/$b/from-$a]=$(median "${times_b[@]}")
    I_runs[$input/$a/$b]=${#times_a[@]}
    log "scaling $input $a → $b, interleaved: medians ${I_time[$input/$a]} s and ${I_time[$input/$b/from-$a]} s over ${#times_a[@]} pairs"
  done
done

# ---------------------------------------------------------------------------- report
report() {
  local cpu compiler
  cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
  compiler=$(awk -F= '/^CMAKE_CXX_COMPILER:/ { print $2 }' "$build/CMakeCache.txt")
  echo "## volpol benchmark — $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo
  echo "Machine: $(nproc) CPUs, ${cpu:-unknown CPU}, $(awk '/MemTotal/ { printf "%.0f GB RAM", $2 / 1048576 }' /proc/meminfo);" \
    "compiler: $("$compiler" --version | head -n 1) (Release, -O3);" \
    "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
  echo "Command: \`volpol plan -f FILE ${plan_args[*]/#$root\//} --threads $threads > /dev/null\` (plan-json-1t: \`--threads 1\`); generator seed $seed."
  echo "Time: median wall seconds (runs in parentheses) and median CPU seconds (user + system); MB/s from"
  echo "wall time; RSS: peak resident set (/usr/bin/time -v). Load average when the run began: $load_at_start."
  echo
  echo "| size | objects (pods/PVCs/PVs) | input | bytes | what | wall s (runs) | CPU s | MB/s | peak RSS MB | RSS ÷ input |"
  echo "|---|---|---|---:|---|---:|---:|---:|---:|---:|"
  local size what key bytes input
  for size in "${done_sizes[@]}"; do
    for what in floor jq plan-json plan-json-1t plan-yaml explain-json; do
      key=$what/$size
      input=json
      [ "$what" = plan-yaml ] && input=yaml
      if [ "$input" = json ]; then bytes=${S_bytes_json[$size]}; else bytes=${S_bytes_yaml[$size]}; fi
      if [ -n "${R_error[$key]:-}" ]; then
        echo "| $size | ${S_objects[$size]} (${S_pods[$size]}/${S_pvcs[$size]}/${S_pvs[$size]}) | $input | $bytes | $what | n/a — ${R_error[$key]//|/\\|} | | | | |"
        continue
      fi
      echo "| $size | ${S_objects[$size]} (${S_pods[$size]}/${S_pvcs[$size]}/${S_pvs[$size]}) | $input | $bytes | $what" \
        "| $(fmt3 "${R_time[$key]}") (${R_runs[$key]}) | $(fmt3 "${R_cpu[$key]}") | $(awk_calc "sprintf(\"%.0f\", $bytes / 1e6 / ${R_time[$key]})")" \
        "| $(awk_calc "sprintf(\"%.0f\", ${R_rss[$key]} / 1024)") | $(awk_calc "sprintf(\"%.3f\", ${R_rss[$key]} * 1024 / $bytes)") |"
    done
  done
  echo
  echo "Ratios (targets: plan ≤ 1.5× floor on JSON, plan peak RSS ≤ 0.25× input, explain --all ≤ 3× plan):"
  echo
  echo "| size | plan/floor wall (JSON) | plan/floor CPU (JSON) | jq/plan wall (JSON) | plan YAML/JSON wall | plan RSS ÷ input (JSON) | plan RSS ÷ input (YAML) | explain/plan wall (JSON) | explain/plan CPU (JSON) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  for size in "${done_sizes[@]}"; do
    local pj=${R_time[plan-json/$size]:-} py=${R_time[plan-yaml/$size]:-}
    local rj=n/a ry=n/a
    [ -n "$pj" ] && rj=$(awk_calc "sprintf(\"%.3f\", ${R_rss[plan-json/$size]} * 1024 / ${S_bytes_json[$size]})")
    [ -n "$py" ] && ry=$(awk_calc "sprintf(\"%.3f\", ${R_rss[plan-yaml/$size]} * 1024 / ${S_bytes_yaml[$size]})")
    echo "| $size | $(ratio "$pj" "${R_time[floor/$size]:-}") | $(ratio "${R_cpu[plan-json/$size]:-}" "${R_cpu[floor/$size]:-}") | $(ratio "${R_time[jq/$size]:-}" "$pj") | $(ratio "$py" "$pj") | $rj | $ry | $(ratio "${R_time[explain-json/$size]:-}" "$pj") | $(ratio "${R_cpu[explain-json/$size]:-}" "${R_cpu[plan-json/$size]:-}") |"
  done
  if ((${#done_sizes[@]} > 1)); then
    echo
    echo "Scaling from one size to the next (target: 10× input → ≤ 11× time, i.e. time ratio ÷ object ratio ≤ 1.1):"
    echo
    echo "| from → to | objects × | floor wall × | jq wall × | plan JSON wall × | plan JSON CPU × | plan YAML wall × | plan JSON wall× ÷ objects× | plan JSON CPU× ÷ objects× |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    local i a b obj pj_wall pj_cpu
    for ((i = 1; i < ${#done_sizes[@]}; i++)); do
      a=${done_sizes[i - 1]}
      b=${done_sizes[i]}
      obj=$(ratio "${S_objects[$b]}" "${S_objects[$a]}")
      pj_wall=$(ratio "${R_time[plan-json/$b]:-}" "${R_time[plan-json/$a]:-}")
      pj_cpu=$(ratio "${R_cpu[plan-json/$b]:-}" "${R_cpu[plan-json/$a]:-}")
      echo "| $a → $b | $obj | $(ratio "${R_time[floor/$b]:-}" "${R_time[floor/$a]:-}")" \
        "| $(ratio "${R_time[jq/$b]:-}" "${R_time[jq/$a]:-}") | $pj_wall | $pj_cpu" \
        "| $(ratio "${R_time[plan-yaml/$b]:-}" "${R_time[plan-yaml/$a]:-}")" \
        "| $([ "$pj_wall" = n/a ] && echo n/a || ratio "$pj_wall" "$obj") | $([ "$pj_cpu" = n/a ] && echo n/a || ratio "$pj_cpu" "$obj") |"
    done
    echo
    echo "Scaling with the two sizes' plans run alternately (a b a b ...: both measured in the same machine state;"
    echo "the scaling targets are judged on these):"
    echo
    echo "| from → to | input | pairs | wall s (from) | wall s (to) | wall × | objects × | wall× ÷ objects× |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
    for ((i = 1; i < ${#done_sizes[@]}; i++)); do
      a=${done_sizes[i - 1]}
      b=${done_sizes[i]}
      obj=$(ratio "${S_objects[$b]}" "${S_objects[$a]}")
      for input in json yaml; do
        local ta=${I_time[$input/$a]:-} tb=${I_time[$input/$b/from-$a]:-} x
        x=$(ratio "$tb" "$ta")
        echo "| $a → $b | $input | ${I_runs[$input/$a/$b]:-0} | $(fmt3 "$ta") | $(fmt3 "$tb") | $x | $obj" \
          "| $([ "$x" = n/a ] && echo n/a || ratio "$x" "$obj") |"
      done
    done
  fi
}

# status A OP B: "met" or "not met" for A OP B (OP: le, ge), or n/a.
status() {
  if [ -z "${1:-}" ] || [ "$1" = n/a ] || [ -z "${3:-}" ] || [ "$3" = n/a ]; then printf 'n/a'; return; fi
  if [ "$2" = le ]; then awk "BEGIN { exit !($1 <= $3) }" && printf 'met' || printf '**not met**'
  else awk "BEGIN { exit !($1 >= $3) }" && printf 'met' || printf '**not met**'; fi
}

targets() {
  echo
  echo "Targets (issues #8 and #14), each measured above:"
  echo
  echo "| size | target | measured | status |"
  echo "|---|---|---:|---|"
  local size pj py fl r mbs rss
  for size in "${done_sizes[@]}"; do
    pj=${R_time[plan-json/$size]:-}
    py=${R_time[plan-yaml/$size]:-}
    fl=${R_time[floor/$size]:-}
    r=$(ratio "$pj" "$fl")
    echo "| $size | plan JSON ≤ 1.0× the floor (wall) | $r | $(status "$r" le 1.0) |"
    echo "| $size | plan JSON ≤ 1.5× the floor (wall) | $r | $(status "$r" le 1.5) |"
    r=$(ratio "$py" "$pj")
    echo "| $size | plan YAML ≤ 3× plan JSON (wall) | $r | $(status "$r" le 3) |"
    mbs=n/a
    [ -n "$py" ] && mbs=$(awk_calc "sprintf(\"%.0f\", ${S_bytes_yaml[$size]} / 1e6 / $py)")
    echo "| $size | plan YAML ≥ 60 MB/s | $mbs | $(status "$mbs" ge 60) |"
    for input in json yaml; do
      rss=n/a
      local key=plan-$input/$size bytes=${S_bytes_json[$size]}
      [ "$input" = yaml ] && bytes=${S_bytes_yaml[$size]}
      [ -n "${R_rss[$key]:-}" ] && rss=$(awk_calc "sprintf(\"%.3f\", ${R_rss[$key]} * 1024 / $bytes)")
      echo "| $size | plan ${input^^} peak RSS ≤ 0.25× the input | $rss | $(status "$rss" le 0.25) |"
    done
    r=$(ratio "${R_time[explain-json/$size]:-}" "$pj")
    echo "| $size | explain --all ≤ 3× plan (wall, JSON) | $r | $(status "$r" le 3) |"
  done
  local i a b obj x
  for ((i = 1; i < ${#done_sizes[@]}; i++)); do
    a=${done_sizes[i - 1]}
    b=${done_sizes[i]}
    obj=$(ratio "${S_objects[$b]}" "${S_objects[$a]}")
    for input in json yaml; do
      x=$(ratio "${I_time[$input/$b/from-$a]:-}" "${I_time[$input/$a]:-}")
      [ "$x" != n/a ] && x=$(ratio "$x" "$obj")
      echo "| $a → $b | $input time× ÷ objects× ≤ 1.1 (interleaved runs) | $x | $(status "$x" le 1.1) |"
    done
  done
}

{ report; targets; } | tee "$out/results.md"
