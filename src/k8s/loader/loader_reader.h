// loader_reader.h (private) — reads Kubernetes objects from a JSON or YAML tree, one forward
// pass, into object_fields. The tree is reached through an adapter (json_adapter.h for
// simdjson On-Demand, yaml_tree_adapter.h for YAML), so both formats share one schema and the
// same errors.
//
// Adapter interface (A::node is the tree's value type):
//   node_type type(node&)                           node_type::invalid on a parse error
//   bool fields(node&, f(std::string_view key, node&) -> bool)    raw keys, document order
//   bool entries(node&, f(std::string_view key, node&) -> bool)   unescaped keys (maps)
//   bool elements(node&, f(node&) -> bool)
//   bool text(node&, std::string_view&)             a string (or any scalar, for YAML)
//   bool number_text(node&, std::string_view&)      a number's text
//   bool boolean(node&, bool&)
//   void locate(node&, source_location&)            where the node is (offset or line/column)
//   object_origin origin(node&)                     where an object starts
//   bool alive()                                    false once the tree cannot be read further
//   std::string parse_error()                       what broke, after a false return
//   static constexpr bool scalars_are_strings       YAML: `name: 123` is the string "123"
//
// Leniency follows Kubernetes' decoding: unknown fields are ignored, `null` leaves a field
// unset, a wrong type or an unparsable quantity rejects the object (as `json.Unmarshal` into
// the typed struct fails). Fields volpol skips are not validated (On-Demand reads what it uses).
#pragma once

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loader_capture.h"
#include "loader_fields.h"
#include "loader_values.h"
#include "volpol/core/result.h"

namespace volpol::k8s::detail {

/// Receives what a reader finds.
class object_sink {
 public:
  virtual ~object_sink() = default;
  /// One object, classified; `f` may be moved from.
  virtual void object(object_fields& f, const classification& c, object_origin origin) = 0;
  /// A problem: a rejected object (error) or a doubtful one (warning).
  virtual void problem(diagnostic d) = 0;
  /// Whether `built` may be called instead of `object` for a named PersistentVolume,
  /// PersistentVolumeClaim or Pod: the sink would do nothing to it but build and add it, so
  /// a parsing worker may build it (build(), loader_fields.h) off the sink's thread.
  [[nodiscard]] virtual bool accepts_built() const { return false; }
  /// Such an object, built: what `object` would have added (called only when accepts_built).
  virtual void built(any_object o) { (void)o; }
};

template <class A>
class object_reader : private value_reader<A> {
  using base = value_reader<A>;
  using base::a_;
  using base::bool_field;
  using base::each_element;
  using base::error_;
  using base::expect_object;
  using base::fail;
  using base::failed_;
  using base::optional_string_field;
  using base::options_;
  using base::path_;
  using base::pending_identity_;
  using base::quantity_map;
  using base::scoped;
  using base::string_field;
  using base::string_list;
  using base::string_map_field;
  using base::unkept_string_field;
  using base::wrong_type;

 public:
  using node = typename A::node;
  using base::take_error;

  object_reader(A& adapter, object_sink& sink, read_options options) : base(adapter, options), sink_(sink) {}

  /// Reads a document: an object, a list (an object with an `items` array, as Kubernetes'
  /// `meta.IsListType` decides), an array of objects, or null (nothing). `hint` is the kind to
  /// assume when an object has none. Every object goes to the sink, every problem too.
  /// @return false when the document cannot be read further (a syntax error).
  bool read_document(node& n, std::string_view hint) { return document(n, hint, 0); }

  /// Reads element `index` of a list's `items` (`in_items`) or of a top-level array, read on
  /// its own (the loaders split lists): paths start `items[3].` / `[3].`.
  bool read_list_item(node& n, std::string_view hint, std::size_t index, bool in_items) {
    if (in_items) path_.push("items");
    path_.push(index);
    const bool ok = document(n, hint, 1);
    path_.clear();
    return ok;
  }

