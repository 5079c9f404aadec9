// volpol/k8s/loader.h — reads PersistentVolumes, PersistentVolumeClaims and Pods from what users
// have (kubectl dumps, manifests, Velero backups, insights archives) into an indexed cluster,
// and the other kinds Velero's backup consults (object_value.h: StorageClass,
// VolumeSnapshotClass, VolumeSnapshotLocation, Backup, Schedule, Namespace, Node, DaemonSet,
// ConfigMap), kept whole after their `kind` (counted in `read_kinds`); every other kind is
// counted in `other_kinds`.
//
//     const std::vector<std::string> inputs = {"cluster.json", "manifests/", "backup.tar.gz"};
//     k8s::load_result r = k8s::load_objects(inputs);
//     for (const auto& d : r.problems) std::cerr << d.to_string() << '\n';
//     r.objects.find_pvc("ns", "data");   // r.counts.pods, r.counts.other_kinds["Deployment"] ...
//
// Inputs — each is opened once and read front to back, so a pipe, a FIFO, a process
// substitution (`-f <(kubectl get pvc -o json)`, i.e. /dev/fd/N) and "-" give the same objects
// as the file:
//   - a file: an archive when its first bytes say so (gzip, bzip2, xz, zstd, lz4 magic, a tar
//     header) or its name ends in `.tar.gz`/`.tgz`/`.tar`: read by libarchive from the bytes
//     already read and the rest of the open descriptor (a compressed file that is no tar,
//     `dump.json.gz`, is one entry `<file>!/data`). Else a `.yaml`/`.yml` name is YAML (JSON is
//     YAML; flow-style YAML such as `{a: b}` is not JSON) and any other name is JSON when its
//     first non-blank byte is `{`/`[`, YAML otherwise — never depending on the file's size;
//   - a folder: every `*.json`, `*.yaml`, `*.yml`, `*.tar.gz`, `*.tgz`, `*.tar` below it,
//     recursively, in sorted path order. Other files are counted in `files_skipped` and named in
//     one warning (not Velero's `metadata/version`); a sub-folder that cannot be listed is an
//     error; symbolic links to folders and FIFOs/sockets/devices are not read (a warning each);
//   - "-": standard input (archive, JSON or YAML by content).
//
// YAML is checked as Velero's YAML library reads it (yaml_check.h, libyaml): NUL and other
// control characters, invalid UTF-8, content after a document's value (NDJSON in a `.yaml`
// file) are errors. Anchors and aliases are refused in object dumps: kubectl never writes
// them, and yaml-cpp would walk an alias each time it is referenced (a document of a few KB
// could take minutes). Limits (limits.h, each with a flag): bytes per object, per archive
// entry and per archive, nesting depth, YAML nodes per document; past one the object, entry
// or rest of the archive is reported (with how many entries were read) and not read.
//
// Shapes: a single object; a list (`kind: List`, `PodList` ... — any object with an `items`
// array, as Kubernetes' `meta.IsListType`; `items` may come before or after `kind`); several
// JSON values one after the other (NDJSON); a JSON array of objects; multi-document YAML.
//
// Kind: `kind` (core kinds count only with apiVersion `v1` or none); else the folder layout:
// Velero backup `resources/<resource>/{namespaces/<ns>,cluster}/<name>.json`, insights archive
// `config/pod/<ns>/<name>.json`, `config/persistentvolumes/<name>.json`; else the item kind of
// a typed list (`PodList`); else the shape (Pod: spec.containers/volumes; PV: spec.capacity,
// claimRef, reclaim policy or a volume source; PVC: spec.resources/volumeName). An object whose
// kind cannot be told is counted under other_kinds[""] with a warning. A namespaced object
// without metadata.namespace found under `namespaces/<ns>/` (Velero) or `config/pod/<ns>/`
// (insights) gets <ns>.
//
// Velero backups (pkg/backup/item_backupper.go, `getFileForArchive`): the preferred API
// version of each item is written twice, `resources/<r>/namespaces/...` and
// `resources/<r>/<version>-preferredversion/namespaces/...`; other versions (with the
// EnableAPIGroupVersions feature) go to `resources/<r>/<version>/...`. volpol reads one copy
// of each item (the second copy seen is counted in `backup_copies`), skips non-preferred
// versions (also `backup_copies`), and skips resources other than pods, persistentvolumes,
// persistentvolumeclaims, storageclasses, volumesnapshotclasses, namespaces, daemonsets and
// configmaps without reading them (`other_resources`).
//
// Errors never stop the load: a malformed object, a wrong type (`capacity: {storage: [1]}`),
// an unparsable quantity, a duplicate namespace/name of one kind (the first is kept), a
// truncated file, bad JSON or YAML — each is a diagnostic with the file, line:column (YAML;
// JSON too when the input fits one window, or is a regular file that is re-read on this
// failure path to count lines; else the byte offset only), the byte offset (JSON), the path
// inside the object (`items[3].spec.capacity.storage`) and `kind namespace/name` when known
// (for JSON, re-read from the item when the error came before `metadata`); every other object
// still loads. Lists nested more than 8 deep are reported and not read. After a
// JSON syntax error between the items of a list the rest of that file is not read (the
// diagnostic says where); a syntax error inside one item loses that item only. Unknown fields
// are ignored and `null` leaves optional fields unset, as Kubernetes' decoding does; content
// inside fields volpol does not read is not validated (simdjson On-Demand).
//
// Memory and speed: JSON is read in chunks of `chunk_size`; the items of a list are split with
// a byte scanner and parsed one at a time with one reused simdjson On-Demand parser, so memory
// is the chunk, the largest item and the compact objects kept. YAML is split on document markers
// and, for a top-level block `items:` sequence, on its items, so each is parsed alone with
// yaml-cpp; a block `metadata.managedFields` (a quarter of a kubectl dump) is blanked before
// yaml-cpp sees it. Limits of that split: anchors/aliases across list items do not resolve,
// and an `items:` written as a flow sequence (`items: [...]`) is parsed as one document.
// Measured (doc/k8s-loader.md): JSON at ~1.1-1.3x a minimal simdjson pass; peak RSS ~0.2-0.25x
// of a kubectl-indented JSON dump (objects kept as std::string-based structs dominate).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>

