#!/usr/bin/env python3
"""Writes the API double's recorded responses (tests/data/cluster/recorded/) from
examples/cluster/*.yaml and tests/cluster/velero-objects.yaml: discovery documents and the
list and object responses a Kubernetes API server gives for them (list items without kind
and apiVersion, as the server sends them). Run from the repository root after changing either
source; the output is committed. Usage: python3 tests/cluster/record.py"""
import glob, json, os, shutil, yaml

OUT = "tests/data/cluster/recorded"
# resource -> (group, version, kind, namespaced, short names)
RESOURCES = {
    "pods": ("", "v1", "Pod", True, ["po"]),
    "persistentvolumeclaims": ("", "v1", "PersistentVolumeClaim", True, ["pvc"]),
    "persistentvolumes": ("", "v1", "PersistentVolume", False, ["pv"]),
    "namespaces": ("", "v1", "Namespace", False, ["ns"]),
    "nodes": ("", "v1", "Node", False, ["no"]),
    "configmaps": ("", "v1", "ConfigMap", True, ["cm"]),
    "storageclasses": ("storage.k8s.io", "v1", "StorageClass", False, ["sc"]),
    "volumesnapshotclasses": ("snapshot.storage.k8s.io", "v1", "VolumeSnapshotClass", False, ["vsclass"]),
    "volumesnapshotlocations": ("velero.io", "v1", "VolumeSnapshotLocation", True, ["vsl"]),
    "backups": ("velero.io", "v1", "Backup", True, []),
    "schedules": ("velero.io", "v1", "Schedule", True, []),
    "deployments": ("apps", "v1", "Deployment", True, ["deploy"]),
    "daemonsets": ("apps", "v1", "DaemonSet", True, ["ds"]),
}
KIND_TO_RESOURCE = {v[2]: k for k, v in RESOURCES.items()}


def write(path, doc):
    full = os.path.join(OUT, path.lstrip("/") + ".json")
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")


def prefix(group, version):
    return f"/api/{version}" if not group else f"/apis/{group}/{version}"


def main():
    objects = []
    for path in sorted(glob.glob("examples/cluster/*.yaml")) + ["tests/cluster/velero-objects.yaml"]:
        with open(path) as f:
            for d in yaml.safe_load_all(f):
                if d:
                    objects += d["items"] if d.get("kind", "").endswith("List") else [d]
    shutil.rmtree(OUT, ignore_errors=True)
    # Discovery.
    write("/api", {"kind": "APIVersions", "versions": ["v1"],
                   "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1:6443"}]})
    groups = sorted({(g, v) for g, v, *_ in RESOURCES.values() if g})
    write("/apis", {"kind": "APIGroupList", "apiVersion": "v1", "groups": [
        {"name": g, "versions": [{"groupVersion": f"{g}/{v}", "version": v}],
         "preferredVersion": {"groupVersion": f"{g}/{v}", "version": v}} for g, v in groups]})
    for g, v in [("", "v1")] + groups:
        res = [{"name": r, "singularName": k.lower(), "namespaced": ns, "kind": k,
                "verbs": ["get", "list", "watch"], **({"shortNames": sn} if sn else {})}
               for r, (rg, rv, k, ns, sn) in sorted(RESOURCES.items()) if (rg, rv) == (g, v)]
        write(prefix(g, v), {"kind": "APIResourceList", "apiVersion": "v1",
                             "groupVersion": f"{g}/{v}" if g else v, "resources": res})
    write("/version", {"major": "1", "minor": "31", "gitVersion": "v1.31.0", "platform": "linux/amd64"})
    # Lists (cluster-wide and per namespace) and single objects.
    by_resource = {r: [] for r in RESOURCES}
    for o in objects:
        by_resource[KIND_TO_RESOURCE[o["kind"]]].append(o)
    rv = 1000
    for r, (g, v, kind, namespaced, _) in RESOURCES.items():
        items = sorted(by_resource[r], key=lambda o: (o["metadata"].get("namespace", ""), o["metadata"]["name"]))
        for o in items:
            rv += 1
            o["metadata"].setdefault("uid", f"00000000-0000-4000-8000-{rv:012d}")
            o["metadata"]["resourceVersion"] = str(rv)
        bare = [{k: val for k, val in o.items() if k not in ("kind", "apiVersion")} for o in items]

        def lst(sel):
            return {"kind": kind + "List", "apiVersion": f"{g}/{v}" if g else v,
                    "metadata": {"resourceVersion": "2000"}, "items": sel}
        write(f"{prefix(g, v)}/{r}", lst(bare))
        if namespaced:
            for ns in sorted({o["metadata"]["namespace"] for o in items} | {"velero"}):
                write(f"{prefix(g, v)}/namespaces/{ns}/{r}",
                      lst([b for b in bare if b["metadata"]["namespace"] == ns]))
        for o in items:
            at = f"/namespaces/{o['metadata']['namespace']}" if namespaced else ""
            write(f"{prefix(g, v)}{at}/{r}/{o['metadata']['name']}", o)


if __name__ == "__main__":
    main()
