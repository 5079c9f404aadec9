#!/usr/bin/env python3
"""Checks test files against schema/volpol-test.schema.json: the files given must be valid,
those after --invalid must not be. Exit 77 (CTest: skipped) without PyYAML or jsonschema."""
import json
import sys

try:
    import jsonschema
    import yaml
except ImportError as e:
    print(f"skipped: {e}")
    sys.exit(77)

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
want_valid, failed = True, False
for arg in sys.argv[2:]:
    if arg == "--invalid":
        want_valid = False
        continue
    errors = list(validator.iter_errors(yaml.safe_load(open(arg))))
    if want_valid and errors:
        failed = True
        for e in errors:
            print(f"{arg}: {'/'.join(map(str, e.path))}: {e.message}")
    elif not want_valid and not errors:
        failed = True
        print(f"{arg}: valid, but should not be")
    else:
        print(f"{arg}: {'valid' if want_valid else f'invalid as expected ({len(errors)} errors)'}")
sys.exit(1 if failed else 0)
