#!/usr/bin/env bash
# `-o html` in a real browser: headless Chromium (Debian's `chromium`) loads the pages volpol
# writes for plan, explain and coverage, with the network off, and runs their script.
#   - --dump-dom: the DOM after the script ran holds a row per volume, the filter's count
#     ("17 of 17 volumes": the script ran), every Schedule's and volume's name;
#   - --screenshot: a PNG that is not blank (its pixels are not all one colour).
# The coverage screenshot is kept as OUT_DIR/coverage-report.png (doc/images/ has the README's copy).
# Usage: render.sh VOLPOL_BINARY REPO_ROOT OUT_DIR
set -euo pipefail
bin=$1 root=$2 out=$3
command -v chromium >/dev/null || { echo "chromium is not installed (scripts/install-deps.sh installs it)" >&2; exit 1; }
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"

chrome() {  # chrome URL ARGS...: headless, no network, its profile in $work
  local url=$1; shift
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$work/profile" --proxy-server='http://0.0.0.0:1' --proxy-bypass-list='<-loopback>' \
    --virtual-time-budget=5000 "$@" "$url" 2>"$work/chrome.log"
}

check_page() {  # check_page NAME ROWS WORDS...
  local name=$1 rows=$2; shift 2
  local page="$work/$name.html" dom="$work/$name.dom"
  chrome "file://$page" --dump-dom >"$dom"
  local got
  got=$(grep -c '<tr data-method=' "$dom" || true)
  [ "$got" = "$rows" ] || { echo "$name: $got volume rows in the rendered page, want $rows" >&2; exit 1; }
  grep -q "<span id=\"shown\">$rows of $rows volumes</span>" "$dom" ||
    { echo "$name: the page's script did not run (no \"$rows of $rows volumes\")" >&2; exit 1; }
  for w in "$@"; do
    grep -qF -- "$w" "$dom" || { echo "$name: \`$w\` is not in the rendered page" >&2; exit 1; }
  done
  # Self-contained: no src= or href= and no URL but the SVG namespace.
  if grep -Eo '(src|href)=|https?://[^"]*' "$page" | grep -v '^http://www.w3.org/2000/svg$' | grep -q .; then
    echo "$name: the page refers to something outside itself" >&2; exit 1
  fi
  chrome "file://$page" --screenshot="$work/$name.png" --window-size=1280,1000 >/dev/null
  python3 - "$work/$name.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat, width, height = 8, b'', 0, 0
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        width, height = struct.unpack('>II', body[:8])
    elif kind == b'IDAT':
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = len(raw) // height
# Unfiltered bytes are not needed: a blank page compresses every row to the same bytes.
rows = {raw[i * stride + 1:(i + 1) * stride] for i in range(height)}
assert width >= 1000 and height >= 900, f'{width}x{height}'
assert len(rows) > 50, f'the screenshot looks blank ({len(rows)} distinct rows)'
PY
  echo "$name: $rows rows rendered, script ran, screenshot not blank"
}

"$bin" coverage -f examples/cluster -f examples/velero --volume-snapshot-locations default=aws -o html \
  >"$work/coverage.html"
check_page coverage 17 apps-daily logging-weekly elasticsearch-data-es-0 fluent-bit-x8k2m/varlog \
  thumbnails-cache redis-data '<svg' 'skipped by every Schedule that includes it' \
  '<td data-sort="86400">1d</td>' '<td data-sort="604800">7d</td>'
cp "$work/coverage.png" "$out/coverage-report.png"
"$bin" plan -f examples/cluster --policy examples/policies/snapshot-class-per-storage-class.yaml \
  --volume-snapshot-locations default=aws -o html >"$work/plan.html" || test $? = 1
check_page plan 18 data-postgres-0 redis-data ebs-gp3-snapclass "<svg" "VolumeSnapshotClass ebs-gp3-snapclass" ShouldPerformSnapshot
"$bin" explain --all -f examples/cluster --policy examples/policies/snapshot-class-per-storage-class.yaml -o html \
  >"$work/explain.html" || test $? = 1
check_page explain 18 "volumePolicies[0]" shared-pvc ShouldPerformFSBackup "first match"