#include "volpol/core/result.h"
#include "volpol/k8s/cluster.h"
#include "volpol/k8s/limits.h"

namespace volpol::k8s {

/// Which metadata.annotations the loader keeps (annotations are a large part of a dump, and
/// of the memory the loaded objects take). The map itself is kept either way, so an object
/// with `annotations:` still has a (maybe empty) map and one without has none.
enum class annotation_filter : std::uint8_t {
  all,                ///< every annotation
  drop_last_applied,  ///< all but `kubectl.kubernetes.io/last-applied-configuration` (a copy of
                      ///< the whole object as JSON text, read by no Velero volume decision)
  velero,             ///< only keys in the velero.io domain (`backup.velero.io/backup-volumes`,
                      ///< `velero.io/csi-volumesnapshot-class` ...) and the VolumeSnapshotClass
                      ///< default annotation `snapshot.storage.kubernetes.io/is-default-class`:
                      ///< all volpol's decisions read
};

struct load_options {
  /// Bytes read at a time from a JSON or YAML stream (an item larger than this grows the
  /// buffer; a smaller file gets a buffer of its size). At least 4096.
  std::size_t chunk_size = std::size_t{1} << 20;
  annotation_filter annotations = annotation_filter::drop_last_applied;
  /// YAML streams: libyaml parses each Pod, PersistentVolumeClaim and PersistentVolume with the
  /// fields volpol never reads blanked (container env, probes, status conditions ...; their key
  /// lines too where not even their presence is read; lines keep their numbers): the same
  /// objects from a quarter of the text (the bench's 3k dump: 12.7 MB, of which 3.1 MB are
  /// parsed). A YAML problem is always reported from the text as it is, and `limits` refuse
  /// what they refuse without blanking; a syntax error inside a blanked value, or a blanked key
  /// that repeats another, is not seen (as the JSON reader does not check the values it skips).
  /// false: every line is parsed (tests compare the two).
  bool blank_unread_yaml = true;
  /// Where "-" reads from.
  std::FILE* standard_input = stdin;
  /// Sizes, depth and node counts past which an input is refused (limits.h).
  input_limits limits;
  /// Threads that parse a large JSON or YAML stream (`--threads`): 0, one per core; 1, all
  /// on the calling thread. The result is the same whatever the number: objects, counts and
  /// problems in reading order.
  unsigned threads = 0;
  /// When set, counts the objects read, as they are read (a progress display reads it from
  /// another thread).
  std::atomic<std::uint64_t>* objects_read = nullptr;
};

struct load_counts {
  std::size_t persistent_volumes = 0;        ///< added to the cluster
  std::size_t persistent_volume_claims = 0;  ///< added to the cluster
  std::size_t pods = 0;                      ///< added to the cluster
  /// Objects of other kinds, read and ignored: kind → count ("ConfigMap", "List" is never
  /// counted; a core kind of another apiVersion is "Pod (example.com/v1)"; "" = kind unknown).
  std::map<std::string, std::size_t, std::less<>> other_kinds;
  /// Objects of the other kinds volpol reads and keeps (volpol/detail/k8s/object_value.h:
  /// StorageClass, VolumeSnapshotClass, VolumeSnapshotLocation, Backup, Schedule, Namespace,
  /// Node, DaemonSet, ConfigMap): kind → count of those added to the cluster.
  std::map<std::string, std::size_t, std::less<>> read_kinds;
  /// Velero backup entries of other resources, skipped unread: resource → count ("secrets").
  std::map<std::string, std::size_t, std::less<>> other_resources;
  std::size_t rejected = 0;       ///< objects dropped with an error (malformed, duplicate ...)
  std::size_t backup_copies = 0;  ///< second copies / other API versions in Velero backups
  std::size_t files = 0;          ///< files, archive entries and stdin read
  std::size_t files_skipped = 0;  ///< files in folders without a known extension
  std::uint64_t bytes = 0;        ///< bytes read (uncompressed, for archives)
  /// Batches of objects parsed on worker threads (load_options::threads; a small input is read
  /// on the calling thread and counts none).
  std::size_t worker_batches = 0;

