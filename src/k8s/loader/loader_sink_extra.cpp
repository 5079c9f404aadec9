// cluster_sink::add_extra: the other kinds volpol reads (volpol/detail/k8s/object_value.h), typed
// from the fields the reader captured and added to the cluster.
#include <fmt/format.h>

#include <utility>

#include "loader_sink.h"

namespace volpol::k8s::detail {

bool cluster_sink::add_extra(object_fields& f, const classification& c, object_origin origin) {
  const std::string_view kind = f.kind.empty() ? std::string_view(c.other) : std::string_view(f.kind);
  const auto k = extra_kind_of(kind, f.api_version);
  if (!k) {
    if (extra_kind_of(kind))  // the kind of another group: counted with its apiVersion
      ++r_.counts.other_kinds[fmt::format("{} ({})", kind, f.api_version)];
    else ++r_.counts.other_kinds[std::string(kind)];
    return true;
  }
  if (layout_ != nullptr && f.meta.namespace_.empty()) f.meta.namespace_ = layout_->namespace_;
  const bool cluster_scoped = *k == extra_kind::storage_class || *k == extra_kind::volume_snapshot_class ||
                              *k == extra_kind::namespace_ || *k == extra_kind::node;
  if (cluster_scoped) f.meta.namespace_.clear();
  const std::string who = f.meta.key();
  diagnostic where;
  where.where.file = origin.file;
  where.where.line = origin.line;
  where.where.offset = origin.offset;
  where.where.has_offset = origin.line == 0 && !origin.file.empty();
  where.object = fmt::format("{} {}", kind_name(*k), who);
  value body = value::make_mapping(std::move(f.captured));
  f.captured.clear();
  if (*k == extra_kind::backup || *k == extra_kind::schedule)
    for (const unknown_field& u : unknown_spec_fields(body, *k == extra_kind::schedule)) {
      diagnostic w = where;
      w.level = severity::warning;
      w.where.path = u.path;
      if (u.at.line > 0) {
        w.where.line = u.at.line;
        w.where.column = u.at.column;
        w.where.has_offset = false;
      }
      w.message = fmt::format("unknown field `{}`: Velero's {} has no such field, and the API server drops it",
                              u.path.substr(u.path.rfind('.') + 1),
                              *k == extra_kind::schedule && u.path.starts_with("spec.template.") ? "BackupSpec"
                              : *k == extra_kind::schedule                                       ? "ScheduleSpec"
                                                                                                 : "BackupSpec");
      w.help = u.near.empty() ? std::string("field names are case-sensitive")
                              : fmt::format("did you mean `{}`?", u.near);
      problem(std::move(w));
    }
  auto typed = extra_object_from_value(*k, std::move(f.meta), std::move(origin), body);
  if (const diagnostic* e = typed.error()) {
    diagnostic d = where;
    d.where.path = e->where.path;
    d.message = e->message;
    problem(std::move(d));
    return true;
  }
  if (auto added = r_.objects.add(std::move(typed).value()); !added) {
    if (in_velero_backup()) {  // the second copy of the item in the same backup
      ++r_.counts.backup_copies;
      return true;
    }
    problem(*added.error());
    return true;
  }
  ++r_.counts.read_kinds[std::string(kind_name(*k))];
  return true;
}

}  // namespace volpol::k8s::detail
