// Typed objects from yaml-cpp nodes, through the shared reader (loader_reader.h) and the one
// YAML adapter (yaml_tree_adapter.h): the node is copied into a yaml_tree first.
#include "volpol/detail/k8s/object_yaml.h"

#include <yaml-cpp/yaml.h>

#include <fmt/format.h>

#include "loader/loader_fields.h"
#include "loader/loader_reader.h"
#include "loader/yaml_tree.h"
#include "loader/yaml_tree_adapter.h"

namespace volpol::k8s {
namespace {

using detail::classification;
using detail::object_fields;
using detail::object_kind;

/// Keeps the first object and the first error of one node.
class single_sink final : public detail::object_sink {
 public:
  void object(object_fields& f, const classification& c, object_origin origin) override {
    if (++count_ == 1) {
      object_ = c.kind == object_kind::unknown || c.kind == object_kind::other
                    ? any_object(other_object{f.kind, f.meta.name})
                    : detail::build(f, c.kind, std::move(origin));
    }
  }
  void problem(diagnostic d) override {
    if (d.level == severity::error && !error_) error_ = std::move(d);
  }

  result<any_object> take(const YAML::Node& node) {
    if (error_) return std::move(*error_);
    if (count_ == 1) return std::move(*object_);
    diagnostic d;
    if (node.Mark().line >= 0) {
      d.where.line = static_cast<std::uint32_t>(node.Mark().line) + 1;
      d.where.column = static_cast<std::uint32_t>(node.Mark().column) + 1;
    }
    d.message = count_ == 0 ? "expected an object, got nothing"
                            : fmt::format("expected one object, got a list of {}", count_);
    return d;
  }

 private:
  std::size_t count_ = 0;
  std::optional<any_object> object_;
  std::optional<diagnostic> error_;
};

/// Appends `n` and its subtree to `tree` in document order, typed as yaml_tree types libyaml's
/// events (yaml_tree.h); places from yaml-cpp's marks (unknown_line for nodes built in memory).
void append_node(const YAML::Node& n, detail::yaml_tree& tree) {
  using kind = detail::yaml_tree::kind;
  const std::size_t at = tree.nodes.size();
  detail::yaml_tree::node x;
  const YAML::Mark m = n.Mark();
  x.line = m.line >= 0 ? static_cast<std::uint32_t>(m.line) : detail::yaml_tree_adapter::unknown_line;
  x.column = m.column >= 0 ? static_cast<std::uint32_t>(m.column) : 0;
  if (!n.IsDefined() || n.IsNull()) {
    x.type = kind::null;
  } else if (n.IsMap()) {
    x.type = kind::mapping;
  } else if (n.IsSequence()) {
    x.type = kind::sequence;
  } else {
    x.type = n.Tag() == "!" ? kind::quoted : kind::plain;  // "!": yaml-cpp's non-specific tag, a quoted scalar
    x.text = static_cast<std::uint32_t>(tree.chars.size());
    x.size = static_cast<std::uint32_t>(n.Scalar().size());
    tree.chars += n.Scalar();
  }
  tree.nodes.push_back(x);
  if (x.type == kind::mapping) {
    for (auto it = n.begin(); it != n.end(); ++it) {
      append_node(it->first, tree);
      append_node(it->second, tree);
    }
  } else if (x.type == kind::sequence) {
    for (auto it = n.begin(); it != n.end(); ++it) append_node(*it, tree);
  }
  tree.nodes[at].end = static_cast<std::uint32_t>(tree.nodes.size());
}

detail::yaml_tree yaml_tree_of(const YAML::Node& n) {
  detail::yaml_tree tree;
  append_node(n, tree);
  return tree;
}

template <class T>
result<T> typed(const YAML::Node& node, std::string_view kind) {
  auto r = object_from_yaml(node, kind);
  if (const diagnostic* e = r.error()) return *e;
  if (T* t = std::get_if<T>(&r.value())) return std::move(*t);
  diagnostic d;
  std::string got = std::visit(
      [](const auto& o) -> std::string {
        using U = std::decay_t<decltype(o)>;
        if constexpr (std::is_same_v<U, persistent_volume>) return "a PersistentVolume";
        if constexpr (std::is_same_v<U, persistent_volume_claim>) return "a PersistentVolumeClaim";
        if constexpr (std::is_same_v<U, pod>) return "a Pod";
        if constexpr (std::is_same_v<U, other_object>)
          return o.kind.empty() ? std::string("an object of unknown kind") : "a " + o.kind;
      },
      r.value());
  d.message = fmt::format("expected a {}, got {}", kind, got);
  return d;
}

}  // namespace

result<any_object> object_from_yaml(const YAML::Node& node, std::string_view kind_hint) {
  single_sink sink;
  if (!node.IsDefined() || node.IsNull()) return sink.take(node);
  const detail::yaml_tree tree = yaml_tree_of(node);
  detail::yaml_tree_adapter adapter{tree, {}, 0};
  detail::object_reader<detail::yaml_tree_adapter> reader(adapter, sink, {});
  detail::yaml_tree_adapter::node root{0};
  (void)reader.read_document(root, kind_hint);
  return sink.take(node);
}

result<persistent_volume> persistent_volume_from_yaml(const YAML::Node& node) {
  return typed<persistent_volume>(node, "PersistentVolume");
}

result<persistent_volume_claim> persistent_volume_claim_from_yaml(const YAML::Node& node) {
  return typed<persistent_volume_claim>(node, "PersistentVolumeClaim");
}

result<pod> pod_from_yaml(const YAML::Node& node) { return typed<pod>(node, "Pod"); }

result<pod_volume> pod_volume_from_yaml(const YAML::Node& node) {
  const detail::yaml_tree tree = yaml_tree_of(node);
  detail::yaml_tree_adapter adapter{tree, {}, 0};
  single_sink sink;
  detail::object_reader<detail::yaml_tree_adapter> reader(adapter, sink, {});
  detail::yaml_tree_adapter::node root{0};
  pod_volume v;
  if (!reader.pod_volume_entry(root, v)) return reader.take_error();
  return v;
}

}  // namespace volpol::k8s
