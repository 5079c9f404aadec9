#!/usr/bin/env python3
"""The key-order property: volpol's output does not depend on the order of keys or objects.

kubectl prints every object with its keys in alphabetical order (it re-encodes objects through
maps), the API server in its own struct order, and people write `kind` first. For each variant
below, every Kubernetes object file of the repository's examples and test data is written again
(same scalars, same styles, same comments lost) with

  sorted     keys in alphabetical order at every level (kubectl's `-o yaml` / `-o json`)
  reversed   keys in reverse document order at every level
  shuffled   keys shuffled at every level (fixed seeds)
  objects    objects shuffled: the documents of a YAML stream, the items of a List (fixed seed)

into a copy of the repository's `examples/` and `tests/data/`, and every golden CLI test
(tests/golden/*/*.txt but the live-cluster ones) is run there. Standard output and the exit code
must be byte for byte the golden file's, but for the line numbers of policies (a ConfigMap
holding one is re-written too); standard error too once line and column numbers are taken out (a
re-written file has its objects on other lines).

Usage: key_order.py VOLPOL REPO_ROOT [VARIANT...]
Ends with `N passed, M failed`; exit 1 when any run differs.
"""
import json
import os
import pathlib
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import yaml

VARIANTS = ["sorted", "reversed", "shuffled-1", "shuffled-2", "objects"]
# Only these trees are copied and re-written; commands read nothing else of the repository.
TREES = ["examples", "tests/data"]
LOCATION = re.compile(r"(?<=[\w.\-/])(:\d+)(:\d+)?(?=[:\s),])")
POLICY_KEYS = {"volumePolicies", "version", "includeExcludePolicy", "clusterScopedFilterPolicy",
               "namespacedFilterPolicies"}


# ---- reordering ------------------------------------------------------------------------------

def reorder_pairs(pairs, variant, rng):
    if variant == "sorted":
        return sorted(pairs, key=lambda kv: kv[0])
    if variant == "reversed":
        return list(reversed(pairs))
    if variant.startswith("shuffled"):
        pairs = list(pairs)
        rng.shuffle(pairs)
        return pairs
    return pairs


def key_text(node):
    return node.value if isinstance(node, yaml.ScalarNode) else ""


def reorder_yaml_node(node, variant, rng, seen):
    if id(node) in seen:  # an alias: the anchored node is re-ordered once
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for _, v in node.value:
            reorder_yaml_node(v, variant, rng, seen)
        if variant == "objects":
            keys = [key_text(k) for k, _ in node.value]
            if "items" in keys:
                for k, v in node.value:
                    if key_text(k) == "items" and isinstance(v, yaml.SequenceNode):
                        rng.shuffle(v.value)
            return
        if variant == "sorted":
            node.value.sort(key=lambda kv: key_text(kv[0]))
        else:
            node.value[:] = reorder_pairs(node.value, variant, rng)
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            reorder_yaml_node(v, variant, rng, seen)


class Raw(str):
    """A JSON number, kept as written."""


def json_pairs(pairs):
    return ("object", pairs)


def reorder_json(value, variant, rng, top=False):
    if isinstance(value, tuple):
        pairs = [(k, reorder_json(v, variant, rng)) for k, v in value[1]]
        if variant == "objects":
            for i, (k, v) in enumerate(pairs):
                if k == "items" and isinstance(v, list):
                    rng.shuffle(v)
            return ("object", pairs)
        return ("object", reorder_pairs(pairs, variant, rng))
    if isinstance(value, list):
        items = [reorder_json(v, variant, rng) for v in value]
        if top and variant == "objects":
            rng.shuffle(items)
        return items
    return value


def dump_json(value, out, indent=0):
    pad = "  " * (indent + 1)
    if isinstance(value, tuple):
        if not value[1]:
            out.append("{}")
            return
        out.append("{\n")
        for i, (k, v) in enumerate(value[1]):
            out.append(pad + json.dumps(k) + ": ")
            dump_json(v, out, indent + 1)
            out.append(",\n" if i + 1 < len(value[1]) else "\n")
        out.append("  " * indent + "}")
    elif isinstance(value, list):
        if not value:
            out.append("[]")
            return
        out.append("[\n")
        for i, v in enumerate(value):
            out.append(pad)
            dump_json(v, out, indent + 1)
            out.append(",\n" if i + 1 < len(value) else "\n")
        out.append("  " * indent + "]")
    elif isinstance(value, Raw):
        out.append(str(value))
    else:
        out.append(json.dumps(value))


def is_object_document(node):
    """A Kubernetes object or list (not a resource policy, a volpol test file or other data)."""
    if isinstance(node, yaml.SequenceNode):
        return bool(node.value) and all(is_object_document(n) for n in node.value)
    if not isinstance(node, yaml.MappingNode):
        return False
    keys = {key_text(k) for k, _ in node.value}
    if keys & POLICY_KEYS or "tests" in keys or "cases" in keys:
        return False
    return "kind" in keys or "items" in keys or ("metadata" in keys and ("spec" in keys or "status" in keys))


