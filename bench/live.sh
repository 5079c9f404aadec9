#!/usr/bin/env bash
# bench/live.sh — the live-cluster path (issue 34): `volpol plan --cluster` against the
# `kubectl get --raw` of the same lists, on generated clusters behind the loopback API double.
#
# For each size (30k and 300k objects = pods + PVCs + PVs; bench/gen-cluster, the dumps of
# bench/run.sh, made here when missing) it starts volpol-api-double (HTTPS on 127.0.0.1, a
# throw-away certificate; `--list` serves the dump's Pods, PVCs and PVs, paged as the API server
# pages them; the small lists come from tests/data/cluster/recorded) and times, through the
# real kubectl:
#   raw        kubectl get --raw of /api/v1/{persistentvolumes,persistentvolumeclaims,pods}, the
#              three at once (what any client must at least move), > /dev/null
#   raw-seq    the same one after another
#   get-json   kubectl get persistentvolumes,persistentvolumeclaims,pods -A -o json > /dev/null
#              (once; 30k only: at 300k it needs ~20 GB; VOLPOL_LIVE_GET_JSON_300K=1 runs it anyway)
#   plan       volpol plan --cluster -o json > /dev/null (its kubectl calls through
#              bench/kubectl-peak.sh, which records each kubectl's peak memory)
# Before timing, the plan is checked: `plan --cluster` plans as many volumes as `plan -f` of
# the dump with the same small lists. Wall time is the median of VOLPOL_LIVE_RUNS runs
# (default 3); peak RSS from /usr/bin/time (volpol) and kubectl-peak.sh (every kubectl).
# Prints a Markdown report, saved in bench/out/live-results.md.
#
# Environment: VOLPOL_LIVE_SIZES (default "30k 300k"), VOLPOL_LIVE_RUNS (default 3),
# VOLPOL_BENCH_BUILD_DIR (default build-bench), VOLPOL_BENCH_JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
sizes=${VOLPOL_LIVE_SIZES:-"30k 300k"}
runs=${VOLPOL_LIVE_RUNS:-3}
build=${VOLPOL_BENCH_BUILD_DIR:-build-bench}
jobs=${VOLPOL_BENCH_JOBS:-2}
out=bench/out
mkdir -p "$out"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
log() { echo "live.sh: $*" >&2; }

declare -A size_pods=([3k]=1440 [30k]=14100 [300k]=141000)
declare -A size_namespaces=([3k]=10 [30k]=60 [300k]=400)

bash scripts/install-deps.sh
log "building volpol, gen-cluster and volpol-api-double in $build (Release, -march=native)"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DVOLPOL_BUILD_BENCH=ON -DVOLPOL_BUILD_TESTS=OFF \
  -DVOLPOL_BUILD_MAN=OFF -DVOLPOL_NATIVE=ON -DVOLPOL_MARCH="${VOLPOL_BENCH_MARCH:-native}" >/dev/null
cmake --build "$build" --target volpol gen-cluster volpol-api-double -j"$jobs" >"$tmp/build.log" 2>&1 ||
  { cat "$tmp/build.log" >&2; exit 1; }
volpol=$root/$build/volpol
gen=$root/$build/bench/gen-cluster
double=$root/$build/bench/volpol-api-double
[ -x "$double" ] || double=$root/$build/tests/cluster/volpol-api-double

