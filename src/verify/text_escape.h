// Private to the verify layer: escaping for the JSON, XML and YAML it writes.
#pragma once

#include <string>
#include <string_view>

#include "volpol/detail/json_text.h"

namespace YAML {
class Node;
}  // namespace YAML

namespace volpol::verify::detail {

using volpol::append_json_string;  // JSON string literals (k8s/json_text.h)
using volpol::json_string;
/// `s` with XML's five special characters escaped, other control characters dropped, and each
/// byte that starts no UTF-8 sequence written as U+FFFD (XML must be well-formed UTF-8).
[[nodiscard]] std::string xml_escape(std::string_view s);
/// `n` as YAML text (yaml-cpp's emitter, no final newline), as it was read: scalars quoted in
/// the text stay quoted (`"007"` is not 7), flow collections stay flow but the outermost. yaml-cpp writes a DEL (0x7F)
/// raw inside a double-quoted scalar, which YAML does not allow (libyaml and PyYAML refuse the text): when the text
/// would hold one, it is written with every byte past 0x7E escaped
/// (`"\x7F"`, `"\xE9"`) instead.
[[nodiscard]] std::string yaml_text(const YAML::Node& n);
/// `s`, or "none" when it is empty (a missing value in a report).
[[nodiscard]] inline std::string or_none(const std::string& s) { return s.empty() ? std::string("none") : s; }

}  // namespace volpol::verify::detail
