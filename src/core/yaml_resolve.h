// src/core/yaml_resolve.h — internal: how Go's yaml.v3 types a plain scalar and prints a float.
// Shared by value.cpp (rendering) and value_yaml.cpp (decoding). Not a public header.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace volpol::detail {

enum class scalar_kind : std::uint8_t { null, boolean, integer, floating, string };

/// A scalar typed as yaml.v3 `resolve("", text)` types an unquoted, untagged scalar.
struct resolved_scalar {
  scalar_kind kind = scalar_kind::string;
  bool b = false;
  std::int64_t i = 0;
  double d = 0;
};

/// Mirrors go-yaml v3 resolve.go `resolve` for plain scalars (see value_from_yaml in value.h).
[[nodiscard]] resolved_scalar resolve_plain_scalar(std::string_view text);

/// Go `strconv.FormatFloat(d, 'g', -1, 64)` with yaml.v3's spellings of the specials:
/// `.inf`, `-.inf`, `.nan`.
[[nodiscard]] std::string go_format_float(double d);

}  // namespace volpol::detail
