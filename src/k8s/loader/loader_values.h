// loader_values.h (private) — the reads under the schema of loader_reader.h: strings,
// booleans, lists, string maps and quantities, with Kubernetes' typing and leniency, and the
// errors they give (path, location, object). Shared by the JSON and YAML adapters.
#pragma once

#include <fmt/format.h>

#include <array>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loader_fields.h"
#include "volpol/core/result.h"
#include "volpol/k8s/loader.h"
#include "volpol/k8s/quantity.h"

namespace volpol::k8s::detail {

enum class node_type : std::uint8_t { null, object, array, string, number, boolean, invalid };

[[nodiscard]] inline std::string_view type_name(node_type t) {
  switch (t) {
    case node_type::null: return "null";
    case node_type::object: return "an object";
    case node_type::array: return "an array";
    case node_type::string: return "a string";
    case node_type::number: return "a number";
    case node_type::boolean: return "a boolean";
    default: return "invalid";
  }
}

struct read_options {
  /// Which annotations to keep (loader.h, load_options::annotations).
  annotation_filter annotations = annotation_filter::all;
  /// How many lists may nest (a List inside a List ...) before the reader refuses.
  int max_depth = 8;
  /// YAML: parse Pods, PVCs and PVs with their unread fields blanked (loader.h,
  /// load_options::blank_unread_yaml; yaml_unread_fields.h).
  bool blank_unread_yaml = true;
};

inline constexpr std::string_view last_applied_annotation = "kubectl.kubernetes.io/last-applied-configuration";

/// Whether `filter` keeps the annotation `key`.
[[nodiscard]] inline bool keeps(annotation_filter filter, std::string_view key) {
  switch (filter) {
    case annotation_filter::all: return true;
    case annotation_filter::drop_last_applied: return key != last_applied_annotation;
    case annotation_filter::velero: {
      // The CSI plugin also reads the default-class annotation of a VolumeSnapshotClass.
      if (key == "snapshot.storage.kubernetes.io/is-default-class") return true;
      const std::string_view domain = key.substr(0, key.find('/'));
      return domain.size() < key.size() && (domain == "velero.io" || domain.ends_with(".velero.io"));
    }
  }
  return true;
}

/// The path inside the document, for messages: `spec.volumes[2].nfs.server`.
class path_stack {
 public:
  void push(std::string_view key) { add({key, 0, false}); }
  void push(std::size_t index) { add({{}, index, true}); }
  void pop() {
    if (size_ > in_place) deeper_.pop_back();
    --size_;
  }
  void clear() {
    size_ = 0;
    deeper_.clear();
  }
  [[nodiscard]] std::string render() const {
    std::string out;
    for (std::size_t i = 0; i < size_; ++i) {
      const seg& s = at(i);
      if (s.is_index) {
        out += fmt::format("[{}]", s.index);
      } else {
        if (!out.empty()) out += '.';
        out += s.key;
      }
    }
    return out;
  }

 private:
  struct seg {
    std::string_view key;
    std::size_t index;
    bool is_index;
  };
  // The first segments in place: a reader is made per object, and a heap vector grown from
  // empty for each was 4 allocations an object.
  static constexpr std::size_t in_place = 16;
  [[nodiscard]] const seg& at(std::size_t i) const { return i < in_place ? first_[i] : deeper_[i - in_place]; }
  void add(const seg& s) {
    if (size_ < in_place) {
      first_[size_] = s;
    } else {
      deeper_.push_back(s);
    }
    ++size_;
  }
  std::size_t size_ = 0;
  std::array<seg, in_place> first_;
  std::vector<seg> deeper_;
};

/// Reads values through the adapter A (see loader_reader.h); remembers the first error.
template <class A>
class value_reader {
 public:
  using node = typename A::node;

  value_reader(A& adapter, read_options options) : a_(adapter), options_(options) {}

  /// The diagnostic of the last failed read.
  diagnostic take_error() {
    failed_ = false;
    return std::move(error_);
  }

 protected:
  /// Out is std::string or compact_string.
  template <class Out>
  bool string_field(std::string_view key, node& v, Out& out) {
    return scoped(key, [&] { return string_value(v, out); });
  }

  /// A string field whose value is not kept: its type is checked as a kept one's (a claimRef's
  /// uid, secret.secretName, hostPath.path), so the same input is rejected.
  bool unkept_string_field(std::string_view key, node& v) {
    std::string unused;
    return string_field(key, v, unused);
  }

  template <class Out>
  bool string_value(node& v, Out& out) {
    const node_type t = a_.type(v);
    if (t == node_type::null) {
      out.clear();
      return true;
    }
    if (!is_text(t)) return wrong_type(v, t, "a string");
    std::string_view s;
    if (!a_.text(v, s)) return parse_failure(v);
    out = s;
    return true;
  }