  /// Adds `other`'s counts to these (loads of several streams, e.g. the live cluster's lists
  /// read apart and merged).
  load_counts& operator+=(const load_counts& other);
};

struct load_result {
  cluster objects;
  diagnostics problems;  ///< errors and warnings, in reading order
  load_counts counts;

  /// Adds what another load read after this one: its problems, then its objects (cluster::merge;
  /// an object this already holds is rejected, its error appended and counted), and its counts.
  void append(load_result&& more);
};

/// Reads every input (files, folders, "-" for stdin) into one cluster. Never throws; every
/// problem is in `problems` (a missing file: `cannot open: No such file or directory`).
[[nodiscard]] load_result load_objects(std::span<const std::string> paths, const load_options& options = {});

/// Where load_stream reads from: fills up to `n` bytes of `dst`, returns how many it wrote; 0
/// at the end of the stream. It may block until bytes arrive (a page of an API list).
using stream_reader = std::function<std::size_t(char* dst, std::size_t n)>;

/// Reads JSON or YAML text (or an archive) as it arrives from `read`, as if it were the file
/// `name`: the stream is read in chunks (load_options::chunk_size), never held whole. Several
/// JSON documents in a row (the pages of a list) are read one after another. Never throws.
[[nodiscard]] load_result load_stream(const stream_reader& read, std::string_view name,
                                      const load_options& options = {});

/// Reads in-memory JSON or YAML text (told apart by content) as if it were the file `name`.
[[nodiscard]] load_result load_text(std::string_view text, std::string_view name, const load_options& options = {});

}  // namespace volpol::k8s
