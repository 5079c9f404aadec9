#!/usr/bin/env bash
# The schema test: `volpol schema` is the committed schema file; Debian's python3-jsonschema
# (Draft 2020-12) accepts every example and shared policy and rejects every broken one; and
# `volpol validate` rejects the broken ones too (the schema is never stricter than volpol).
# Usage: run-schema-test.sh VOLPOL REPO_ROOT CONFORMANCE_DIR
set -euo pipefail
volpol=$1 root=$2 corpus=$3
cd "$root"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$volpol" schema >"$out"
# The conditions' members are written from the condition rows (src/policy/condition_table.cpp):
# VOLPOL_UPDATE_GOLDEN=1 writes the committed file from them.
if [ "${VOLPOL_UPDATE_GOLDEN:-}" = 1 ]; then cp "$out" schema/resource-policies.schema.json; fi
cmp "$out" schema/resource-policies.schema.json || {
  echo "volpol schema differs from schema/resource-policies.schema.json (a condition row changed?" \
    "VOLPOL_UPDATE_GOLDEN=1 ctest --test-dir build -R schema.policies writes it)"
  exit 1
}
for f in tests/schema/broken/*.yaml; do
  if "$volpol" validate "$f" >/dev/null 2>&1; then echo "volpol validate accepts the broken $f"; exit 1; fi
done
args=(--valid examples/policies tests/data/docs/example-*.yaml tests/schema/valid --broken tests/schema/broken)
[ -d "$corpus" ] && args+=(--conformance "$corpus")
/usr/bin/python3 tests/schema/check-schema.py "$out" "${args[@]}"
