// Where an HTTP/1.1 request ends (see request_framing.h).
#include "request_framing.h"

#include <fmt/format.h>

#include <algorithm>

namespace volpol::serve::detail {

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
           return lower(x) == lower(y);
         });
}

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

/// A header value for a message: printable ASCII, at most 40 characters.
std::string shown(std::string_view v) {
  std::string out;
  for (char c : v.substr(0, 40)) out += c >= 0x20 && c < 0x7f ? c : '?';
  if (v.size() > 40) out += "...";
  return out;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr std::size_t max_chunk_line = 1024;

}  // namespace

request_framer::state request_framer::refuse(int status, std::string message) {
  status_ = status;
  message_ = std::move(message);
  return state_ = state::refused;
}

request_framer::state request_framer::scan(std::string_view buf) {
  if (state_ != state::need_more) return state_;
  if (head_end_ == 0 && (scan_head(buf) != state::need_more || head_end_ == 0)) return state_;
  switch (body_) {
    case body_kind::none: size_ = head_end_; return state_ = state::complete;
    case body_kind::length:
      if (buf.size() - head_end_ < content_length_) return state_;
      size_ = head_end_ + static_cast<std::size_t>(content_length_);
      return state_ = state::complete;
    case body_kind::chunked: return scan_chunks(buf);
  }
  return state_;
}

request_framer::state request_framer::scan_head(std::string_view buf) {
  const std::size_t end = buf.find("\r\n\r\n", searched_ >= 3 ? searched_ - 3 : 0);
  if (end == std::string_view::npos || end + 4 > limits_.max_head_bytes) {
    searched_ = buf.size();
    if (buf.size() > limits_.max_head_bytes || end != std::string_view::npos)
      return refuse(431, fmt::format("the request's headers are larger than {} bytes", limits_.max_head_bytes));
    return state_;
  }
  head_end_ = end + 4;
  return parse_head(buf.substr(0, end));
}

request_framer::state request_framer::parse_head(std::string_view head) {
  for (std::size_t i = 0; i < head.size(); ++i) {
    const char c = head[i];
    if (c == '\0' || (c == '\r' && (i + 1 == head.size() || head[i + 1] != '\n')) ||
        (c == '\n' && (i == 0 || head[i - 1] != '\r')))
      return refuse(400, "malformed request: a bare CR or LF, or a NUL byte, in its headers");
  }
  std::size_t line_end = head.find("\r\n");
  const std::string_view request_line = head.substr(0, line_end);
  const std::size_t sp1 = request_line.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : request_line.find(' ', sp1 + 1);
  if (sp1 == 0 || sp2 == std::string_view::npos || sp2 == sp1 + 1 ||
      request_line.find(' ', sp2 + 1) != std::string_view::npos || request_line.substr(sp2 + 1).size() != 8 ||
      !request_line.substr(sp2 + 1).starts_with("HTTP/1."))
    return refuse(400, "malformed request line: expected `METHOD /path HTTP/1.1`");
  const std::string_view target = request_line.substr(sp1 + 1, sp2 - sp1 - 1);
  path_ = std::string(target.substr(0, target.find('?')));

  bool has_length = false, has_coding = false;
  std::string_view length_text;
  for (std::size_t n = 1; line_end != std::string_view::npos; ++n) {
    const std::size_t start = line_end + 2;
    line_end = head.find("\r\n", start);
    const std::string_view line = head.substr(start, line_end == std::string_view::npos ? line_end : line_end - start);
    if (line.starts_with(' ') || line.starts_with('\t'))
      return refuse(400, "malformed request: a header folded onto the next line (obsolete line folding)");
    const std::size_t colon = line.find(':');
    const std::string_view name = line.substr(0, colon);
    if (colon == std::string_view::npos || colon == 0 || name.find_first_of(" \t") != std::string_view::npos)
      return refuse(400, fmt::format("malformed request: header line {} is not `name: value`", n));
    const std::string_view value = trim_blanks(line.substr(colon + 1));
    if (equals_ignoring_case(name, "Content-Length")) {
      if (has_length) return refuse(400, "more than one Content-Length header");
      has_length = true;
      length_text = value;
    } else if (equals_ignoring_case(name, "Transfer-Encoding")) {
      if (has_coding) return refuse(400, "more than one Transfer-Encoding header");
      has_coding = true;
      if (!equals_ignoring_case(value, "chunked"))
        return refuse(501, fmt::format("Transfer-Encoding `{}` is not supported: send Content-Length or chunked",
                                       shown(value)));
    } else if (equals_ignoring_case(name, "Expect")) {
      expect_continue_ = equals_ignoring_case(value, "100-continue");
    }
  }
  if (has_length && has_coding) return refuse(400, "both Content-Length and Transfer-Encoding");
  if (has_coding) {
    body_ = body_kind::chunked;
    return state_;
  }
  if (!has_length) return state_;
  if (length_text.empty() || length_text.find_first_not_of("0123456789") != std::string_view::npos)
    return refuse(400, fmt::format("invalid Content-Length `{}`", shown(length_text)));
  const std::string_view digits = length_text.substr(std::min(length_text.find_first_not_of('0'), length_text.size()));
  std::uint64_t length = 0;
  for (char c : digits.substr(0, 19)) length = length * 10 + static_cast<std::uint64_t>(c - '0');
  if (digits.size() > 18 || length > limits_.max_body_bytes)
    return refuse(413, fmt::format("the AdmissionReview is larger than {} bytes", limits_.max_body_bytes));
  content_length_ = length;
  body_ = length == 0 ? body_kind::none : body_kind::length;
  return state_;
}

