#!/usr/bin/env bash
# Every repository path the README (and bench/README.md) names exists: words starting with
# examples/, tests/, scripts/, bench/, include/, src/, schema/, cmake/, doc/ or tools/ (globs
# allowed; bench/out/ holds generated files and is not checked). Usage: readme-paths.sh REPO_ROOT
set -uo pipefail
cd "$1" || exit 2
missing=0
for doc in README.md bench/README.md; do
  while read -r p; do
    p=${p%%[.,:;)]}
    p=${p%\`}
    # shellcheck disable=SC2086
    if ! compgen -G "$p" >/dev/null; then echo "$doc names $p, which does not exist"; missing=1; fi
  done < <(grep -oE '(^|[ `(])(examples|tests|scripts|bench|include|src|schema|cmake|doc|tools)/[A-Za-z0-9_./*<>-]*' "$doc" |
           sed -E 's/^[ `(]//' | grep -v '[<>]' | grep -v '^bench/out/' | sort -u)
done
[ $missing -eq 0 ] && echo "every path named exists"
exit $missing