# wall seconds and peak KB of one command: "SECONDS KB"
# (exit statuses up to $max_rc pass: `volpol plan` exits 1 when a volume's plan is an error)
measure() {
  local t0 t1 rc=0
  t0=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err" || rc=$?
  t1=$(date +%s.%N)
  [ "$rc" -le "${max_rc:-0}" ] || { log "FAILED (exit $rc): $*"; cat "$tmp/err" >&2; return 1; }
  echo "$(awk "BEGIN { printf \"%.3f\", $t1 - $t0 }") $(grep -E '^[0-9]+$' "$tmp/rss" | tail -1)"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
raw_parallel() {
  kubectl get --raw /api/v1/persistentvolumes >/dev/null & local a=$!
  kubectl get --raw /api/v1/persistentvolumeclaims >/dev/null & local b=$!
  kubectl get --raw /api/v1/pods >/dev/null & local c=$!
  wait $a && wait $b && wait $c
}
raw_sequential() {
  kubectl get --raw /api/v1/persistentvolumes >/dev/null &&
    kubectl get --raw /api/v1/persistentvolumeclaims >/dev/null && kubectl get --raw /api/v1/pods >/dev/null
}
export -f raw_parallel raw_sequential

report=$tmp/report.md
{
  echo "| size | objects | input MB | raw (s) | raw-seq (s) | get-json (s) | get-json kubectl RSS (MB) | plan --cluster (s) | plan ÷ raw | volpol RSS (MB) | kubectl proxy RSS (MB) |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
} >"$report"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null
for size in $sizes; do
  json=$out/cluster-$size.json
  if [ ! -s "$json" ]; then
    log "$size: generating $json"
    "$gen" --pods "${size_pods[$size]}" --namespaces "${size_namespaces[$size]}" --seed 1 --format json -o "$json" 2>"$tmp/gen.txt"
  fi
  mb=$(( $(stat -c %s "$json") / 1000000 ))
  log "$size: starting the API double on $json ($mb MB)"
  rm -f "$tmp/port"
  "$double" --dir "$root/tests/data/cluster/recorded" --cert "$tmp/cert.pem" --key "$tmp/key.pem" \
    --port-file "$tmp/port" --user admin-token=admin --list "$json" 2>"$tmp/double.log" &
  pid=$!
  for _ in $(seq 1200); do [ -s "$tmp/port" ] && break; sleep 0.1; done
  [ -s "$tmp/port" ] || { log "the API double did not start"; cat "$tmp/double.log" >&2; exit 1; }
  cat >"$tmp/kubeconfig" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
- name: double
  cluster: {server: "https://127.0.0.1:$(cat "$tmp/port")", certificate-authority-data: "$(base64 -w0 <"$tmp/cert.pem")"}
users:
- {name: admin, user: {token: admin-token}}
contexts:
- {name: double, context: {cluster: double, user: admin}}
current-context: double
KUBECONFIG
  export KUBECONFIG=$tmp/kubeconfig HOME=$tmp

  # Check first: --cluster plans the volumes the dump plans (with the same small lists).
  log "$size: checking the plan"
  kubectl get namespaces,nodes,storageclasses,volumesnapshotclasses -o json >"$tmp/small.json"
  kubectl get deployments.apps,daemonsets.apps,volumesnapshotlocations.velero.io -n velero -o json >"$tmp/velero.json"
  objects=$(sed -n 's/^volpol-api-double: \([0-9]*\) items from .*/\1/p' "$tmp/double.log")
  "$volpol" plan --cluster -o json 2>/dev/null | jq '.summary.volumes' >"$tmp/live.n" || true
  "$volpol" plan -f "$json" -f "$tmp/small.json" -f "$tmp/velero.json" -o json 2>/dev/null | jq '.summary.volumes' >"$tmp/file.n" || true
  if ! cmp -s "$tmp/live.n" "$tmp/file.n" || [ "$(cat "$tmp/live.n")" = 0 ]; then
    log "FAILED: plan --cluster planned $(cat "$tmp/live.n") volumes, plan -f of the dump $(cat "$tmp/file.n")"; exit 1
  fi
  log "$size: $objects objects; both plans: $(cat "$tmp/live.n") volumes"

  times() {  # NAME COMMAND...: the median wall time of $runs runs, and the last peak
    local name=$1; shift
    : >"$tmp/$name.t"
    for i in $(seq "$runs"); do
      log "$size: $name run $i/$runs"
      measure "$@" >>"$tmp/$name.t"
      log "$size: $name: $(tail -1 "$tmp/$name.t" | awk '{ printf "%s s, peak %d MB", $1, $2 / 1024 }')"
    done
    echo "$(cut -d' ' -f1 "$tmp/$name.t" | median) $(cut -d' ' -f2 "$tmp/$name.t" | sort -n | tail -1)"
  }
  read -r raw _ < <(times raw bash -c raw_parallel)
  read -r rawseq _ < <(times raw-seq bash -c raw_sequential)
  getjson=- getjson_mb=-
  if [ "$size" != 300k ] || [ "${VOLPOL_LIVE_GET_JSON_300K:-}" = 1 ]; then
    read -r getjson kb < <(runs=1 times get-json kubectl get persistentvolumes,persistentvolumeclaims,pods -A -o json)
    getjson_mb=$((kb / 1024))
  fi
  read -r plan kb < <(max_rc=1 times plan "$volpol" plan --cluster -o json)
  volpol_mb=$((kb / 1024))
  # Once more through bench/kubectl-peak.sh (its sampling adds to the time: not timed) for the
  # peak memory of kubectl proxy and of the small kubectl calls.
  export VOLPOL_KUBECTL_PEAKS=$tmp/peaks
  : >"$VOLPOL_KUBECTL_PEAKS"
  max_rc=1 measure "$volpol" plan --cluster -o json --kubectl "$root/bench/kubectl-peak.sh" >/dev/null
  unset VOLPOL_KUBECTL_PEAKS
  peak_mb() { awk 'BEGIN { m = 0 } { if ($1 > m) m = $1 } END { printf "%d", m / 1024 }'; }
  proxy_mb=$(grep ' proxy ' "$tmp/peaks" | peak_mb)
  other_mb=$(grep -v ' proxy ' "$tmp/peaks" | peak_mb)
  ratio=$(awk "BEGIN { printf \"%.2f\", $plan / $raw }")
  echo "| $size | $objects | $mb | $raw | $rawseq | $getjson | $getjson_mb | $plan | **$ratio** | $volpol_mb | $proxy_mb (other kubectl calls ≤ $other_mb) |" >>"$report"
  if [ "$size" = "${sizes%% *}" ]; then
    # What one page costs: a kubectl process per page (`kubectl get --raw` with limit=500) against
    # one request through a running `kubectl proxy` (doc/live-cluster.md).
    t0=$(date +%s%N)
    for _ in $(seq 10); do kubectl get --raw "/api/v1/pods?limit=500" >/dev/null; done
    t1=$(date +%s%N)
    kubectl proxy --unix-socket="$tmp/proxy.sock" >/dev/null 2>&1 &
    proxy_pid=$!
    for _ in $(seq 100); do [ -S "$tmp/proxy.sock" ] && break; sleep 0.05; done
    t2=$(date +%s%N)
    for _ in $(seq 10); do curl -s --unix-socket "$tmp/proxy.sock" "http://localhost/api/v1/pods?limit=500" >/dev/null; done
    t3=$(date +%s%N)
    kill $proxy_pid 2>/dev/null; wait $proxy_pid 2>/dev/null || true
    page_note="One page of 500 pods ($size): $(( (t1 - t0) / 10000000 )) ms with \`kubectl get --raw\` (a kubectl process each), $(( (t3 - t2) / 10000000 )) ms through one \`kubectl proxy\` (curl, a process each too)."
  fi
  kill $pid 2>/dev/null; wait $pid 2>/dev/null || true; pid=
done
{
  echo
  echo "${page_note:-}"
  echo
  echo "Targets (issue 34): plan ÷ raw ≤ 1.5 at 30k and 300k; every process's peak ≤ 300 MB at 300k."
  echo "Host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(kubectl version --client -o json | jq -r .clientVersion.gitVersion), $(date -u +%F)."
} >>"$report"
cp "$report" "$out/live-results.md"
cat "$report"
