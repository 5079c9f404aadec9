// policies::validate / validate_for_restore (velero internal/resourcepolicies/
// resource_policies.go `Validate`, `ValidateForRestore`), collecting every problem.
#include <fmt/format.h>

#include "validate_parts.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {

namespace detail {

void validate_version(const resource_policies& doc, diagnostics& out) {
  if (doc.version_failed || doc.not_a_mapping || doc.version == "v1") return;
  const text_origin& o = doc.origin;
  if (doc.version.empty()) {
    const bool absent = doc.version_mark.line == 0;
    out.add(o.diagnose(absent ? doc.mark : doc.version_mark, "version",
                       absent ? "missing `version`: the supported version is `v1`"
                              : "`version` is empty: the supported version is `v1`",
                       "start the document with `version: v1`"));
    return;
  }
  const bool close = doc.version == "V1" || doc.version == "1" || doc.version == "v1.0" || doc.version == "1.0";
  out.add(o.diagnose(doc.version_mark, "version",
                     fmt::format("unsupported version `{}`: the supported version is `v1`", doc.version),
                     close ? "write `version: v1`" : ""));
}

}  // namespace detail

diagnostics policies::validate() const {
  diagnostics out;
  detail::validate_version(doc_, out);
  for (const volume_policy& vp : volume_policies_) {
    detail::validate_action(vp, out);
    detail::validate_conditions(vp, out);
  }
  for (const volume_policy& vp : unbuilt_) detail::validate_action(vp, out);
  if (doc_.include_exclude && !doc_.include_exclude->decode_failed)
    detail::validate_include_exclude(*doc_.include_exclude, doc_.origin, out);
  detail::validate_cluster_scoped_filter(doc_, out);
  detail::validate_namespaced_filters(doc_, out);
  return out;
}

diagnostics policies::validate_for_restore() const {
  diagnostics out;
  detail::validate_version(doc_, out);
  if (!doc_.volume_policies.empty())
    out.add(doc_.origin.diagnose(doc_.volume_policies.front().mark, "volumePolicies",
                                 "volumePolicies are not supported for restore",
                                 "volume policies apply to backups; remove them from the restore's policy"));
  if (doc_.include_exclude)
    out.add(doc_.origin.diagnose(doc_.include_exclude->mark, "includeExcludePolicy",
                                 "includeExcludePolicy is not supported for restore",
                                 "use the restore's own include/exclude settings instead"));
  detail::validate_cluster_scoped_filter(doc_, out);
  detail::validate_namespaced_filters(doc_, out);
  return out;
}

}  // namespace volpol::policy