  bool optional_string_field(std::string_view key, node& v, std::optional<std::string>& out) {
    return scoped(key, [&] {
      if (a_.type(v) == node_type::null) {
        out.reset();
        return true;
      }
      if (!out) out.emplace();
      return string_value(v, *out);
    });
  }

  bool bool_field(std::string_view key, node& v, bool& out) {
    return scoped(key, [&] {
      const node_type t = a_.type(v);
      if (t == node_type::null) return true;
      if (t != node_type::boolean) return wrong_type(v, t, "a boolean");
      if (!a_.boolean(v, out)) return parse_failure(v);
      return true;
    });
  }

  bool string_list(node& n, std::vector<std::string>& out) {
    out.clear();
    return each_element(n, [&](node& e) {
      out.emplace_back();
      return string_value(e, out.back());
    });
  }

  bool string_map_field(node& n, string_map& out, annotation_filter filter) {
    const node_type t = a_.type(n);
    if (t == node_type::null) {
      out = string_map{};
      return true;
    }
    if (t != node_type::object) return wrong_type(n, t, "an object");
    string_map::builder& entries = map_scratch_;  // reused: no growth per map
    entries.clear();
    const bool ok = a_.entries(n, [&](std::string_view key, node& v) {
      if (!keeps(filter, key)) return true;
      // `key` stays valid while the value is read: simdjson unescapes keys and strings into
      // the document's append-only buffer; the YAML adapters' keys are nodes of the document.
      return scoped(key, [&] {
        if (!string_value(v, value_scratch_)) return false;
        entries.add(key, value_scratch_);
        return true;
      });
    });
    if (!ok) return false;
    out = entries.build();
    return true;
  }

  /// A map of quantities (capacity, requests, limits): every value must parse, as it must for
  /// `map[ResourceName]resource.Quantity`; `storage` goes to `storage`.
  bool quantity_map(node& n, std::optional<quantity>& storage) {
    const node_type t = a_.type(n);
    if (t == node_type::null) return true;
    if (t != node_type::object) return wrong_type(n, t, "an object");
    return a_.entries(n, [&](std::string_view key, node& v) {
      return scoped(key, [&] {
        quantity q;
        if (!quantity_value(v, q)) return false;
        if (key == "storage") storage = std::move(q);
        return true;
      });
    });
  }

  bool quantity_value(node& v, quantity& out) {
    const node_type t = a_.type(v);
    if (t == node_type::null) {
      out = quantity{};
      return true;
    }
    std::string_view text;
    if (t == node_type::number) {
      if (!a_.number_text(v, text)) return parse_failure(v);
    } else if (t == node_type::string || (A::scalars_are_strings && is_text(t))) {
      if (!a_.text(v, text)) return parse_failure(v);
    } else {
      return wrong_type(v, t, "a quantity string");
    }
    auto q = quantity::parse(text);
    if (const diagnostic* e = q.error()) return fail(v, e->message);  // names the text: "invalid quantity `10Gx`: ..."
    out = std::move(q).value();
    return true;
  }

  /// f(element) for each element of an array (null: none), with `[i]` in the path.
  template <class F>
  bool each_element(node& n, F&& f) {
    const node_type t = a_.type(n);
    if (t == node_type::null) return true;
    if (t != node_type::array) return wrong_type(n, t, "an array");
    std::size_t i = 0;
    path_.push(i);
    const bool ok = a_.elements(n, [&](node& e) {
      path_.pop();
      path_.push(i++);
      return f(e);
    });
    path_.pop();
    return ok;
  }

  static bool is_text(node_type t) {
    if (t == node_type::string) return true;
    return A::scalars_are_strings && (t == node_type::number || t == node_type::boolean);
  }

  bool expect_object(node& n) {
    const node_type t = a_.type(n);
    return t == node_type::object || t == node_type::null ? true : wrong_type(n, t, "an object");
  }

  bool wrong_type(node& n, node_type got, std::string_view expected) {
    if (got == node_type::invalid) return parse_failure(n);
    return fail(n, fmt::format("expected {}, got {}", expected, type_name(got)));
  }

  bool parse_failure(node& n) { return fail(n, a_.parse_error()); }

  bool fail(node& n, std::string message) {
    if (failed_) return false;
    failed_ = true;
    error_ = diagnostic{};
    a_.locate(n, error_.where);
    error_.where.path = path_.render();
    error_.message = std::move(message);
    error_.object = pending_identity_ ? identity(*pending_identity_, kind_from_name(pending_identity_->kind)) : "";
    return false;
  }

  template <class F>
  bool scoped(std::string_view key, F&& f) {
    path_.push(key);
    const bool ok = f();
    path_.pop();
    return ok;
  }

  A& a_;
  read_options options_;
  path_stack path_;
  const object_fields* pending_identity_ = nullptr;  ///< the object being read, for messages
  bool failed_ = false;                              ///< error_ holds the current error
  diagnostic error_;
  string_map::builder map_scratch_;
  std::string value_scratch_;
};

}  // namespace volpol::k8s::detail
