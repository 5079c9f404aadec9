#!/usr/bin/env bash
# Checks that every README block marked `<!-- golden: tests/golden/AREA/NAME.txt -->` (the
# marker line, then a fenced block) shows exactly the standard output pinned in that golden
# file — so the README cannot drift from what volpol prints.
# Usage: check-readme.sh REPO_ROOT [README...]
set -uo pipefail
root=$1; shift
cd "$root" || exit 2
[ $# -gt 0 ] || set -- README.md
status=0 checked=0
for readme in "$@"; do
  while IFS=: read -r lineno golden; do
    checked=$((checked + 1))
    if [ ! -f "$golden" ]; then
      echo "$readme:$lineno: no golden file $golden" >&2; status=1; continue
    fi
    # The fenced block right after the marker.
    block=$(awk -v start="$lineno" 'NR > start && /^```/ { if (inside) exit; inside = 1; next } inside { print }' "$readme")
    # The golden file's standard output: after the 2 header lines, up to `# stderr`.
    want=$(awk 'NR > 2 && /^# stderr$/ { exit } NR > 2 { print }' "$golden")
    if [ "$block" != "$want" ]; then
      echo "$readme:$lineno: the block differs from the output pinned in $golden:" >&2
      diff <(printf '%s\n' "$want") <(printf '%s\n' "$block") --label "$golden" --label "$readme" -u >&2
      status=1
    fi
  done < <(grep -n '^<!-- golden: .* -->$' "$readme" | sed -E 's/^([0-9]+):<!-- golden: (.*) -->$/\1:\2/')
done
echo "check-readme: $checked block(s) checked"
[ "$checked" -gt 0 ] || { echo "check-readme: no marked block found" >&2; exit 1; }
exit $status
