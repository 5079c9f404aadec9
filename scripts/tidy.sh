#!/usr/bin/env bash
# Runs clang-tidy (the checks in .clang-tidy) over src/, or over the files given, and lists the
# functions above the cognitive-complexity threshold, most complex first.
#   bash scripts/tidy.sh                    every src/**/*.cpp
#   bash scripts/tidy.sh src/plan/*.cpp     those files
# The compile database comes from a build folder of its own, VOLPOL_TIDY_BUILD_DIR (default
# build-tidy): configured with clang and VOLPOL_UNITY=OFF (build/'s database lists unity
# batches, not files); only the generated headers are built. Full output: $dir/tidy.log.
# Exit code 0 whatever clang-tidy finds: the list is for reading, not a gate (not run in CI).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${VOLPOL_TIDY_BUILD_DIR:-build-tidy}
jobs=${VOLPOL_TIDY_JOBS:-2}
command -v clang-tidy >/dev/null || { echo "tidy.sh: clang-tidy not found (apt-get install clang-tidy)" >&2; exit 2; }
cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER=clang++ -DVOLPOL_UNITY=OFF -DVOLPOL_BUILD_BENCH=OFF \
  -DVOLPOL_BUILD_MAN=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
cmake --build "$dir" --target volpol_commit_header >/dev/null  # volpol_commit.h, for src/cli

if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(git ls-files 'src/*.cpp'); fi
printf '%s\n' "${files[@]}" |
  xargs -P "$jobs" -n 4 clang-tidy -p "$dir" --quiet 2>/dev/null >"$dir/tidy.log" || true

threshold=$(awk '/readability-function-cognitive-complexity.Threshold/ { getline; print $2 }' .clang-tidy)
echo "functions above the cognitive complexity threshold (${threshold:-?}):"
grep -E 'warning: function .* has cognitive complexity of [0-9]+' "$dir/tidy.log" |
  sed -E 's/^([^:]+:[0-9]+):[0-9]+: warning: function (.*) has cognitive complexity of ([0-9]+).*/\3 \1 \2/' |
  sort -u | sort -rn -k1,1 || true
echo
echo "other findings, by check:"
grep -oE 'warning: .* \[[a-z0-9.,-]+\]$' "$dir/tidy.log" | grep -v cognitive-complexity |
  grep -oE '\[[a-z0-9.,-]+\]$' | sort | uniq -c | sort -rn || true
echo "(full output: $dir/tidy.log)"
