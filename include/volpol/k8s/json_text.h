// volpol/k8s/json_text.h — a string as a JSON string literal, for every JSON writer (plan,
// explain, lint, test/diff/audit reports).
#pragma once

#include <string>
#include <string_view>

namespace volpol {

/// Appends `s` to `out` as a JSON string literal: `"`, `\`, newline, return and tab escaped
/// by name, other bytes below 0x20 as \u00XX. Text that is not valid UTF-8 (a file name from
/// the command line) is first escaped with escape_text (diagnostic.h), so the output is always
/// valid JSON. Never fails; allocates only when `out` grows.
void append_json_string(std::string& out, std::string_view s);

/// The same, as a new string: json_string("a\"b") == "\"a\\\"b\"".
[[nodiscard]] std::string json_string(std::string_view s);

}  // namespace volpol
