// cluster_text.h — every field of a load_result's Pods, PVCs and PVs, its counts and its
// problems, as text: two loads read the same objects exactly when their texts are equal.
// Shared by the loader's differential tests and the YAML fuzz harness.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>

#include "volpol/k8s/loader.h"

namespace volpol::k8s::testing {

inline void append_map(std::string& out, const char* what, const string_map& m) {
  out += fmt::format(" {}[{}]{{", what, m.size());
  for (const auto& [k, v] : m) out += fmt::format("{:?}={:?},", std::string(k), std::string(v));
  out += "}";
}

inline void append_meta(std::string& out, const object_meta& m, const object_origin& o) {
  out += fmt::format(" {:?}/{:?} at {}:{}+{}", m.namespace_, m.name, std::string(o.file.view()), o.line, o.offset);
  append_map(out, "labels", m.labels);
  if (m.annotations) append_map(out, "annotations", *m.annotations);
  else out += " no-annotations";
}

inline void append_sources(std::string& out, const volume_sources& s) {
  out += fmt::format(" sources={} claim={:?} ro={} id={:?} ephemeral={}", s.present.to_string(), s.claim_name.view(),
                     s.claim_read_only, s.volume_id().view(), s.ephemeral_has_template);
  const nfs_source& n = s.nfs();
  out += fmt::format(" nfs={:?}:{:?}:{}", n.server.view(), n.path.view(), n.read_only);
  const csi_source& c = s.csi();
  out += fmt::format(" csi={:?}:{:?}:{:?}", c.driver.view(), c.volume_handle.view(), c.fs_type.view());
  append_map(out, "attributes", c.volume_attributes);
}

inline std::string cluster_text(const load_result& r) {
  std::string out = fmt::format("pods={} pvcs={} pvs={} rejected={}\n", r.counts.pods,
                                r.counts.persistent_volume_claims, r.counts.persistent_volumes, r.counts.rejected);
  for (const auto& [kind, n] : r.counts.other_kinds) out += fmt::format("other {:?}={}\n", kind, n);
  for (const pod& p : r.objects.pods()) {
    out += "pod";
    append_meta(out, p.metadata, p.origin);
    out += fmt::format(" node={:?} phase={:?} deleting={}\n", p.node_name.view(), p.phase.view(),
                       p.has_deletion_timestamp);
    for (const pod_volume& v : p.volumes) {
      out += fmt::format("  volume {:?} mounted={} device={}", v.name.view(), v.mounted, v.device);
      append_sources(out, v.sources);
      out += "\n";
    }
  }
  for (const persistent_volume_claim& c : r.objects.persistent_volume_claims()) {
    out += "pvc";
    append_meta(out, c.metadata, c.origin);
    out += fmt::format(" class={:?} volume={:?} mode={:?} access={} requested={:?} capacity={:?} phase={:?}\n",
                       c.storage_class_name.value_or("<none>"), c.volume_name.view(),
                       c.volume_mode ? std::string(c.volume_mode->view()) : "<none>", fmt::join(c.access_modes, ","),
                       c.requested ? c.requested->to_string() : "<none>",
                       c.status_capacity ? c.status_capacity->to_string() : "<none>", c.phase.view());
  }
  for (const persistent_volume& v : r.objects.persistent_volumes()) {
    out += "pv";
    append_meta(out, v.metadata, v.origin);
    out += fmt::format(" capacity={}:{:?} class={:?} claim={:?} mode={:?} access={} reclaim={:?} phase={:?}",
                       v.has_capacity, v.capacity.to_string(), v.storage_class_name,
                       v.claim_ref ? v.claim_ref->namespace_ + "/" + v.claim_ref->name : "<none>", v.volume_mode.view(),
                       fmt::join(v.access_modes, ","), v.reclaim_policy.view(), v.phase.view());
    append_sources(out, v.sources);
    out += "\n";
  }
  for (const diagnostic& d : r.problems) out += d.to_string() + "\n";
  return out;
}

}  // namespace volpol::k8s::testing