 private:
  // ---- documents and objects ------------------------------------------------------------

  bool document(node& n, std::string_view hint, int depth) {
    const node_type t = a_.type(n);
    if (t == node_type::null) return true;
    if (t == node_type::object) return object(n, hint, depth);
    object_fields& f = fields_at(depth);
    f.clear();
    if (t == node_type::array) return array_of_documents(n, hint, depth);
    report(n, f, object_kind::unknown,
           t == node_type::invalid ? a_.parse_error() : fmt::format("expected an object, got {}", type_name(t)));
    return a_.alive();
  }

  bool array_of_documents(node& n, std::string_view hint, int depth) {
    if (depth >= options_.max_depth) return too_deep(n, depth);
    std::size_t i = 0;
    path_.push(i);
    const bool ok = a_.elements(n, [&](node& e) {
      path_.pop();
      path_.push(i++);
      return document(e, hint, depth + 1);
    });
    path_.pop();
    if (!ok && a_.alive()) return true;
    if (!ok) report_broken(n, fields_at(depth), depth);
    return ok;
  }

  bool object(node& n, std::string_view hint, int depth) {
    object_fields& f = fields_at(depth);
    f.clear();
    failed_ = false;
    const object_origin origin = a_.origin(n);
    field_mask mask;
    bool is_list = false;
    if (extra_kind_of(hint)) f.capture = true;  // a folder or list names one of the other kinds
    // `kind` first, wherever it stands (kubectl writes keys in alphabetical order: a
    // VolumeSnapshotClass's `driver`, a ConfigMap's `data` come before it), so that every
    // field is read for the object's own kind in any key order.
    const bool ok = a_.fields_kind_first(
        n, [&](node& v) { return kind_field(v, f, mask); },
        [&](std::string_view key, node& v) { return top_field(key, v, f, mask, is_list, depth); });
    if (!ok) {
      if (failed_) {
        sink_.problem(std::move(error_));
      } else if (!dead_reported_) {
        // A syntax error while iterating: say so, with what we know of the object.
        sink_.problem(error_at(n, f, classify(f, hint).kind, a_.parse_error()));
      }
      failed_ = false;
      if (!a_.alive()) dead_reported_ = true;
      return a_.alive();
    }
    if (is_list) {
      if (std::string w = items_of_non_list_kind(f.kind); !w.empty()) {
        diagnostic d = error_at(n, f, kind_from_name(f.kind), std::move(w));
        d.level = severity::warning;
        d.where = origin_location(origin, d.where);
        sink_.problem(std::move(d));
      }
      return true;
    }
    classification c = classify(f, hint);
    if (c.kind == object_kind::unknown) {
      diagnostic d = error_at(n, f, c.kind,
                              "cannot tell the kind: no `kind` field, and the shape matches no "
                              "PersistentVolume, PersistentVolumeClaim or Pod");
      d.level = severity::warning;
      d.where = origin_location(origin, d.where);
      sink_.problem(std::move(d));
    }
    sink_.object(f, c, origin);
    return true;
  }

  /// The object's `kind`: what the object's other fields are read as.
  bool kind_field(node& v, object_fields& f, field_mask& mask) {
    if (!string_field("kind", v, f.kind)) return false;
    mask = field_mask::for_kind(kind_from_name(f.kind));
    if (extra_kind_of(f.kind)) f.capture = true;
    return true;
  }

  bool top_field(std::string_view key, node& v, object_fields& f, field_mask& mask, bool& is_list, int depth) {
    if (key == "kind") return kind_field(v, f, mask);  // read first already; a repeated key: the last wins
    if (key == "apiVersion") return string_field(key, v, f.api_version);
    if (key == "metadata") return mask.metadata || f.capture ? scoped(key, [&] { return metadata(v, f); }) : true;
    if (f.capture && key != "items") return capture_field(key, v, f);
    if (key == "spec") return scoped(key, [&] { return spec(v, f, mask); });
    if (key == "status") return scoped(key, [&] { return status(v, f, mask); });
    if (key == "items") return items(v, f, is_list, depth);
    return true;
  }