request_framer::state request_framer::scan_chunks(std::string_view buf) {
  if (at_ == 0) at_ = head_end_;
  for (;;) {
    switch (step_) {
      case chunk_step::size_line: {
        const std::size_t eol = buf.find("\r\n", at_);
        if (eol == std::string_view::npos || eol - at_ > max_chunk_line) {
          if (buf.size() - at_ > max_chunk_line)
            return refuse(400, fmt::format("malformed chunked body: a chunk size line longer than {} bytes",
                                           max_chunk_line));
          return state_;
        }
        // Chunk sizes and line ends count too: 1-byte chunks would make 3 MiB six times larger.
        if (eol + 2 - head_end_ > 2 * limits_.max_body_bytes + max_chunk_line)
          return refuse(413, fmt::format("the AdmissionReview is larger than {} bytes", limits_.max_body_bytes));
        const std::string_view line = buf.substr(at_, eol - at_);
        std::uint64_t n = 0;
        std::size_t i = 0;
        for (; i < line.size() && hex_digit(line[i]) >= 0; ++i) {
          if (n > limits_.max_body_bytes)
            return refuse(413, fmt::format("the AdmissionReview is larger than {} bytes", limits_.max_body_bytes));
          n = n * 16 + static_cast<std::uint64_t>(hex_digit(line[i]));
        }
        const std::string_view rest = trim_blanks(line.substr(i));
        if (i == 0 || (!rest.empty() && rest.front() != ';'))
          return refuse(400, "malformed chunked body: a chunk size that is not a hexadecimal number");
        at_ = eol + 2;
        if (n == 0) {
          step_ = chunk_step::trailer;
          trailer_at_ = at_;
          break;
        }
        decoded_ += n;
        if (decoded_ > limits_.max_body_bytes)
          return refuse(413, fmt::format("the AdmissionReview is larger than {} bytes", limits_.max_body_bytes));
        chunk_left_ = n;
        step_ = chunk_step::data;
        break;
      }
      case chunk_step::data: {
        const std::uint64_t take = std::min<std::uint64_t>(buf.size() - at_, chunk_left_);
        at_ += static_cast<std::size_t>(take);
        chunk_left_ -= take;
        if (chunk_left_ > 0) return state_;
        step_ = chunk_step::data_end;
        break;
      }
      case chunk_step::data_end:
        if (buf.size() - at_ < 2) return state_;
        if (buf.substr(at_, 2) != "\r\n") return refuse(400, "malformed chunked body: a chunk not followed by CRLF");
        at_ += 2;
        step_ = chunk_step::size_line;
        break;
      case chunk_step::trailer: {  // trailer fields (none usually), then an empty line
        const std::size_t eol = buf.find("\r\n", at_);
        if (eol == std::string_view::npos || eol - trailer_at_ > limits_.max_head_bytes) {
          if (std::min(eol, buf.size()) - trailer_at_ > limits_.max_head_bytes)
            return refuse(431, fmt::format("the request's trailer is larger than {} bytes", limits_.max_head_bytes));
          return state_;
        }
        if (eol == at_) {
          size_ = at_ + 2;
          return state_ = state::complete;
        }
        at_ = eol + 2;
        break;
      }
    }
  }
}

}  // namespace volpol::serve::detail
