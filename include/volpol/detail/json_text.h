// volpol/detail/json_text.h — a string as a JSON string literal: the one home of JSON quoting.
// volpol's own (plan, explain, lint, test/diff/audit reports) and Go's (what Velero and the
// API server write: BackupVolumeInfo, AdmissionReview responses, serve's logs).
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

/// Whether Go's writer escapes `<`, `>` and `&` (json.Marshal and a json.Encoder do by default;
/// `Encoder.SetEscapeHTML(false)` turns it off).
enum class go_escape_html : bool { no, yes };

/// Appends `s` to `out` as Go's encoding/json writes a string (encode.go `appendString`):
/// `"`, `\`, `\b`, `\f`, `\n`, `\r`, `\t` by name, other bytes below 0x20 as \u00XX, `<` `>` `&` as
/// \u003c \u003e \u0026 when `html` is yes, U+2028 and U+2029 as \u2028 \u2029, and each byte
/// that starts no valid UTF-8 sequence as \ufffd. Never fails.
void append_go_json_string(std::string& out, std::string_view s, go_escape_html html = go_escape_html::yes);

/// The same, as a new string: go_json_string("a<b") == "\"a\\u003cb\"".
[[nodiscard]] std::string go_json_string(std::string_view s, go_escape_html html = go_escape_html::yes);

}  // namespace volpol