  /// A top-level field of one of the other kinds, kept as a generic value.
  bool capture_field(std::string_view key, node& v, object_fields& f) {
    f.captured.emplace_back(std::string(key), value());
    bool too_deep = false;
    if (capture_value(a_, v, f.captured.back().second, too_deep)) return true;
    return scoped(key, [&] {
      return too_deep ? fail(v, fmt::format("nested more than {} deep", max_capture_depth)) : base::parse_failure(v);
    });
  }

  bool items(node& v, object_fields& f, bool& is_list, int depth) {
    const node_type t = a_.type(v);
    if (t == node_type::null) {
      is_list = is_list || !item_kind_of_list(f.kind).empty() || f.kind == "List";
      return true;
    }
    if (t != node_type::array) return true;  // not a list: an unknown field
    is_list = true;
    if (depth + 1 >= options_.max_depth) return too_deep(v, depth);
    // The list's own kind, when it came first, names the items' kind ("PodList" → "Pod").
    const std::string item_hint(item_kind_of_list(f.kind));
    path_.push("items");
    std::size_t i = 0;
    path_.push(i);
    const bool ok = a_.elements(v, [&](node& e) {
      path_.pop();
      path_.push(i++);
      return document(e, item_hint, depth + 1);
    });
    path_.pop();
    path_.pop();
    pending_identity_ = &f;
    if (!ok && a_.alive()) return true;
    if (!ok) report_broken(v, f, depth);
    return ok;
  }

  // ---- metadata ---------------------------------------------------------------------------

