#!/usr/bin/env bash
# Runs one golden CLI test: tests/golden/<area>/<name>.txt holds
#   line 1: `$ volpol ARGS...`   (split as the shell splits; run from the repository root)
#   line 2: `# exit N`           (the expected exit code)
#   then:   the expected standard output, then — only when the command writes any — a line
#           `# stderr` and the expected standard error.
# Usage: run-golden.sh VOLPOL_BINARY REPO_ROOT FILE
# With VOLPOL_UPDATE_GOLDEN=1 the file is rewritten with what the command printed.
set -uo pipefail
bin=$1 root=$2 file=$3
cmd_line=$(sed -n 1p "$file")
exit_line=$(sed -n 2p "$file")
case $cmd_line in
  '$ volpol '*) args=${cmd_line#'$ volpol '} ;;
  *) echo "$file:1: the first line must be \`\$ volpol ARGS...\`" >&2; exit 2 ;;
esac
case $exit_line in
  '# exit '*) want_exit=${exit_line#'# exit '} ;;
  *) echo "$file:2: the second line must be \`# exit N\`" >&2; exit 2 ;;
esac
out=$(mktemp) err=$(mktemp) got=$(mktemp)
trap 'rm -f "$out" "$err" "$got"' EXIT
cd "$root" || exit 2
eval "set -- $args"
NO_COLOR=1 COLUMNS=120 "$bin" "$@" >"$out" 2>"$err" </dev/null
got_exit=$?
{
  printf '%s\n' "$cmd_line" "# exit $got_exit"
  cat "$out"
  if [ -s "$err" ]; then printf '# stderr\n'; cat "$err"; fi
} >"$got"
if [ "${VOLPOL_UPDATE_GOLDEN:-}" = 1 ]; then
  cp "$got" "$file"
  echo "updated $file"
  exit 0
fi
if ! diff -u --label "expected ($file)" --label "got" "$file" "$got"; then
  echo "golden mismatch: $file (VOLPOL_UPDATE_GOLDEN=1 ctest -R golden rewrites it)" >&2
  exit 1
fi
