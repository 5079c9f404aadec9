// Private to the verify layer: escaping for the JSON and XML it writes.
#pragma once

#include <string>
#include <string_view>

#include "volpol/k8s/json_text.h"

namespace volpol::verify::detail {

using volpol::append_json_string;  // JSON string literals (k8s/json_text.h)
using volpol::json_string;
/// `s` with XML's five special characters escaped (and other control characters dropped).
[[nodiscard]] std::string xml_escape(std::string_view s);
/// `s`, or "none" when it is empty (a missing value in a report).
[[nodiscard]] inline std::string or_none(const std::string& s) { return s.empty() ? std::string("none") : s; }

}  // namespace volpol::verify::detail
