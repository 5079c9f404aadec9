#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz harness into OUT/<harness>/ from the repository's
examples and test data, the conformance corpus (tests/data/conformance) and the
hand-written seeds in fuzz/seeds/<harness>/. Usage: fuzz_seeds.py OUT"""
import hashlib
import base64
import io
import os
import pathlib
import shutil
import sys
import tarfile
import gzip

import yaml

root = pathlib.Path(__file__).resolve().parent.parent
out = pathlib.Path(sys.argv[1])
conformance = root / "tests" / "data" / "conformance"
real = root / "tests" / "data" / "real"
harnesses = ["policy", "config_map", "json_objects", "yaml_objects", "yaml_unread_fields", "archive", "loader_limits", "quantity",
             "label_selector", "admission_review", "volume_info", "test_file", "suppressions", "api_list", "cron"]
for h in harnesses:
    (out / h).mkdir(parents=True, exist_ok=True)
MAX = 64 * 1024


def seed(harness, data):
    if isinstance(data, str):
        data = data.encode()
    if not data or len(data) > (4 * MAX if harness == "loader_limits" else MAX):
        return
    name = hashlib.sha1(data).hexdigest()[:16]
    (out / harness / name).write_bytes(data)


def strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v)


# Conformance cases: policies, ConfigMaps, quantities.
if conformance.is_dir():
    for f in sorted(conformance.rglob("*.yaml")):
        try:
            doc = yaml.safe_load(f.read_text())
        except Exception:
            continue
        for s in strings(doc):
            if "kind: ConfigMap" in s:
                seed("config_map", s)
            elif "volumePolicies" in s or s.startswith("version:"):
                seed("policy", s)
            elif f.parent.name == "quantity" and len(s) < 40:
                seed("quantity", s)

# Examples and test data.
for f in sorted((root / "examples" / "policies").glob("*.yaml")):
    seed("config_map" if "kind: ConfigMap" in f.read_text() else "policy", f.read_bytes())
object_files = list((root / "examples" / "cluster").glob("*")) + list((root / "tests" / "data").rglob("*"))
if real.is_dir():
    object_files += list(real.glob("*"))
for f in sorted(object_files):
    if not f.is_file():
        continue
    if f.suffix == ".json":
        seed("json_objects", f.read_bytes())
    elif f.suffix in (".yaml", ".yml"):
        seed("yaml_objects", f.read_bytes())
        seed("yaml_unread_fields", f.read_bytes())

# Archives: a Velero-layout tar (gzip and plain) and a gzipped JSON dump.
entries = {
    "resources/pods/namespaces/ns/p.json": b'{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"ns"},'
    b'"spec":{"volumes":[{"name":"d","persistentVolumeClaim":{"claimName":"c"}}]}}',
    "resources/persistentvolumeclaims/namespaces/ns/c.json": b'{"apiVersion":"v1","kind":"PersistentVolumeClaim",'
    b'"metadata":{"name":"c","namespace":"ns"},"spec":{"volumeName":"pv"},"status":{"phase":"Bound"}}',
    "resources/persistentvolumes/cluster/pv.json": b'{"apiVersion":"v1","kind":"PersistentVolume","metadata":{"name":"pv"},'
    b'"spec":{"capacity":{"storage":"1Gi"},"csi":{"driver":"d"}}}',
    "resources/secrets/namespaces/ns/s.json": b"{}",
    "metadata/version": b"1\n",
}
for mode, suffix in (("w:gz", "tgz"), ("w", "tar")):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as t:
        for name, data in entries.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    seed("archive", buf.getvalue())
seed("archive", gzip.compress(entries["resources/pods/namespaces/ns/p.json"]))

for q in ["10Gi", "1.5", "100m", "1e3", "-0.5Ki", "0", "12345678901234567890", ".5M", "1E", "0x1"]:
    seed("quantity", q)
seed("label_selector", "L app=web\nE tier In frontend,backend\nE x Exists\napp=web\ntier=frontend\n")
seed("label_selector", "E a.b/c NotIn v\nE d DoesNotExist\na.b/c=w\n")

# AdmissionReviews as the API server sends them to `volpol serve`.
for f in sorted((root / "examples" / "webhook").glob("*.json")):
    if not f.name.endswith(".response.json"):
        seed("admission_review", f.read_bytes())

# Backup volume infos as Velero writes them (`volpol audit`'s input).
for f in sorted((root / "tests" / "data" / "verify").glob("*volumeinfo*.json")):
    seed("volume_info", f.read_bytes())

# volpol test files, and policies with `# volpol:ignore` comments (lint).
for f in sorted((root / "examples" / "tests").rglob("volpol-test.yaml")):
    seed("test_file", f.read_bytes())
for f in sorted(list((root / "examples" / "policies").glob("*.yaml")) + list((root / "tests" / "data" / "lint").glob("*.yaml"))):
    seed("suppressions", f.read_bytes())
seed("suppressions", b"volumePolicies:\n- conditions: {}   # volpol:ignore VP110,unknown-pvc-phase -- why\n"
                     b"# volpol:ignore\n- conditions: {}\n#volpol:ignore VP1\n")

# api_list: byte 0 picks ListMeta (0), a continue token (1) or a restarted page (2); pages as
# the API server and the API double write them.
page = ('{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"42","continue":"%s",'
        '"remainingItemCount":3},"items":[{"metadata":{"namespace":"a","name":"p0"}},'
        '{"metadata":{"namespace":"b","name":"p1"}}]}')
token = base64.urlsafe_b64encode(b'{"v":"meta.k8s.io/v1","rv":42,"start":"b/p1\u0000"}').rstrip(b"=").decode()
seed("api_list", b"\x00" + (page % token).encode())
seed("api_list", b"\x00" + b'{"items":[{"metadata":{"name":"x"}}],"kind":"List","metadata":{"continue":"t"}}')
seed("api_list", b"\x01" + token.encode())
seed("api_list", b"\x02" + (page % token).encode())
for f in sorted((root / "tests" / "data" / "cluster" / "recorded" / "api" / "v1").glob("*.json")):
    seed("api_list", b"\x02" + f.read_bytes())

# loader_limits: the first byte picks the reader (0 JSON, 1 YAML, 2 archive); the object
# seeds, then inputs just past each of its small limits (fuzz/fuzz_loader_limits.cpp).
for selector, source in ((b"\x00", "json_objects"), (b"\x01", "yaml_objects"), (b"\x02", "archive")):
    for f in sorted((out / source).iterdir()):
        seed("loader_limits", selector + f.read_bytes())
pod = '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p%d","namespace":"ns","annotations":{"a":"%s"}}}'
seed("loader_limits", b"\x00" + ('{"kind":"List","items":[' + pod % (0, "x" * 20000) + "]}").encode())  # item > 16 KiB
seed("loader_limits", b"\x00" + ("[" * 70 + "]" * 70).encode())  # deeper than 64
seed("loader_limits", b"\x01" + ("kind: Pod\nmetadata: {name: p, annotations: {a: " + "y" * 40000).encode())  # no newline
seed("loader_limits", b"\x01" + ("kind: ConfigMap\ndata:\n" + "".join(f"  k{i}: v\n" for i in range(3000))).encode())
for size, mode in ((40000, "w"), (300000, "w:gz")):  # an entry > 32 KiB; 300 KiB decompressed > 256 KiB
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as t:
        for i in range(1 if size < 100000 else 10):
            data = (pod % (i, "z" * (size // 10 if size > 100000 else size))).encode()
            info = tarfile.TarInfo(f"resources/pods/namespaces/ns/p{i}.json")
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    seed("loader_limits", b"\x02" + buf.getvalue())

# Hand-written seeds (hostile inputs from issue 12 ...).
for h in harnesses:
    d = root / "fuzz" / "seeds" / h
    if d.is_dir():
        for f in sorted(d.iterdir()):
            seed(h, f.read_bytes())

for h in harnesses:
    print(f"{h}: {len(list((out / h).iterdir()))} seeds")

# cron: Schedules' spec.schedule as Velero users write them, and ttl durations.
for c in ["0 2 * * *", "*/15 * * * *", "0 0 * * MON-FRI", "0 0 13 * 5", "@every 1h30m", "@daily", "@yearly",
          "CRON_TZ=Europe/Paris 0 3 * * *", "0 0 29 2 *", "0 0 30 2 *", "5-55/10 1,13 1-7 JAN,jul ?", "720h0m0s",
          "1.5h", "-2m", "0"]:
    seed("cron", c)
