// Typed objects of the other kinds volpol reads, from their generic value (object_value.h).
#include "volpol/detail/k8s/object_value.h"

#include <fmt/format.h>

#include <utility>

namespace volpol::k8s {

namespace value_fields {

namespace {

std::string join(std::string_view path, std::string_view key) {
  return path.empty() ? std::string(key) : fmt::format("{}.{}", path, key);
}

std::string_view kind_words(const value& v) {
  switch (v.type()) {
    case value::kind::null: return "null";
    case value::kind::boolean: return "a boolean";
    case value::kind::integer:
    case value::kind::floating: return "a number";
    case value::kind::string: return "a string";
    case value::kind::sequence: return "a list";
    case value::kind::mapping: return "a mapping";
  }
  return "a value";
}

diagnostic wrong(const value& v, std::string path, std::string_view expected) {
  diagnostic d = make_error(fmt::format("expected {}, got {}", expected, kind_words(v)), std::move(path));
  d.where.line = v.mark().line;
  d.where.column = v.mark().column;
  return d;
}

bool is_scalar(const value& v) { return v.is_string() || v.is_bool() || v.is_int() || v.is_float(); }

}  // namespace

result<std::string> string_at(const value& m, std::string_view key, std::string_view path) {
  const value* v = m.find(key);
  if (v == nullptr || v->is_null()) return std::string{};
  if (v->is_string()) return v->as_string();
  if (is_scalar(*v)) return v->scalar_text();
  return wrong(*v, join(path, key), "a string");
}

result<std::optional<bool>> bool_at(const value& m, std::string_view key, std::string_view path) {
  const value* v = m.find(key);
  if (v == nullptr || v->is_null()) return std::optional<bool>{};
  if (v->is_bool()) return std::optional<bool>{v->as_bool()};
  if (v->is_string() && (v->as_string() == "true" || v->as_string() == "false"))
    return std::optional<bool>{v->as_string() == "true"};
  return wrong(*v, join(path, key), "`true` or `false`");
}

result<std::optional<std::int64_t>> int_at(const value& m, std::string_view key, std::string_view path) {
  const value* v = m.find(key);
  if (v == nullptr || v->is_null()) return std::optional<std::int64_t>{};
  if (v->is_int()) return std::optional<std::int64_t>{v->as_int()};
  if (v->is_string()) {
    try {
      std::size_t used = 0;
      const long long n = std::stoll(v->as_string(), &used);
      if (used == v->as_string().size()) return std::optional<std::int64_t>{n};
    } catch (...) {
    }
  }
  return wrong(*v, join(path, key), "an integer");
}

result<std::vector<std::string>> strings_at(const value& m, std::string_view key, std::string_view path) {
  std::vector<std::string> out;
  const value* v = m.find(key);
  if (v == nullptr || v->is_null()) return out;
  if (!v->is_sequence()) return wrong(*v, join(path, key), "a list of strings");
  std::size_t i = 0;
  for (const value& item : v->items()) {
    if (item.is_string()) out.push_back(item.as_string());
    else if (is_scalar(item)) out.push_back(item.scalar_text());
    else if (!item.is_null()) return wrong(item, fmt::format("{}[{}]", join(path, key), i), "a string");
    ++i;
  }
  return out;
}

result<string_map> string_map_at(const value& m, std::string_view key, std::string_view path) {
  const value* v = m.find(key);
  if (v == nullptr || v->is_null()) return string_map{};
  if (!v->is_mapping()) return wrong(*v, join(path, key), "a mapping of strings");
  std::vector<string_map::entry> entries;
  for (const auto& [k, x] : v->entries()) {
    if (x.is_null()) continue;
    if (!is_scalar(x)) return wrong(x, fmt::format("{}.{}", join(path, key), k), "a string");
    entries.emplace_back(k, x.is_string() ? x.as_string() : x.scalar_text());
  }
  return string_map(std::move(entries));
}

result<std::optional<label_selector_spec>> label_selector_at(const value& m, std::string_view key,
                                                             std::string_view path) {
  const value* v = m.find(key);
  if (v == nullptr || v->is_null()) return std::optional<label_selector_spec>{};
  const std::string here = join(path, key);
  if (!v->is_mapping()) return wrong(*v, here, "a label selector (matchLabels, matchExpressions)");
  label_selector_spec spec;
  if (const value* labels = v->find("matchLabels"); labels != nullptr && !labels->is_null()) {
    if (!labels->is_mapping()) return wrong(*labels, here + ".matchLabels", "a mapping of strings");
    for (const auto& [k, x] : labels->entries()) {
      if (!is_scalar(x)) return wrong(x, fmt::format("{}.matchLabels.{}", here, k), "a string");
      spec.match_labels.emplace_back(k, x.is_string() ? x.as_string() : x.scalar_text());
    }
  }
  if (const value* exprs = v->find("matchExpressions"); exprs != nullptr && !exprs->is_null()) {
    if (!exprs->is_sequence()) return wrong(*exprs, here + ".matchExpressions", "a list");
    std::size_t i = 0;
    for (const value& e : exprs->items()) {
      const std::string at = fmt::format("{}.matchExpressions[{}]", here, i++);
      if (!e.is_mapping()) return wrong(e, at, "a mapping (key, operator, values)");
      label_selector_requirement r;
      auto k = string_at(e, "key", at);
      if (const diagnostic* err = k.error()) return *err;
      auto op = string_at(e, "operator", at);
      if (const diagnostic* err = op.error()) return *err;
      auto vals = strings_at(e, "values", at);
      if (const diagnostic* err = vals.error()) return *err;
      r.key = std::move(k).value();
      r.op = std::move(op).value();
      r.values = std::move(vals).value();
      spec.match_expressions.push_back(std::move(r));
    }
  }
  return std::optional<label_selector_spec>{std::move(spec)};
}

}  // namespace value_fields

std::string_view kind_name(extra_kind k) {
  switch (k) {
    case extra_kind::storage_class: return "StorageClass";
    case extra_kind::volume_snapshot_class: return "VolumeSnapshotClass";
    case extra_kind::volume_snapshot_location: return "VolumeSnapshotLocation";
    case extra_kind::backup: return "Backup";
    case extra_kind::schedule: return "Schedule";
    case extra_kind::namespace_: return "Namespace";
    case extra_kind::node: return "Node";
    case extra_kind::daemon_set: return "DaemonSet";
    case extra_kind::config_map: return "ConfigMap";
    case extra_kind::deployment: return "Deployment";
  }
  return {};
}

namespace {

struct kind_row {
  extra_kind kind;
  std::string_view group;  // "" = the core group
};

constexpr kind_row kind_rows[] = {
    {extra_kind::storage_class, "storage.k8s.io"},
    {extra_kind::volume_snapshot_class, "snapshot.storage.k8s.io"},
    {extra_kind::volume_snapshot_location, "velero.io"},
    {extra_kind::backup, "velero.io"},
    {extra_kind::schedule, "velero.io"},
    {extra_kind::namespace_, ""},
    {extra_kind::node, ""},
    {extra_kind::daemon_set, "apps"},
    {extra_kind::config_map, ""},
    {extra_kind::deployment, "apps"},
};

}  // namespace

std::optional<extra_kind> extra_kind_of(std::string_view kind, std::string_view api_version) {
  for (const kind_row& row : kind_rows) {
    if (kind_name(row.kind) != kind) continue;
    if (api_version.empty()) return row.kind;
    const auto slash = api_version.find('/');
    const std::string_view group = slash == std::string_view::npos ? std::string_view{} : api_version.substr(0, slash);
    if (group == row.group) return row.kind;
    return std::nullopt;
  }
  return std::nullopt;
}

namespace {

using namespace value_fields;

const value& mapping_or_empty(const value& body, std::string_view key) {
  static const value empty;
  const value* v = body.find(key);
  return v != nullptr ? *v : empty;
}

template <class T>
result<extra_object> unwrap(result<T> r) {
  if (const diagnostic* e = r.error()) return *e;
  return extra_object{std::move(r).value()};
}

result<storage_class> read_storage_class(object_meta meta, object_origin origin, const value& body) {
  storage_class sc{std::move(meta), std::move(origin), {}, {}};
  auto p = string_at(body, "provisioner", "");
  if (const diagnostic* e = p.error()) return *e;
  sc.provisioner = std::move(p).value();
  auto params = string_map_at(body, "parameters", "");
  if (const diagnostic* e = params.error()) return *e;
  sc.parameters = std::move(params).value();
  return sc;
}

result<volume_snapshot_class> read_volume_snapshot_class(object_meta meta, object_origin origin, const value& body) {
  volume_snapshot_class c{std::move(meta), std::move(origin), {}, {}, {}};
  auto d = string_at(body, "driver", "");
  if (const diagnostic* e = d.error()) return *e;
  c.driver = std::move(d).value();
  auto dp = string_at(body, "deletionPolicy", "");
  if (const diagnostic* e = dp.error()) return *e;
  c.deletion_policy = std::move(dp).value();
  auto params = string_map_at(body, "parameters", "");
  if (const diagnostic* e = params.error()) return *e;
  c.parameters = std::move(params).value();
  return c;
}

result<volume_snapshot_location_object> read_vsl(object_meta meta, object_origin origin, const value& body) {
  volume_snapshot_location_object l{std::move(meta), std::move(origin), {}, {}};
  const value& spec = mapping_or_empty(body, "spec");
  if (!spec.is_null() && !spec.is_mapping()) return make_error("expected a mapping", "spec");
  auto p = string_at(spec, "provider", "spec");
  if (const diagnostic* e = p.error()) return *e;
  l.provider = std::move(p).value();
  auto config = string_map_at(spec, "config", "spec");
  if (const diagnostic* e = config.error()) return *e;
  l.config = std::move(config).value();
  return l;
}

result<namespace_object> read_namespace(object_meta meta, object_origin origin, const value& body) {
  namespace_object n{std::move(meta), std::move(origin), {}};
  auto phase = string_at(mapping_or_empty(body, "status"), "phase", "status");
  if (const diagnostic* e = phase.error()) return *e;
  n.phase = std::move(phase).value();
  return n;
}

/// spec.template.spec.containers[].{name, image}; a container that is not a mapping, or a name
/// or image that is not a string, is an error naming it.
result<std::vector<container_image>> read_containers(const value& body) {
  std::vector<container_image> out;
  const value* spec = body.find("spec");
  const value* tmpl = spec && spec->is_mapping() ? spec->find("template") : nullptr;
  const value* pod_spec = tmpl && tmpl->is_mapping() ? tmpl->find("spec") : nullptr;
  const value* list = pod_spec && pod_spec->is_mapping() ? pod_spec->find("containers") : nullptr;
  if (list == nullptr || list->is_null()) return out;
  if (!list->is_sequence()) return make_error("expected a list", "spec.template.spec.containers");
  for (std::size_t i = 0; i < list->items().size(); ++i) {
    const value& c = list->items()[i];
    const std::string path = fmt::format("spec.template.spec.containers[{}]", i);
    if (!c.is_mapping()) return make_error("expected a mapping", path);
    auto name = string_at(c, "name", path);
    if (const diagnostic* e = name.error()) return *e;
    auto image = string_at(c, "image", path);
    if (const diagnostic* e = image.error()) return *e;
    out.push_back({std::move(name).value(), std::move(image).value()});
  }
  return out;
}

result<deployment> read_deployment(object_meta meta, object_origin origin, const value& body) {
  deployment d{std::move(meta), std::move(origin), {}};
  auto containers = read_containers(body);
  if (const diagnostic* e = containers.error()) return *e;
  d.containers = std::move(containers).value();
  return d;
}

result<daemon_set> read_daemon_set(object_meta meta, object_origin origin, const value& body) {
  daemon_set ds{std::move(meta), std::move(origin), {}, {}, {}};
  auto containers = read_containers(body);
  if (const diagnostic* e = containers.error()) return *e;
  ds.containers = std::move(containers).value();
  const value& status = mapping_or_empty(body, "status");
  auto ready = int_at(status, "numberReady", "status");
  if (const diagnostic* e = ready.error()) return *e;
  ds.number_ready = *ready;
  auto desired = int_at(status, "desiredNumberScheduled", "status");
  if (const diagnostic* e = desired.error()) return *e;
  ds.desired_number_scheduled = *desired;
  return ds;
}

result<config_map> read_config_map(object_meta meta, object_origin origin, const value& body) {
  config_map cm{std::move(meta), std::move(origin), {}};
  auto data = string_map_at(body, "data", "");
  if (const diagnostic* e = data.error()) return *e;
  cm.data = std::move(data).value();
  return cm;
}

}  // namespace

result<extra_object> extra_object_from_value(extra_kind k, object_meta meta, object_origin origin, const value& body) {
  switch (k) {
    case extra_kind::storage_class: return unwrap(read_storage_class(std::move(meta), std::move(origin), body));
    case extra_kind::volume_snapshot_class:
      return unwrap(read_volume_snapshot_class(std::move(meta), std::move(origin), body));
    case extra_kind::volume_snapshot_location: return unwrap(read_vsl(std::move(meta), std::move(origin), body));
    case extra_kind::backup: return unwrap(backup_from_value(std::move(meta), std::move(origin), body));
    case extra_kind::schedule: return unwrap(schedule_from_value(std::move(meta), std::move(origin), body));
    case extra_kind::namespace_: return unwrap(read_namespace(std::move(meta), std::move(origin), body));
    case extra_kind::node: return extra_object{node{std::move(meta), std::move(origin)}};
    case extra_kind::daemon_set: return unwrap(read_daemon_set(std::move(meta), std::move(origin), body));
    case extra_kind::config_map: return unwrap(read_config_map(std::move(meta), std::move(origin), body));
    case extra_kind::deployment: return unwrap(read_deployment(std::move(meta), std::move(origin), body));
  }
  return make_error("unknown kind");
}

}  // namespace volpol::k8s
