// src/k8s/quantity_scan.h — splitting a quantity string into sign, number and suffix, and
// reading the suffix. Internal to the k8s layer (not installed).
//
// Mirrors quantity.go `parseQuantityString` (a hand-written scanner, not the regular
// expression its error message quotes) and suffix.go `interpret`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "volpol/k8s/quantity.h"

namespace volpol::k8s::detail {

/// An ASCII decimal digit (what the quantity grammar calls a digit).
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// What `parseQuantityString` returns, as views into the scanned text.
struct scanned_quantity {
  bool negative = false;    ///< a leading '-'
  bool has_digit = false;   ///< the number holds a digit: what inf.Dec.SetString needs
  std::string_view num;     ///< integer digits with leading zeros removed ("" for 0, "", ".5")
  std::string_view denom;   ///< fraction digits ("" when none, "1." included)
  std::string_view suffix;  ///< everything after the number
  /// Where the scan stopped on a character no quantity has (ErrFormatWrong): its byte
  /// offset; npos when the text scanned.
  std::size_t bad = std::string_view::npos;
};

/// Splits `text`: optional sign, leading zeros, digits, optional '.' and digits, then the
/// suffix: letters from "eEinumkKMGTP", an optional sign, digits. Any other character
/// there sets `bad`. Mirrors `parseQuantityString`; never fails otherwise.
///     scan_quantity("-1.5Gi")  // {negative, num "1", denom "5", suffix "Gi"}
///     scan_quantity("1 Gi")    // bad = 1
[[nodiscard]] scanned_quantity scan_quantity(std::string_view text);

/// A suffix, read.
struct quantity_suffix {
  int base = 10;              ///< 10 or 2
  std::int32_t exponent = 0;  ///< power of `base`: "k" 3, "Mi" 20, "e-6" -6
  quantity_format format = quantity_format::decimal_si;
};

/// Reads a suffix as suffix.go `interpret` does: the decimal SI and binary SI tables, else
/// 'e' or 'E' followed by an integer (strconv.ParseInt base 10, 64 bits: sign, leading
/// zeros allowed), truncated to int32 as `int32(parsed)` does.
///     interpret_suffix("Ki")            // {2, 10, binary_si}
///     interpret_suffix("E")             // {10, 18, decimal_si}   (exa, not an exponent)
///     interpret_suffix("e+3")           // {10, 3, decimal_exponent}
///     interpret_suffix("e4294967297")   // {10, 1, decimal_exponent}
/// @return nullopt for anything else (ErrSuffix): "ki", "e", "e-", "ee3", "e9223372036854775808".
[[nodiscard]] std::optional<quantity_suffix> interpret_suffix(std::string_view suffix);

/// Go `strconv.ParseInt(text, 10, 64)`: optional sign, then at least one digit, in range.
[[nodiscard]] std::optional<std::int64_t> parse_go_int64(std::string_view text);

}  // namespace volpol::k8s::detail
