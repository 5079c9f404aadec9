// src/k8s/quantity_errors.h — the diagnostics quantity::parse reports. Internal to the k8s
// layer (not installed).
//
// Kubernetes has three errors (quantity.go): ErrFormatWrong ("quantities must match the
// regular expression ..."), ErrSuffix ("unable to parse quantity's suffix") and ErrNumeric
// ("unable to parse numeric part of quantity"). volpol reports the same cases, each with
// the input in backticks, what is wrong and what was expected:
//     invalid quantity `1 Gi`: unexpected ` ` at position 2, expected a number with an
//     optional suffix, such as `10Gi`, `1.5G`, `500m` or `1e3`
#pragma once

#include <string>
#include <string_view>

#include "quantity_scan.h"
#include "volpol/core/diagnostic.h"

namespace volpol::k8s::detail {

/// `text` ready to go between backticks: control characters escaped ("\n", "\x01"),
/// text longer than 64 bytes cut to its first 61 and "...".
[[nodiscard]] std::string quote_input(std::string_view text);

/// ErrFormatWrong for "": "empty quantity ``, expected a number ...".
[[nodiscard]] diagnostic empty_quantity_error();

/// ErrFormatWrong from the scanner (`scan.bad` set): an unknown suffix when digits are
/// followed by letters only ("1KB"), else the unexpected character and its 1-based
/// position ("1 Gi", "abc").
[[nodiscard]] diagnostic format_error(std::string_view text, const scanned_quantity& scan);

/// ErrSuffix: an exponent out of int64 range ("e99999999999999999999"), a malformed one
/// ("e-", "e+"), or an unknown suffix ("ki", "ee3"), with a "did you mean `Ki`?" help for
/// a case or unit slip.
[[nodiscard]] diagnostic suffix_error(std::string_view text, std::string_view suffix);

/// ErrNumeric: no digit before a suffix that needs one ("Pi", "-Ei", "e-10").
[[nodiscard]] diagnostic no_digits_error(std::string_view text, std::string_view suffix);

}  // namespace volpol::k8s::detail