  bool metadata(node& n, object_fields& f) {
    if (!expect_object(n)) return false;
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (key == "name") return string_field(key, v, f.meta.name);
      if (key == "namespace") return string_field(key, v, f.meta.namespace_);
      if (key == "deletionTimestamp") {
        f.has_deletion_timestamp = a_.type(v) != node_type::null;
        return true;
      }
      if (key == "labels")
        return scoped(key, [&] { return string_map_field(v, f.meta.labels, annotation_filter::all); });
      if (key == "annotations") {
        return scoped(key, [&] {
          if (a_.type(v) == node_type::null) {
            f.meta.annotations.reset();
            return true;
          }
          f.meta.annotations.emplace();
          return string_map_field(v, *f.meta.annotations, options_.annotations);
        });
      }
      return true;
    });
  }

  // ---- spec and status --------------------------------------------------------------------

  bool spec(node& n, object_fields& f, const field_mask& m) {
    if (!expect_object(n)) return false;
    const bool pv_or_pvc = m.pv || m.pvc;
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (pv_or_pvc && key == "storageClassName") return optional_string_field(key, v, f.storage_class_name);
      if (pv_or_pvc && key == "volumeMode") return optional_string_field(key, v, f.volume_mode);
      if (pv_or_pvc && key == "accessModes") return scoped(key, [&] { return string_list(v, f.access_modes); });
      if (m.pod && (key == "volumes" || key == "containers" || key == "initContainers")) {
        f.pod_shape = true;
        if (key == "volumes") return scoped(key, [&] { return pod_volumes(v, f.volumes); });
        if (key == "containers") return scoped(key, [&] { return containers(v, f); });
        return true;
      }
      if (m.pod && key == "nodeName") return string_field(key, v, f.node_name);
      if (m.pvc && key == "volumeName") {
        f.pvc_shape = true;
        return string_field(key, v, f.volume_name);
      }
      if (m.pvc && key == "resources") {
        f.pvc_shape = true;
        return scoped(key, [&] { return resources(v, f.requested); });
      }
      if (m.pv) return pv_spec_field(key, v, f);
      return true;
    });
  }

  bool pv_spec_field(std::string_view key, node& v, object_fields& f) {
    if (key == "capacity") {
      f.pv_shape = true;
      return scoped(key, [&] { return quantity_map(v, f.capacity); });
    }
    if (key == "claimRef") {
      f.pv_shape = true;
      return scoped(key, [&] { return object_reference_field(v, f.claim_ref); });
    }
    if (key == "persistentVolumeReclaimPolicy") {
      f.pv_shape = true;
      return string_field(key, v, f.reclaim_policy);
    }
    if (const auto s = volume_source_from_field(key)) {
      f.pv_shape = true;
      return scoped(key, [&] { return source(*s, v, f.sources); });
    }
    return true;
  }

  bool status(node& n, object_fields& f, const field_mask& m) {
    if (!expect_object(n)) return false;
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (key == "phase") return string_field(key, v, f.phase);
      if (m.pvc && key == "capacity") {
        f.pvc_shape = true;
        return scoped(key, [&] { return quantity_map(v, f.status_capacity); });
      }
      return true;
    });
  }

  bool resources(node& n, std::optional<quantity>& requested) {
    if (!expect_object(n)) return false;
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (key == "requests") return scoped(key, [&] { return quantity_map(v, requested); });
      if (key == "limits") {
        std::optional<quantity> ignored;
        return scoped(key, [&] { return quantity_map(v, ignored); });
      }
      return true;
    });
  }

  bool object_reference_field(node& n, std::optional<object_reference>& out) {
    const node_type t = a_.type(n);
    if (t == node_type::null) {
      out.reset();
      return true;
    }
    if (!expect_object(n)) return false;
    out.emplace();
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (key == "namespace") return string_field(key, v, out->namespace_);
      if (key == "name") return string_field(key, v, out->name);
      if (key == "uid") return unkept_string_field(key, v);  // checked as Kubernetes decodes it (object_reference)
      return true;
    });
  }

  // ---- volumes ------------------------------------------------------------------------------

  /// spec.containers: the names in volumeMounts and volumeDevices (Velero's pod volume
  /// backupper looks at these only, not at initContainers).
  bool containers(node& n, object_fields& f) {
    return each_element(n, [&](node& c) {
      if (!expect_object(c)) return false;
      return a_.fields(c, [&](std::string_view key, node& v) {
        if (key == "volumeMounts") return scoped(key, [&] { return names_of(v, f.mounted_volumes); });
        if (key == "volumeDevices") return scoped(key, [&] { return names_of(v, f.device_volumes); });
        return true;
      });
    });
  }

  /// The `name` of each object of an array.
  bool names_of(node& n, std::vector<std::string>& out) {
    return each_element(n, [&](node& e) {
      if (!expect_object(e)) return false;
      return a_.fields(e, [&](std::string_view key, node& v) {
        if (key != "name") return true;
        out.emplace_back();
        return string_field(key, v, out.back());
      });
    });
  }

  bool pod_volumes(node& n, std::vector<pod_volume>& out) {
    return each_element(n, [&](node& e) {
      out.emplace_back();
      return pod_volume_entry(e, out.back());
    });
  }

 public:
  /// One entry of pod.spec.volumes: its name and sources.
  bool pod_volume_entry(node& n, pod_volume& out) {
    if (!expect_object(n)) return false;
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (key == "name") return string_field(key, v, out.name);
      if (const auto s = volume_source_from_field(key)) return scoped(key, [&] { return source(*s, v, out.sources); });
      return true;
    });
  }

 private:
  bool source(volume_source s, node& n, volume_sources& out) {
    const node_type t = a_.type(n);
    if (t == node_type::null) return true;  // a nil pointer in Go: the source is not set
    if (t != node_type::object) return wrong_type(n, t, "an object");
    out.set(s);
    switch (s) {
      case volume_source::nfs: return nfs(n, out.edit_nfs());
      case volume_source::csi: return csi(n, out.edit_csi());
      case volume_source::persistent_volume_claim:
        return a_.fields(n, [&](std::string_view key, node& v) {
          if (key == "claimName") return string_field(key, v, out.claim_name);
          if (key == "readOnly") return bool_field(key, v, out.claim_read_only);
          return true;
        });
      case volume_source::host_path:
      case volume_source::local: return checked_string(n, "path");
      case volume_source::secret: return checked_string(n, "secretName");
      case volume_source::aws_elastic_block_store: return disk_id(n, "volumeID", out, true);
      case volume_source::gce_persistent_disk:
        return disk_id(n, "pdName", out, !out.has(volume_source::aws_elastic_block_store));
      case volume_source::azure_disk:
        return disk_id(n, "diskName", out,
                       !out.has(volume_source::aws_elastic_block_store) &&
                           !out.has(volume_source::gce_persistent_disk));
      case volume_source::ephemeral:
        return a_.fields(n, [&](std::string_view key, node& v) {
          if (key == "volumeClaimTemplate" && a_.type(v) != node_type::null) out.ephemeral_has_template = true;
          return true;
        });
      default: return true;
    }
  }

  /// Checks that `field` of the source, when present, is a string; its value is not kept
  /// (hostPath.path, secret.secretName: no Velero code volpol mirrors reads them).
  bool checked_string(node& n, std::string_view field) {
    return a_.fields(n, [&](std::string_view key, node& v) { return key != field || unkept_string_field(key, v); });
  }

  /// The cloud disk's id into `volume_id` (awsElasticBlockStore before gcePersistentDisk before
  /// azureDisk when a generated object sets several).
  bool disk_id(node& n, std::string_view field, volume_sources& out, bool keep) {
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (key != field) return true;
      std::string id;
      if (!string_field(key, v, id)) return false;
      if (keep) out.set_volume_id(id);
      return true;
    });
  }

  bool nfs(node& n, nfs_source& out) {
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (key == "server") return string_field(key, v, out.server);
      if (key == "path") return string_field(key, v, out.path);
      if (key == "readOnly") return bool_field(key, v, out.read_only);
      return true;
    });
  }

  bool csi(node& n, csi_source& out) {
    return a_.fields(n, [&](std::string_view key, node& v) {
      if (key == "driver") return string_field(key, v, out.driver);
      if (key == "volumeHandle") return string_field(key, v, out.volume_handle);
      if (key == "fsType") return string_field(key, v, out.fs_type);
      if (key == "volumeAttributes")
        return scoped(key, [&] { return string_map_field(v, out.volume_attributes, annotation_filter::all); });
      return true;
    });
  }

  diagnostic error_at(node& n, const object_fields& f, object_kind k, std::string message) {
    diagnostic d;
    a_.locate(n, d.where);
    d.where.path = path_.render();
    d.object = identity(f, k);
    d.message = std::move(message);
    return d;
  }

  static source_location origin_location(const object_origin& o, source_location w) {
    if (o.line > 0) {
      w.line = o.line;
      w.column = 0;
    } else {
      w.offset = o.offset;
    }
    return w;
  }

  void report(node& n, const object_fields& f, object_kind k, std::string message) {
    sink_.problem(error_at(n, f, k, std::move(message)));
  }

  /// The tree broke (a syntax error) inside a list: report it once, unless an item did.
  void report_broken(node& n, const object_fields& f, int) {
    if (failed_ || dead_reported_) return;
    report(n, f, object_kind::unknown, a_.parse_error());
    dead_reported_ = true;
  }

  /// Lists nested beyond max_depth: reported, not read (the rest of the document is).
  bool too_deep(node& n, int depth) {
    report(n, fields_at(depth), object_kind::unknown,
           fmt::format("lists or arrays nested more than {} deep are not read", options_.max_depth));
    return true;
  }

  object_fields& fields_at(int depth) {
    while (static_cast<int>(fields_.size()) <= depth) fields_.push_back(std::make_unique<object_fields>());
    pending_identity_ = fields_[depth].get();
    return *fields_[depth];
  }

  object_sink& sink_;
  std::vector<std::unique_ptr<object_fields>> fields_;
  bool dead_reported_ = false;  ///< the tree broke and that was reported
};

}  // namespace volpol::k8s::detail
