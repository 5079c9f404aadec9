// src/serve/request_framing.h — internal: where one HTTP/1.1 request ends in the bytes read so far.
//
// The server reads each request whole before a worker sees it (front_end.h), so it must know
// where a request ends without cpp-httplib, which reads from a socket as it parses. This scanner
// reads the request head and the body's framing only (RFC 9112 §6): Content-Length, or
// `Transfer-Encoding: chunked`, or no body. It refuses what would let the server and a client
// disagree about where a request ends, and what is over the limits, before the body is read:
// two Content-Length headers (even equal), both Content-Length and Transfer-Encoding, a coding
// other than chunked, a bare CR or LF, obsolete line folding, an announced body over the limit.
// cpp-httplib then parses the bytes of the one request it is given.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace volpol::serve::detail {

struct framing_limits {
  std::size_t max_head_bytes = 64 * 1024;  ///< request line and headers, with their CRLFs
  std::size_t max_body_bytes = 0;          ///< decoded body (the chunks' data for chunked)
};

class request_framer {
 public:
  enum class state : std::uint8_t {
    need_more,  ///< the request is not whole yet
    complete,   ///< size() bytes are the request
    refused,    ///< status() and message() say why; the connection must close after the answer
  };

  explicit request_framer(framing_limits limits) : limits_(limits) {}

  /// Scans `buf`, the request's bytes so far from its first byte on (it may hold more after the
  /// request). Call again with the same bytes and more appended until the state is not
  /// need_more; each call scans only what is new. Then reset() for the next request.
  state scan(std::string_view buf);
  void reset() { *this = request_framer(limits_); }

  [[nodiscard]] bool head_done() const { return head_end_ != 0; }
  /// The client sent `Expect: 100-continue` (meaningful once head_done()).
  [[nodiscard]] bool expects_continue() const { return expect_continue_; }
  /// The request target without its query ("/validate"), once head_done(); for logs.
  [[nodiscard]] const std::string& path() const { return path_; }
  /// complete: the request's length in bytes.
  [[nodiscard]] std::size_t size() const { return size_; }
  /// refused: 400, 413, 431 or 501, and the reason, one line.
  [[nodiscard]] int status() const { return status_; }
  [[nodiscard]] const std::string& message() const { return message_; }

 private:
  enum class body_kind : std::uint8_t { none, length, chunked };
  enum class chunk_step : std::uint8_t { size_line, data, data_end, trailer };
  state refuse(int status, std::string message);
  state scan_head(std::string_view buf);
  state parse_head(std::string_view head);
  state scan_chunks(std::string_view buf);

  framing_limits limits_;
  state state_ = state::need_more;
  std::size_t searched_ = 0;  // bytes of buf already searched for the end of the head
  std::size_t head_end_ = 0;  // after the blank line; 0 while the head is incomplete
  body_kind body_ = body_kind::none;
  std::uint64_t content_length_ = 0;
  bool expect_continue_ = false;
  std::string path_;
  // chunked
  chunk_step step_ = chunk_step::size_line;
  std::size_t at_ = 0;          // where the chunk scanner resumes
  std::size_t trailer_at_ = 0;  // where the trailer begins
  std::uint64_t chunk_left_ = 0, decoded_ = 0;
  std::size_t size_ = 0;
  int status_ = 0;
  std::string message_;
};

}  // namespace volpol::serve::detail
