// Private to the verify layer: escaping for the JSON and XML it writes.
#pragma once

#include <string>
#include <string_view>

namespace volpol::verify::detail {

/// `s` as a JSON string, quotes included.
void append_json_string(std::string& out, std::string_view s);
[[nodiscard]] std::string json_string(std::string_view s);
/// `s` with XML's five special characters escaped (and other control characters dropped).
[[nodiscard]] std::string xml_escape(std::string_view s);

}  // namespace volpol::verify::detail
