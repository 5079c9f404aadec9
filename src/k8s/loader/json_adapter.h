// json_adapter.h (private) — the loader_reader.h adapter over simdjson On-Demand values.
//
// Strict like encoding/json into typed structs: a string field takes only a JSON string, a
// boolean only true/false; a quantity takes a string or a number (resource.Quantity's
// UnmarshalJSON accepts both). Positions are byte offsets in the stream.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>

#include "loader_reader.h"
#include "volpol/detail/shared_string.h"

namespace volpol::k8s::detail {

/// A short message for a simdjson error ("invalid JSON: unclosed string").
[[nodiscard]] std::string json_error_message(simdjson::error_code e, std::uint32_t max_depth = 512);

/// `kind namespace/name` of a JSON object, best effort, for an error that came before the
/// reader saw metadata (the failure path only: parses `text` again with `parser`).
[[nodiscard]] std::string recover_identity(simdjson::ondemand::parser& parser, simdjson::padded_string_view text);

struct json_adapter {
  using node = simdjson::ondemand::value;
  static constexpr bool scalars_are_strings = false;

  simdjson::ondemand::document* doc = nullptr;
  const char* base = nullptr;     ///< the parsed text's first byte
  std::size_t length = 0;         ///< the parsed text's length
  std::uint64_t base_offset = 0;  ///< stream offset of `base`
  shared_string file;
  std::uint32_t max_depth = 512;                   ///< simdjson's depth limit, for its DEPTH_ERROR message
  simdjson::error_code error = simdjson::SUCCESS;  ///< the first syntax error met

  /// The raw key text (keys of Kubernetes fields have no escapes; a key written with escapes
  /// reads as an unknown field).
  static std::string_view raw_key(simdjson::ondemand::raw_json_string key) {
    const char* start = key.raw();
    const char* p = start;
    while (*p != '"') p += (*p == '\\') ? 2 : 1;
    return {start, static_cast<std::size_t>(p - start)};
  }

  bool fail(simdjson::error_code e) {
    if (error == simdjson::SUCCESS) error = e;
    return false;
  }

  node_type type(node& n) {
    simdjson::ondemand::json_type t;
    if (auto e = n.type().get(t)) {
      fail(e);
      return node_type::invalid;
    }
    switch (t) {
      case simdjson::ondemand::json_type::object: return node_type::object;
      case simdjson::ondemand::json_type::array: return node_type::array;
      case simdjson::ondemand::json_type::string: return node_type::string;
      case simdjson::ondemand::json_type::number: return node_type::number;
      case simdjson::ondemand::json_type::boolean: return node_type::boolean;
      case simdjson::ondemand::json_type::null: return node_type::null;
    }
    return node_type::invalid;
  }

  template <class F>
  bool fields(node& n, F&& f) {
    simdjson::ondemand::object obj;
    if (auto e = n.get_object().get(obj)) {
      bool null = false;
      if (e == simdjson::INCORRECT_TYPE && !n.is_null().get(null) && null) return true;
      return fail(e);
    }
    for (auto r : obj) {
      simdjson::ondemand::field fld;
      if (auto e = std::move(r).get(fld)) return fail(e);
      if (!f(raw_key(fld.key()), fld.value())) return false;
    }
    return true;
  }

  /// fields(), after `on_kind(value)` for the object's `kind` field wherever it stands (the
  /// object is searched for it first, then read again from its start): every kind is read
  /// whole in any key order (kubectl prints keys in alphabetical order, `driver` before
  /// `kind`). `on_kind` is not called when there is no `kind`; `f` sees `kind` again.
  template <class K, class F>
  bool fields_kind_first(node& n, K&& on_kind, F&& f) {
    simdjson::ondemand::object obj;
    if (auto e = n.get_object().get(obj)) {
      bool null = false;
      if (e == simdjson::INCORRECT_TYPE && !n.is_null().get(null) && null) return true;
      return fail(e);
    }
    auto found = obj.find_field_unordered("kind");
    if (found.error() == simdjson::SUCCESS) {
      if (!on_kind(found.value_unsafe())) return false;
    } else if (found.error() != simdjson::NO_SUCH_FIELD) {
      return fail(found.error());
    }
    bool has_fields = false;
    if (auto e = obj.reset().get(has_fields)) return fail(e);
    for (auto r : obj) {
      simdjson::ondemand::field fld;
      if (auto e = std::move(r).get(fld)) return fail(e);
      if (!f(raw_key(fld.key()), fld.value())) return false;
    }
    return true;
  }

  template <class F>
  bool entries(node& n, F&& f) {
    simdjson::ondemand::object obj;
    if (auto e = n.get_object().get(obj)) return fail(e);
    for (auto r : obj) {
      simdjson::ondemand::field fld;
      if (auto e = std::move(r).get(fld)) return fail(e);
      std::string_view key;
      if (auto e = fld.unescaped_key().get(key)) return fail(e);
      if (!f(key, fld.value())) return false;
    }
    return true;
  }

  template <class F>
  bool elements(node& n, F&& f) {
    simdjson::ondemand::array arr;
    if (auto e = n.get_array().get(arr)) return fail(e);
    for (auto r : arr) {
      simdjson::ondemand::value v;
      if (auto e = std::move(r).get(v)) return fail(e);
      if (!f(v)) return false;
    }
    return true;
  }

  bool text(node& n, std::string_view& out) {
    if (auto e = n.get_string().get(out)) return fail(e);
    return true;
  }

  bool number_text(node& n, std::string_view& out) {
    out = n.raw_json_token();
    while (!out.empty() && (out.back() == ' ' || out.back() == '\n' || out.back() == '\r' || out.back() == '\t'))
      out.remove_suffix(1);
    return true;
  }

  bool boolean(node& n, bool& out) {
    if (auto e = n.get_bool().get(out)) return fail(e);
    return true;
  }

  /// Stream offset of the parser's current position.
  [[nodiscard]] std::uint64_t offset_now() const {
    const char* p = nullptr;
    if (doc == nullptr || doc->current_location().get(p) || p < base || p > base + length) return base_offset + length;
    return base_offset + static_cast<std::uint64_t>(p - base);
  }

  /// Where value `n` starts (its first byte: a quote, a bracket, a digit), even after it was
  /// read: a problem with a value (a wrong type, an invalid quantity) points at the value, not
  /// at what follows it. After a JSON syntax error: where the parser stopped.
  void locate(node& n, source_location& where) const {
    where.file = std::string(file);
    const char* p = alive() ? n.raw_json_token().data() : nullptr;  // from the token index: valid once read
    where.offset = p != nullptr && p >= base && p < base + length ? base_offset + static_cast<std::uint64_t>(p - base)
                                                                  : offset_now();
    where.has_offset = true;
  }

  object_origin origin(node&) const {
    object_origin o;
    o.file = file;  // shared, not copied
    o.offset = offset_now();
    return o;
  }

  [[nodiscard]] bool alive() const { return error == simdjson::SUCCESS; }
  [[nodiscard]] std::string parse_error() const { return json_error_message(error, max_depth); }
};

}  // namespace volpol::k8s::detail
