// volpol/detail/k8s/object_meta.h — the metadata Velero's decisions read, and where an object came from.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/detail/compact_string.h"
#include "volpol/detail/shared_string.h"
#include "volpol/detail/string_map.h"

namespace volpol::k8s {

/// Where an object was read from: for diagnostics and for `volpol plan` output.
/// An object read from an archive has `file` = "<archive>!/<entry path>"
/// (`backup.tar.gz!/resources/pods/namespaces/ns/p.json`).
struct object_origin {
  /// As given by the user; "-" for stdin; empty for in-memory. The objects of one file share
  /// one copy of the name (shared_string.h).
  shared_string file;
  std::uint32_t line = 0;    ///< 1-based line of the object's start (YAML); 0 = unknown
  std::uint64_t offset = 0;  ///< byte offset of the object's start (JSON; valid when line == 0)
};

/// "file:line" (YAML), "file: byte N" (JSON), "file", or "" for an in-memory object.
[[nodiscard]] std::string describe(const object_origin& origin);

/// metav1.ObjectMeta, the fields volpol reads (not the uid: no decision reads it, and at
/// 36 bytes a copy it was 80 bytes of every object). Name and namespace are compact strings
/// (compact_string.h: 8 bytes each, not 32; they read like std::string): 48 bytes less in
/// each of 300k objects. Like a short std::string, a name of up to 6 characters is kept
/// inside the object, so a view of it is valid while the object stays where it is.
struct object_meta {
  compact_string name;
  compact_string namespace_;  ///< empty for cluster-scoped objects (PersistentVolume)
  string_map labels;
  /// Annotations; nullopt when the object has no `annotations` field at all. Velero tells
  /// the two apart (a nil map gives no opt-out list, an empty one gives [""]).
  std::optional<string_map> annotations;

  /// The annotation's value, or nullopt.
  [[nodiscard]] string_map::found annotation(std::string_view key) const {
    return annotations ? annotations->find(key) : string_map::found();
  }
  /// "namespace/name", or "name" when cluster-scoped.
  [[nodiscard]] std::string key() const {
    return namespace_.empty() ? name.str() : fmt::format("{}/{}", namespace_.view(), name.view());
  }
};

}  // namespace volpol::k8s
