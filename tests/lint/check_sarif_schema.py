#!/usr/bin/env python3
"""Validates `volpol lint -o sarif` output against the SARIF 2.1.0 JSON schema.

The schema is not packaged for Debian, so this check runs only when the schema file is given:
configure with -DVOLPOL_SARIF_SCHEMA=/path/to/sarif-schema-2.1.0.json (from the OASIS SARIF TC,
sarif-2.1/schema/sarif-schema-2.1.0.json) and have python3-jsonschema installed.
Usage: check_sarif_schema.py SCHEMA SARIF_FILE...
"""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
validator = jsonschema.validators.validator_for(schema)(schema)
failed = 0
for path in sys.argv[2:]:
    errors = list(validator.iter_errors(json.load(open(path))))
    for e in errors[:10]:
        print(f"{path}: {'/'.join(map(str, e.path))}: {e.message}")
    failed += bool(errors)
print(f"{len(sys.argv) - 2 - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