def rewrite_yaml(text, variant, rng):
    try:
        docs = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return None
    docs = [d for d in docs if d is not None]
    if not docs or not all(is_object_document(d) for d in docs):
        return None
    for d in docs:
        reorder_yaml_node(d, variant, rng, set())
    if variant == "objects":
        rng.shuffle(docs)
    return yaml.serialize_all(docs, Dumper=yaml.SafeDumper, explicit_start=True, width=100000,
                              allow_unicode=True)


def rewrite_json(text, variant, rng):
    try:
        value = json.loads(text, object_pairs_hook=json_pairs, parse_int=Raw, parse_float=Raw)
    except ValueError:
        return None
    probe = yaml.compose(text, Loader=yaml.SafeLoader) if text.strip() else None
    if probe is None or not is_object_document(probe):
        return None
    out = []
    dump_json(reorder_json(value, variant, rng, top=True), out)
    return "".join(out) + "\n"


def rewrite_tree(src_root, dst_root, variant, seed):
    rewritten = 0
    for tree in TREES:
        src = src_root / tree
        for path in sorted(src.rglob("*")):
            rel = path.relative_to(src_root)
            dst = dst_root / rel
            if path.is_dir():
                dst.mkdir(parents=True, exist_ok=True)
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            new = None
            if path.suffix in (".yaml", ".yml", ".json") and path.stat().st_size < 4 << 20:
                try:
                    text = path.read_text(encoding="utf-8")
                except UnicodeDecodeError:
                    text = None
                if text is not None:
                    rng = random.Random(f"{seed}:{rel}")
                    new = (rewrite_json if path.suffix == ".json" else rewrite_yaml)(text, variant, rng)
            if new is None:
                shutil.copyfile(path, dst)
            else:
                dst.write_text(new, encoding="utf-8")
                rewritten += 1
    return rewritten


# ---- the golden runs -------------------------------------------------------------------------

def goldens(root):
    for path in sorted((root / "tests" / "golden").rglob("*.txt")):
        if path.parent.name == "cluster":
            continue
        lines = path.read_text(encoding="utf-8").split("\n")
        if len(lines) < 2 or not lines[0].startswith("$ volpol ") or not lines[1].startswith("# exit "):
            continue
        body = "\n".join(lines[2:])
        out, _, err = body.partition("# stderr\n") if "\n# stderr\n" in "\n" + body else (body, "", "")
        yield path, lines[0][len("$ volpol "):], int(lines[1][len("# exit "):]), out, err


JSON_LINE = re.compile(r'("line": |\bline: )\d+')


def normalise(err):
    return LOCATION.sub(":L", err)


def normalise_out(out):
    """A policy's line (`"line": 16`) moves with a re-written ConfigMap; nothing else may."""
    return JSON_LINE.sub(r"\1L", out)


def main():
    volpol, root = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2]).resolve()
    variants = sys.argv[3:] or VARIANTS
    cases = list(goldens(root))
    passed = failed = 0
    env = dict(os.environ, NO_COLOR="1", COLUMNS="120")
    for variant in variants:
        with tempfile.TemporaryDirectory(prefix=f"volpol-{variant}-") as tmp:
            tmp = pathlib.Path(tmp)
            n = rewrite_tree(root, tmp, variant, variant)
            # Scripts the goldens call (README examples) and the rest stay where they are.
            for name in os.listdir(root):
                if name not in ("examples", "tests") and not (tmp / name).exists():
                    os.symlink(root / name, tmp / name)
            for name in os.listdir(root / "tests"):
                if not (tmp / "tests" / name).exists():
                    os.symlink(root / "tests" / name, tmp / "tests" / name)
            print(f"== {variant}: {n} object files re-written, {len(cases)} golden commands", flush=True)
            for path, args, want_exit, want_out, want_err in cases:
                cmd = [volpol] + shlex.split(args)
                r = subprocess.run(cmd, cwd=tmp, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                   timeout=120)
                got_out = r.stdout.decode("utf-8", "replace")
                got_err = r.stderr.decode("utf-8", "replace")
                problems = []
                if r.returncode != want_exit:
                    problems.append(f"exit {r.returncode}, golden {want_exit}")
                if got_out != want_out and normalise_out(got_out) != normalise_out(want_out):
                    problems.append("standard output differs")
                if normalise(got_err) != normalise(want_err):
                    problems.append("standard error differs (line numbers aside)")
                if problems:
                    failed += 1
                    print(f"FAIL {variant} {path.relative_to(root)}: {'; '.join(problems)}")
                    if os.environ.get("VOLPOL_PROPERTY_VERBOSE"):
                        import difflib
                        for a, b, label in ((want_out, got_out, "stdout"), (normalise(want_err), normalise(got_err), "stderr")):
                            if a != b:
                                sys.stdout.writelines(difflib.unified_diff(
                                    a.splitlines(True), b.splitlines(True), f"golden {label}", f"{variant} {label}"))
                else:
                    passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
