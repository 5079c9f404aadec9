// bench/gen/writers.h — one Kubernetes object of a generated cluster, as kubectl prints it.
#pragma once

#include "emitter.h"
#include "object_names.h"

namespace volpol::bench {

/// Pod replica `c.ordinal` of `c.w`.
void write_pod(emitter& e, const object_context& c);
/// PersistentVolumeClaim for claim template `c.claim` of replica `c.ordinal`.
void write_claim(emitter& e, const object_context& c);
/// The PersistentVolume bound to that claim (call only for bound claims).
void write_volume(emitter& e, const object_context& c);

/// Shared pieces.
/// `key: {k: v, ...}` (labels, annotations), in the given order.
void write_string_map(emitter& e, std::string_view key, const string_pairs& pairs);
void write_owner_reference(emitter& e, const std::string& api_version, const std::string& kind, const std::string& name,
                           const std::string& uid);
/// One managedFields entry; `fields` writes the fieldsV1 map's entries.
template <class F>
void write_managed_field(emitter& e, const char* manager, const std::string& time, const char* subresource,
                         F&& fields) {
  e.begin_object();
  e.field("apiVersion", "v1");
  e.field("fieldsType", "FieldsV1");
  e.object_field("fieldsV1");
  fields();
  e.end_object();
  e.field("manager", manager);
  e.field("operation", "Update");
  if (subresource[0] != '\0') e.field("subresource", subresource);
  e.field("time", time);
  e.end_object();
}
/// `"f:name": {}` — a leaf of a fieldsV1 set.
inline void leaf(emitter& e, std::string_view f) {
  e.key(f);
  e.empty_object();
}
/// `".": {}` — the marker that a map field itself is owned.
inline void dot(emitter& e) { leaf(e, "."); }

}  // namespace volpol::bench
