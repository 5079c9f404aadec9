#!/usr/bin/python3
"""Checks volpol's JSON Schema of the resource-policy document with a real validator
(python3-jsonschema, Draft 2020-12): every valid policy must pass, every broken one must fail.

Usage: check-schema.py SCHEMA --valid PATH... --broken PATH... [--conformance DIR]
  PATH: a policy document or a ConfigMap holding one (YAML or JSON), or a folder of them.
  --conformance DIR: also every `loadPolicy` case of the conformance corpus: those Velero
  accepts (expect.valid: true) must pass; those it rejects are counted (a schema cannot judge
  everything Velero checks — capacity ranges, label syntax — so they are reported, not required).
Prints one line per failure and a summary; exits 1 on any failure."""
import glob, json, os, sys

import jsonschema
import yaml


class Loader(yaml.SafeLoader):
    pass


# YAML 1.1 would read `on`/`off`/`yes` as booleans; Velero's yaml.v3 (YAML 1.2) does not.
Loader.yaml_implicit_resolvers = {k: [r for r in v if r[0] != "tag:yaml.org,2002:bool"]
                                  for k, v in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()}
Loader.add_implicit_resolver("tag:yaml.org,2002:bool", __import__("re").compile(r"^(?:true|false|True|False|TRUE|FALSE)$"),
                             list("tTfF"))


def documents(path):
    if os.path.isdir(path):
        for p in sorted(glob.glob(os.path.join(path, "**", "*"), recursive=True)):
            if p.endswith((".yaml", ".yml", ".json")):
                yield from documents(p)
        return
    with open(path) as f:
        doc = next(yaml.load_all(f, Loader=Loader), None)
    yield path, policy_of(doc)


def policy_of(doc):
    """The policy document itself: a ConfigMap's single data value, parsed."""
    if isinstance(doc, dict) and doc.get("kind") == "ConfigMap":
        (text,) = doc["data"].values()
        return next(yaml.load_all(text, Loader=Loader), None)
    return doc


yaml_error = object()  # a text that is not YAML: no schema accepts it


def main(argv):
    schema = json.load(open(argv[0]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    mode, valid, broken, corpus = None, [], [], None
    for a in argv[1:]:
        if a in ("--valid", "--broken", "--conformance"):
            mode = a
        elif mode == "--valid":
            valid.append(a)
        elif mode == "--broken":
            broken.append(a)
        elif mode == "--conformance":
            corpus = a
    failures, passed, rejected = 0, 0, 0
    for path in valid:
        for name, doc in documents(path):
            errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
            if errors:
                failures += 1
                print(f"FAIL valid {name}: {errors[0].message} at {list(errors[0].path)}")
            else:
                passed += 1
    for path in broken:
        for name, doc in documents(path):
            if validator.is_valid(doc):
                failures += 1
                print(f"FAIL broken {name}: accepted by the schema")
            else:
                rejected += 1
    corpus_valid = corpus_invalid = corpus_caught = 0
    if corpus:
        for f in sorted(glob.glob(os.path.join(corpus, "**", "*.yaml"), recursive=True)):
            data = yaml.safe_load(open(f)) or {}
            for case in data.get("cases", []) or []:
                if case.get("op") != "loadPolicy" or "globalPolicy" in case:
                    continue
                if "policy" in case:
                    try:
                        docs = list(yaml.load_all(case["policy"], Loader=Loader))
                    except yaml.YAMLError:
                            docs = [yaml_error]
                    doc = docs[0] if docs else None
                elif "configMap" in case:
                    try:
                        doc = policy_of(case["configMap"])
                    except (ValueError, KeyError, TypeError, AttributeError, yaml.YAMLError):
                        doc = yaml_error  # not a ConfigMap with one key: no document to accept
                else:
                    continue
                ok = doc is not yaml_error and validator.is_valid(doc)
                if case.get("expect", {}).get("valid"):
                    corpus_valid += 1
                    if not ok:
                        failures += 1
                        err = next(validator.iter_errors(doc))
                        print(f"FAIL conformance {f} `{case['name']}`: Velero accepts it; schema: {err.message}")
                else:
                    corpus_invalid += 1
                    corpus_caught += 0 if ok else 1
    print(f"{passed} valid documents pass, {rejected} broken ones are rejected; conformance: "
          f"{corpus_valid} valid cases checked, {corpus_caught} of {corpus_invalid} invalid ones rejected by the schema alone; "
          f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except yaml.YAMLError as e:
        print(f"FAIL: {e}")
        sys.exit(1)
