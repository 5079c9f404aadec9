// Where one HTTP/1.1 request ends, and what the front end refuses before reading a body.
#include "../../src/serve/request_framing.h"

#include <gtest/gtest.h>

#include <string>

namespace volpol::serve::detail {
namespace {

using state = request_framer::state;

request_framer framer() { return request_framer({.max_head_bytes = 1024, .max_body_bytes = 100}); }

/// Scans `text` whole; the framer for its answers.
request_framer scanned(const std::string& text) {
  request_framer f = framer();
  f.scan(text);
  return f;
}

TEST(request_framing, a_request_without_a_body_ends_after_its_headers) {
  const std::string get = "GET /healthz?x=1 HTTP/1.1\r\nHost: a\r\n\r\n";
  request_framer f = scanned(get + "GET /readyz HTTP/1.1\r\n");  // a pipelined one follows
  EXPECT_EQ(f.scan(get + "GET /readyz HTTP/1.1\r\n"), state::complete);
  EXPECT_EQ(f.size(), get.size());
  EXPECT_EQ(f.path(), "/healthz");
}

TEST(request_framing, content_length_counts_the_body_as_it_arrives) {
  request_framer f = framer();
  std::string buf = "POST /validate HTTP/1.1\r\ncontent-length:  5 \r\n";
  EXPECT_EQ(f.scan(buf), state::need_more);
  buf += "\r\nab";
  EXPECT_EQ(f.scan(buf), state::need_more);
  EXPECT_TRUE(f.head_done());
  buf += "cdeGET";
  EXPECT_EQ(f.scan(buf), state::complete);
  EXPECT_EQ(f.size(), buf.size() - 3);
  f.reset();
  EXPECT_EQ(f.scan("GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"), state::complete);
}

TEST(request_framing, chunks_are_followed_to_the_last_one) {
  const std::string request =
      "POST /validate HTTP/1.1\r\nTransfer-Encoding: Chunked\r\nExpect: 100-continue\r\n\r\n"
      "5;name=value\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nTrailer: x\r\n\r\n";
  request_framer f = framer();
  for (std::size_t n = 0; n < request.size(); ++n) ASSERT_EQ(f.scan(request.substr(0, n)), state::need_more) << n;
  EXPECT_EQ(f.scan(request + "next"), state::complete);
  EXPECT_EQ(f.size(), request.size());
  EXPECT_TRUE(f.expects_continue());
}

struct refusal {
  std::string request;
  int status;
  std::string message;
};

TEST(request_framing, what_could_be_read_two_ways_is_refused) {
  const std::string post = "POST /validate HTTP/1.1\r\n";
  const refusal cases[] = {
      {post + "Content-Length: 5\r\nContent-Length: 5\r\n\r\n", 400, "more than one Content-Length header"},
      {post + "Content-Length: 5\r\nContent-Length: 6\r\n\r\n", 400, "more than one Content-Length header"},
      {post + "Content-Length: 5, 5\r\n\r\n", 400, "invalid Content-Length `5, 5`"},
      {post + "Content-Length: -1\r\n\r\n", 400, "invalid Content-Length `-1`"},
      {post + "Content-Length: \r\n\r\n", 400, "invalid Content-Length ``"},
      {post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
       "both Content-Length and Transfer-Encoding"},
      {post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
       "more than one Transfer-Encoding header"},
      {post + "Transfer-Encoding: gzip, chunked\r\n\r\n", 501,
       "Transfer-Encoding `gzip, chunked` is not supported: send Content-Length or chunked"},
      {post + "Host: a\nContent-Length: 5\r\n\r\n", 400,
       "malformed request: a bare CR or LF, or a NUL byte, in its headers"},
      {post + "Host: a\r\n folded\r\n\r\n", 400,
       "malformed request: a header folded onto the next line (obsolete line folding)"},
      {post + "Content-Length : 5\r\n\r\n", 400, "malformed request: header line 1 is not `name: value`"},
      {post + "Host: a\r\nno colon\r\n\r\n", 400, "malformed request: header line 2 is not `name: value`"},
      {"POST /validate\r\n\r\n", 400, "malformed request line: expected `METHOD /path HTTP/1.1`"},
      {"POST  /validate HTTP/1.1\r\n\r\n", 400, "malformed request line: expected `METHOD /path HTTP/1.1`"},
      {post + "Transfer-Encoding: chunked\r\n\r\nzz\r\n", 400,
       "malformed chunked body: a chunk size that is not a hexadecimal number"},
      {post + "Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", 400,
       "malformed chunked body: a chunk not followed by CRLF"},
  };
  for (const refusal& r : cases) {
    const request_framer f = scanned(r.request);
    EXPECT_EQ(static_cast<int>(f.status()), r.status) << r.request;
    EXPECT_EQ(f.message(), r.message) << r.request;
  }
}

TEST(request_framing, limits_are_refused_before_the_body_is_read) {
  const std::string post = "POST /validate HTTP/1.1\r\n";
  // Announced: refused with the headers alone.
  EXPECT_EQ(scanned(post + "Content-Length: 101\r\n\r\n").status(), 413);
  EXPECT_EQ(scanned(post + "Content-Length: 100\r\n\r\n").status(), 0);  // needs more, not refused
  EXPECT_EQ(scanned(post + "Content-Length: 99999999999999999999999\r\n\r\n").status(), 413);
  EXPECT_EQ(scanned(post + "Content-Length: 101\r\n\r\n").message(), "the AdmissionReview is larger than 100 bytes");
  // Chunked: as soon as the chunk sizes add up to more, or one is absurd.
  EXPECT_EQ(scanned(post + "Transfer-Encoding: chunked\r\n\r\n40\r\n" + std::string(64, 'x') + "\r\n40\r\n").status(),
            413);
  EXPECT_EQ(scanned(post + "Transfer-Encoding: chunked\r\n\r\nffffffffffffffffffffff\r\n").status(), 413);
  // Headers: over max_head_bytes without their end.
  EXPECT_EQ(scanned(post + "X: " + std::string(1100, 'a')).status(), 431);
  EXPECT_EQ(scanned(post + "X: " + std::string(1100, 'a') + "\r\n\r\n").status(), 431);
  EXPECT_EQ(scanned(post + "X: " + std::string(900, 'a')).status(), 0);  // still coming in
}

}  // namespace
}  // namespace volpol::serve::detail
