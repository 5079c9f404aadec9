// api_list_parse.h (private) — what volpol reads of a list page besides its items, of a
// continue token, and a gzip page's inflating (src/k8s/api_list.cpp; fuzzed by
// fuzz/fuzz_api_list.cpp).
#pragma once

#include <zlib.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace volpol::k8s::detail {

/// A list's metadata (ListMeta) as a page carries it.
struct list_meta {
  std::string continue_token, resource_version;
};

/// Whether `head` (a page's first bytes) holds the whole ListMeta before `items`.
bool metadata_first(std::string_view head);

/// The list's metadata from the first (`head`) and last (`tail`) bytes of a page: the API server
/// writes ListMeta before `items`; a server that sorts keys writes it last. False when neither
/// holds a whole `metadata` object.
bool list_metadata(std::string_view head, std::string_view tail, list_meta& out);

/// The key a continue token says the next page starts at (`NAMESPACE/NAME\0` or `NAME\0`,
/// relative to the list's key prefix): the token is base64url of
/// {"v":"meta.k8s.io/v1","rv":N,"start":KEY} (k8s.io/apiserver/pkg/storage/continue.go
/// EncodeContinue). nullopt when it is not such a token.
std::optional<std::string> continue_start(std::string token);

/// The items of a whole page whose key (NAMESPACE/NAME or NAME) is not before `start`, as one
/// JSON List ("" when none). `passed` becomes true at the first such item (and then every later
/// item is kept); `ok` is false when the page is not a JSON object with an `items` array.
std::string items_from(std::string_view page, const std::string& start, bool& passed, bool& ok);

/// A gzip body (a page sent with `Content-Encoding: gzip`) inflated with zlib as it arrives,
/// in pieces of at most 256 KiB. One or more gzip members (RFC 1952).
class gunzip {
 public:
  gunzip();
  ~gunzip();
  gunzip(const gunzip&) = delete;
  gunzip& operator=(const gunzip&) = delete;

  /// Inflates the `n` bytes at `at`, handing each inflated piece to `sink`. False when the
  /// bytes are not gzip (`error()` says why; every later call fails too) or `sink` said stop.
  bool feed(const char* at, std::size_t n, const std::function<bool(const char*, std::size_t)>& sink);
  /// The last member ended: the body was whole (asked at its end).
  [[nodiscard]] bool complete() const { return ended_; }
  /// Why the bytes are not gzip ("" while they are).
  [[nodiscard]] const std::string& error() const { return error_; }

 private:
  bool fail(std::string why);
  z_stream z_{};
  std::vector<char> out_;
  std::string error_;
  bool ok_ = false, ended_ = false;
};

}  // namespace volpol::k8s::detail
