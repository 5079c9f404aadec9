// volpol/core/diagnostic.h — where a problem is and what it is (result<T>: result.h).
//
// Every layer reports problems as `diagnostic` values, never by throwing across a
// public API. A diagnostic says where (file, 1-based line and column, path inside
// the document, Kubernetes object) and what (a message and optional help).
//
//     policy.yaml:7:9: volumePolicies[1].conditions: unknown condition `storageClas`
//       help: did you mean `storageClass`?
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace volpol {

/// Where in an input a diagnostic points. Every field is optional: an empty
/// `file` means "not from a file" (text given in memory), `line == 0` means the
/// format has no lines (or the position is unknown).
struct source_location {
  std::string file;          ///< path as the user gave it; "-" for stdin
  std::uint32_t line = 0;    ///< 1-based; 0 = unknown
  std::uint32_t column = 0;  ///< 1-based; 0 = unknown
  std::uint64_t offset = 0;  ///< byte offset, for formats without lines (JSON); valid when has_offset
  bool has_offset = false;
  std::string path;  ///< path inside the document: `volumePolicies[2].conditions.capacity`
};

enum class severity : std::uint8_t { error, warning };

/// One problem found in an input.
struct diagnostic {
  severity level = severity::error;
  source_location where;
  std::string object;   ///< `kind namespace/name` (or `kind name` for cluster-scoped) when known
  std::string message;  ///< lower-case start, no final period, user input in backticks
  std::string help;     ///< "did you mean `storageClass`?"; may be empty
  /// What kind of problem, as the layer that found it classifies it: a value of that layer's
  /// `problem` enum (helper::problem, ...), 0 when unclassified. Code that must tell problems
  /// apart branches on this, never on `message`.
  std::uint16_t kind = 0;

  /// `file:line:column: path: object: message` — parts that are unknown are left out. Every
  /// part is escaped (escape_text): input bytes never reach a terminal raw.
  [[nodiscard]] std::string to_string() const;
};

/// `text` safe to print: C0 and C1 control characters and DEL become `\xNN` / `\u0085`, each
/// byte that is not part of valid UTF-8 becomes `\xNN`, a backslash stays a backslash. With
/// `keep_newlines`, `\n` and `\t` are kept (a message's own line breaks). Text without such
/// bytes is returned unchanged. Used by diagnostic::to_string on every part.
[[nodiscard]] std::string escape_text(std::string_view text, bool keep_newlines = false);

/// `text` percent-encoded (RFC 3986): unreserved characters (letters, digits, `-._~`) and those
/// in `keep` as they are, every other byte as %XX. For a URI's path (keep "/") or a query value.
[[nodiscard]] std::string percent_encoded(std::string_view text, std::string_view keep = {});

/// Whether `text` is valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
[[nodiscard]] bool is_valid_utf8(std::string_view text);

/// Length (1-4) of the valid UTF-8 sequence starting at `text[i]` (`i < text.size()`), or 0 when
/// the byte there starts none: Go's `utf8.DecodeRuneInString` returning `RuneError`, width 1.
[[nodiscard]] std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

/// Several problems: collect every one, stop only where you must.
class diagnostics {
 public:
  void add(diagnostic d) { items_.push_back(std::move(d)); }
  void append(const diagnostics& other) { items_.insert(items_.end(), other.items_.begin(), other.items_.end()); }
  [[nodiscard]] bool has_errors() const {
    for (const auto& d : items_)
      if (d.level == severity::error) return true;
    return false;
  }
  [[nodiscard]] std::size_t size() const { return items_.size(); }
  [[nodiscard]] bool empty() const { return items_.empty(); }
  [[nodiscard]] const std::vector<diagnostic>& items() const { return items_; }
  /// The problems, moved out (this is left empty).
  [[nodiscard]] std::vector<diagnostic> take() { return std::move(items_); }
  [[nodiscard]] auto begin() const { return items_.begin(); }
  [[nodiscard]] auto end() const { return items_.end(); }

 private:
  std::vector<diagnostic> items_;
};

/// Convenience: an error diagnostic with only a message (and optionally a path).
[[nodiscard]] inline diagnostic make_error(std::string message, std::string path = {}) {
  diagnostic d;
  d.message = std::move(message);
  d.where.path = std::move(path);
  return d;
}

}  // namespace volpol
