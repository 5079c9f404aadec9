// Lists from the API server, page by page, through kubectl proxy (see volpol/detail/api_list.h).
// HTTP/1.1 over the proxy's Unix socket: the request is written here, the response parsed by
// http-parser (doc/live-cluster.md: cpp-httplib would make every volpol command load OpenSSL).
#include "volpol/detail/api_list.h"

#include "api_list_parse.h"
#include "volpol/k8s/spelling.h"

#include <http_parser.h>
#include <simdjson.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <yaml-cpp/binary.h>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace volpol::k8s {
namespace detail {
namespace {

/// The end of `text` from `open` (a '{') to its matching '}', strings skipped; npos if cut.
std::size_t object_end(std::string_view text, std::size_t open) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

/// The ListMeta object after the key at `key` ("metadata") in `text`, parsed.
bool parse_meta_at(std::string_view text, std::size_t key, list_meta& out) {
  std::size_t open = text.find_first_not_of(" \t\r\n:", key + 10);
  if (open == std::string_view::npos || text[open] != '{') return false;
  const std::size_t end = object_end(text, open);
  if (end == std::string_view::npos) return false;
  simdjson::dom::parser parser;
  simdjson::dom::element meta;
  if (parser.parse(std::string(text.substr(open, end - open))).get(meta)) return false;
  std::string_view v;
  if (!meta["continue"].get_string().get(v)) out.continue_token = std::string(v);
  if (!meta["resourceVersion"].get_string().get(v)) out.resource_version = std::string(v);
  return true;
}

/// Where `"metadata"` is in `head` when it comes before `"items"` (the API server's order), or npos.
std::size_t metadata_before_items(std::string_view head) {
  const std::size_t meta = head.find("\"metadata\"");
  const std::size_t items = head.find("\"items\"");
  return meta < items ? meta : std::string_view::npos;  // npos compares greatest
}

}  // namespace

bool metadata_first(std::string_view head) {
  const std::size_t meta = metadata_before_items(head);
  return meta != std::string_view::npos && object_end(head, head.find('{', meta)) != std::string_view::npos;
}

/// The list's metadata from the first and the last bytes of a page: the API server writes it
/// before `items`; a server that sorts keys writes it last.
bool list_metadata(std::string_view head, std::string_view tail, list_meta& out) {
  if (const std::size_t meta = metadata_before_items(head); meta != std::string_view::npos)
    return parse_meta_at(head, meta, out);
  const std::size_t last = tail.rfind("\"metadata\"");
  return last != std::string_view::npos && parse_meta_at(tail, last, out);
}

/// The key a continue token says the next page starts at (`NAMESPACE/NAME\0` or `NAME\0`,
/// relative to the list's key prefix): base64url of {"v":"meta.k8s.io/v1","rv":N,"start":K}.
std::optional<std::string> continue_start(std::string token) {
  // Only the base64url alphabet (yaml-cpp's DecodeBase64 indexes its table with the byte as a
  // signed char: a byte over 0x7f reads outside it, found by fuzz_api_list).
  for (char& c : token) {
    if (c == '-') c = '+';
    else if (c == '_') c = '/';
    else if (!std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) > 0x7f) {
      if (c != '+' && c != '/' && c != '=') return std::nullopt;
    }
  }
  while (token.size() % 4 != 0) token += '=';
  const std::vector<unsigned char> bytes = YAML::DecodeBase64(token);
  if (bytes.empty()) return std::nullopt;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(std::string(bytes.begin(), bytes.end())).get(doc)) return std::nullopt;
  std::string_view start;
  if (doc["start"].get_string().get(start) || start.empty()) return std::nullopt;
  return std::string(start);
}

/// The items of a held page at or after the key `start`, as a List; `passed` is set once an
/// item at or after it was seen (the pages after need no filtering).
std::string items_from(std::string_view page, const std::string& start, bool& passed, bool& ok) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  simdjson::dom::array items;
  ok = !parser.parse(std::string(page)).get(doc) && !doc["items"].get_array().get(items);
  std::string out;
  if (!ok) return out;
  for (simdjson::dom::element item : items) {
    std::string_view ns, name;
    if (item["metadata"]["namespace"].get_string().get(ns)) ns = {};
    if (item["metadata"]["name"].get_string().get(name)) name = {};
    std::string key = ns.empty() ? std::string(name) : fmt::format("{}/{}", ns, name);
    if (!passed && key < start) continue;
    passed = true;
    out += out.empty() ? "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"items\":[" : ",";
    out += simdjson::to_string(item);
  }
  if (!out.empty()) out += "]}\n";
  return out;
}

gunzip::gunzip() : out_(std::size_t{256} << 10) { ok_ = inflateInit2(&z_, 16 + MAX_WBITS) == Z_OK; }

gunzip::~gunzip() {
  if (ok_) inflateEnd(&z_);
}

bool gunzip::feed(const char* at, std::size_t n, const std::function<bool(const char*, std::size_t)>& sink) {
  if (!ok_) return fail("cannot start zlib");
  if (!error_.empty()) return false;
  z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(at));
  z_.avail_in = static_cast<uInt>(n);
  while (z_.avail_in > 0) {
    if (ended_) {  // another gzip member follows (RFC 1952 allows several)
      if (inflateReset(&z_) != Z_OK) return fail("cannot restart zlib");
      ended_ = false;
    }
    z_.next_out = reinterpret_cast<Bytef*>(out_.data());
    z_.avail_out = static_cast<uInt>(out_.size());
    const int rc = inflate(&z_, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
      return fail(z_.msg != nullptr ? std::string(z_.msg) : std::string("not gzip"));
    if (rc == Z_STREAM_END) ended_ = true;
    const std::size_t produced = out_.size() - z_.avail_out;
    if (produced > 0 && !sink(out_.data(), produced)) return false;
    if (rc == Z_BUF_ERROR && produced == 0) break;
  }
  return true;
}

bool gunzip::fail(std::string why) {
  error_ = std::move(why);
  return false;
}

}  // namespace detail

namespace {

using detail::continue_start;
using detail::items_from;
using detail::list_meta;
using detail::list_metadata;

/// Bytes of one list on their way from its fetching thread to the loader, at most `cap` held.
class byte_queue {
 public:
  explicit byte_queue(std::size_t cap) : cap_(std::max<std::size_t>(cap, 1)) {}

  /// Waits for room; false once cancelled.
  bool push(std::string&& data) {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return cancelled_ || held_ < cap_; });
    if (cancelled_) return false;
    held_ += data.size();
    chunks_.push_back(std::move(data));
    ready_.notify_all();
    return true;
  }
  /// No more bytes will come.
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    ready_.notify_all();
  }
  /// Stops both sides: push fails, pop returns 0.
  void cancel() {
    std::lock_guard lock(mutex_);
    cancelled_ = true;
    ready_.notify_all();
    room_.notify_all();
  }
  /// Up to `n` bytes; waits for some; 0 at the end (closed and drained, or cancelled).
  std::size_t pop(char* dst, std::size_t n) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return cancelled_ || closed_ || !chunks_.empty(); });
    if (cancelled_) return 0;
    std::size_t out = 0;
    while (out < n && !chunks_.empty()) {
      std::string& front = chunks_.front();
      const std::size_t take = std::min(n - out, front.size() - front_at_);
      std::memcpy(dst + out, front.data() + front_at_, take);
      out += take;
      front_at_ += take;
      if (front_at_ == front.size()) {
        held_ -= front.size();
        chunks_.pop_front();
        front_at_ = 0;
      }
    }
    room_.notify_all();
    return out;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<std::string> chunks_;
  std::size_t front_at_ = 0, held_ = 0, cap_;
  bool closed_ = false, cancelled_ = false;
};

/// One HTTP GET over the proxy's socket; the body goes to `on_body` once the status is known.
struct http_answer {
  int status = 0;
  std::string transport_error;  ///< set when no whole answer came
};

class page_request {
 public:
  /// `accept_gzip`: ask for a gzip body (`Accept-Encoding: gzip`) and inflate it here.
  page_request(const std::function<bool(int status, const char*, std::size_t)>& on_body, bool accept_gzip = false)
      : on_body_(on_body), accept_gzip_(accept_gzip) {
    http_parser_settings_init(&settings_);
    settings_.on_header_field = [](http_parser* p, const char* at, std::size_t n) {
      auto* self = static_cast<page_request*>(p->data);
      if (self->in_value_) self->header_done();
      if (self->field_.size() < 64) self->field_.append(at, std::min<std::size_t>(n, 64));
      return 0;
    };
    settings_.on_header_value = [](http_parser* p, const char* at, std::size_t n) {
      auto* self = static_cast<page_request*>(p->data);
      self->in_value_ = true;
      if (self->value_.size() < 64) self->value_.append(at, std::min<std::size_t>(n, 64));
      return 0;
    };
    settings_.on_headers_complete = [](http_parser* p) {
      auto* self = static_cast<page_request*>(p->data);
      if (self->in_value_) self->header_done();
      self->answer_.status = static_cast<int>(p->status_code);
      return 0;
    };
    settings_.on_body = [](http_parser* p, const char* at, std::size_t n) {
      auto* self = static_cast<page_request*>(p->data);
      if (!self->gzip_) return self->on_body_(self->answer_.status, at, n) ? 0 : 1;
      const bool fed = self->gzip_->feed(at, n, self->inflated_);
      if (!fed && !self->gzip_->error().empty()) self->gzip_failed_ = true;
      return fed ? 0 : 1;
    };
    settings_.on_message_complete = [](http_parser* p) {
      static_cast<page_request*>(p->data)->complete_ = true;
      return 0;
    };
  }

  http_answer get(const std::string& socket_path, const std::string& target, int timeout_seconds) {
    const int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return fail(fmt::format("cannot create a socket: {}", std::strerror(errno)));
    struct fd_closer {
      int fd;
      ~fd_closer() { close(fd); }
    } closer{fd};
    timeval tv{timeout_seconds, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (socket_path.size() >= sizeof addr.sun_path) return fail("the socket path is too long");
    std::memcpy(addr.sun_path, socket_path.c_str(), socket_path.size() + 1);
    if (connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0)
      return fail(fmt::format("cannot connect to kubectl proxy: {}", std::strerror(errno)));
    const std::string request = fmt::format(
        "GET {} HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n{}User-Agent: volpol\r\n"
        "Connection: close\r\n\r\n",
        target, accept_gzip_ ? "Accept-Encoding: gzip\r\n" : "");
    for (std::size_t sent = 0; sent < request.size();) {
      const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return fail(fmt::format("cannot send to kubectl proxy: {}", std::strerror(errno)));
      sent += static_cast<std::size_t>(n);
    }
    http_parser parser;
    http_parser_init(&parser, HTTP_RESPONSE);
    parser.data = this;
    std::vector<char> buf(std::size_t{256} << 10);
    for (;;) {
      const ssize_t n = recv(fd, buf.data(), buf.size(), 0);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0)
        return fail(errno == EAGAIN || errno == EWOULDBLOCK
                        ? fmt::format("no answer from kubectl proxy within {} s", timeout_seconds)
                        : fmt::format("reading from kubectl proxy: {}", std::strerror(errno)));
      if (n == 0) {  // the end of a body that runs to the end of the connection, or a cut
        (void)http_parser_execute(&parser, &settings_, nullptr, 0);
        if (complete_) return finished();
        return fail("kubectl proxy closed the connection before the answer was whole");
      }
      const std::size_t len = static_cast<std::size_t>(n);
      const std::size_t used = http_parser_execute(&parser, &settings_, buf.data(), len);
      if (complete_) return finished();
      if (gzip_failed_) return fail("a malformed gzip body from kubectl proxy: " + gzip_->error());
      if (parser.http_errno == HPE_CB_body) return fail("stopped");
      if (parser.http_errno != HPE_OK || used != len)
        return fail(fmt::format("a malformed HTTP answer from kubectl proxy: {}",
                                http_errno_description(static_cast<http_errno>(parser.http_errno))));
    }
  }

 private:
  http_answer fail(std::string why) {
    answer_.transport_error = std::move(why);
    return answer_;
  }
  /// The whole answer came: a gzip body must have come whole too.
  http_answer finished() {
    if (gzip_failed_) return fail("a malformed gzip body from kubectl proxy: " + gzip_->error());
    if (gzip_ && !gzip_->complete()) return fail("a gzip body from kubectl proxy ends before its end");
    return answer_;
  }
  /// One header read whole: `Content-Encoding: gzip` (asked for) starts the inflater.
  void header_done() {
    if (accept_gzip_ && equal_fold(field_, "Content-Encoding") && equal_fold(value_, "gzip")) gzip_.emplace();
    field_.clear();
    value_.clear();
    in_value_ = false;
  }
  const std::function<bool(int, const char*, std::size_t)>& on_body_;
  http_parser_settings settings_{};
  http_answer answer_;
  bool complete_ = false;
  const bool accept_gzip_;
  std::string field_, value_;
  bool in_value_ = false;
  std::optional<detail::gunzip> gzip_;
  bool gzip_failed_ = false;
  const std::function<bool(const char*, std::size_t)> inflated_ = [this](const char* at, std::size_t n) {
    return on_body_(answer_.status, at, n);
  };
};

/// A failed request, as the kubectl call `args` it stands for (`get RESOURCE [NAME]`), from the
/// HTTP status and the API server's Status object (or kubectl proxy's text), or a transport error.
kubectl_call failed_call(std::vector<std::string> args, int status, std::string_view body,
                         const std::string& transport) {
  kubectl_call call;
  call.args = std::move(args);
  call.exit_status = 1;
  const std::string resource = call.args.size() > 1 ? call.args[1] : "";
  std::string message;
  std::string_view reason;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  const bool status_object = !parser.parse(std::string(body)).get(doc) && doc.is_object();
  if (status_object) {  // the API server's Status
    std::string_view m;
    if (!doc["message"].get_string().get(m)) message = std::string(m);
    if (doc["reason"].get_string().get(reason)) reason = {};
  }
  if (message.empty() && !status_object) {  // kubectl proxy's own text
    message = std::string(body.substr(0, std::min<std::size_t>(body.size(), 500)));
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r')) message.pop_back();
  }
  if (!transport.empty()) call.error_output = "error: " + transport;
  else if (status == 401) call.error_output = "error: You must be logged in to the server (Unauthorized)";
  else if (status == 403) call.error_output = "Error from server (Forbidden): " + message;
  else if (status == 404 && message.find("could not find the requested resource") == std::string::npos &&
           !message.empty())
    call.error_output = "Error from server (NotFound): " + message;
  else if (status == 404)
    call.error_output = "error: the server doesn't have a resource type \"" + resource.substr(0, resource.find('.')) +
                        "\"";
  else if (status == 502 || status == 503 || (status >= 500 && !status_object))  // kubectl proxy: no API server
    call.error_output = "Unable to connect to the server: " + (message.empty() ? std::to_string(status) : message);
  else
    call.error_output = fmt::format("Error from server ({}): {} (HTTP {})", reason.empty() ? "Error" : reason, message,
                                    status);
  classify_kubectl_failure(call);
  if (call.failure == kubectl_failure::none) call.failure = kubectl_failure::other;
  return call;
}

kubectl_call failed_call(const api_list& list, int status, std::string_view body, const std::string& transport) {
  return failed_call({"get", list.resource, "--all-namespaces"}, status, body, transport);
}

/// Reads every page of one list into `queue`; closes it at the end.
struct list_fetch {
  const kubectl_proxy& proxy;
  const api_list& list;
  const api_list_options& options;
  byte_queue& queue;
  std::optional<kubectl_call> failure;
  std::size_t pages = 0, restarts = 0;

  void run() {
    std::string token;                  // the next page's continue token
    std::optional<std::string> resume;  // after a 410: the key to read on from
    bool passed = true;
    for (;;) {
      std::string target = list.path;
      if (options.chunk_size > 0) target += fmt::format("?limit={}", options.chunk_size);
      if (!token.empty()) target += (options.chunk_size > 0 ? "&continue=" : "?continue=") + percent_encoded(token);
      constexpr std::size_t window = 64 << 10, batch = 256 << 10;
      std::string head, tail, error_body, held, pending;
      bool need_tail = true;
      const bool hold = !passed;
      const std::function<bool(int, const char*, std::size_t)> on_body = [&](int status, const char* at,
                                                                             std::size_t n) {
        if (status != 200) {
          if (error_body.size() < (1 << 20)) error_body.append(at, std::min<std::size_t>(n, 1 << 20));
          return true;
        }
        if (head.size() < window) {
          head.append(at, std::min(n, window - head.size()));
          // The API server writes ListMeta before items: then the page's end is not needed.
          if (head.size() == window && detail::metadata_first(head)) need_tail = false;
        }
        if (need_tail) {
          tail.append(at, n);
          if (tail.size() > 4 * window) tail.erase(0, tail.size() - window);
        }
        if (hold) {
          held.append(at, n);
          return true;
        }
        // Handed on in pieces of at least `batch` bytes (the proxy writes ~16-32 KiB at a time).
        pending.append(at, n);
        if (pending.size() < batch) return true;
        const bool pushed = queue.push(std::move(pending));
        pending.clear();
        return pushed;
      };
      page_request request(on_body, options.accept_gzip);
      const http_answer answer = request.get(proxy.socket_path(), target, options.timeout_seconds);
      if (!pending.empty() && answer.transport_error.empty() && answer.status == 200 && !hold &&
          !queue.push(std::move(pending)))
        break;
      if (!answer.transport_error.empty()) {
        if (answer.transport_error != "stopped") failure = failed_call(list, 0, {}, answer.transport_error);
        break;
      }
      if (answer.status == 410 && !token.empty() && restarts < static_cast<std::size_t>(options.max_restarts)) {
        // The continue token expired: the list again from its start, read on from where it was.
        resume = continue_start(token);
        if (!resume) {
          failure = failed_call(list, 410, error_body,
                                "the list's continue token expired (410) and does not say where the list was: "
                                "read again");
          break;
        }
        ++restarts;
        token.clear();
        passed = false;
        continue;
      }
      if (answer.status != 200) {
        failure = failed_call(list, answer.status, error_body, "");
        break;
      }
      ++pages;
      if (hold) {
        bool ok = false;
        const std::string kept = items_from(held, *resume, passed, ok);
        if (!ok) {
          failure = failed_call(list, 0, {}, "a page of the restarted list is not a list");
          break;
        }
        if (!kept.empty() && !queue.push(std::string(kept))) break;
      }
      list_meta meta;
      (void)list_metadata(head, tail, meta);
      if (meta.continue_token.empty() || options.chunk_size == 0) break;
      token = std::move(meta.continue_token);
    }
    queue.close();
  }
};

}  // namespace

kubectl_call get_through_proxy(const kubectl_proxy& proxy, const std::string& path,
                               std::vector<std::string> kubectl_args, std::string& body, int timeout_seconds,
                               std::size_t max_bytes) {
  body.clear();
  bool too_large = false;
  const std::function<bool(int, const char*, std::size_t)> on_body = [&](int, const char* at, std::size_t n) {
    if (body.size() + n > max_bytes) {
      too_large = true;
      return false;
    }
    body.append(at, n);
    return true;
  };
  page_request request(on_body);
  const http_answer answer = request.get(proxy.socket_path(), path, timeout_seconds);
  if (too_large)
    return failed_call(std::move(kubectl_args), 0, {},
                       fmt::format("the answer is larger than {} MiB: not read", max_bytes >> 20));
  if (!answer.transport_error.empty()) return failed_call(std::move(kubectl_args), 0, {}, answer.transport_error);
  if (answer.status != 200) {
    kubectl_call call = failed_call(std::move(kubectl_args), answer.status, body, "");
    body.clear();
    return call;
  }
  kubectl_call ok;
  ok.args = std::move(kubectl_args);
  return ok;
}

api_lists_result load_api_lists(const kubectl_proxy& proxy, std::span<const api_list> lists, std::string_view name,
                                const load_options& load, const api_list_options& options) {
  api_lists_result out;
  std::deque<byte_queue> queues;
  std::deque<list_fetch> fetches;
  for (const api_list& list : lists) {
    queues.emplace_back(options.prefetch_bytes);
    fetches.push_back(list_fetch{proxy, list, options, queues.back(), std::nullopt, 0, 0});
  }
  std::atomic<bool> failed{false};
  std::vector<std::thread> threads;
  threads.reserve(fetches.size());
  for (list_fetch& f : fetches)
    threads.emplace_back([&f, &failed, &queues] {
      f.run();
      if (f.failure && !failed.exchange(true))
        for (byte_queue& q : queues) q.cancel();  // nothing more is needed: the load is dropped
    });
  // Each list loaded on its own thread, as its pages arrive (the lists are fetched at once:
  // loading them one after another would fetch them one after another too), then merged in
  // the order given.
  std::vector<load_result> loaded(queues.size());
  std::vector<std::thread> loaders;
  for (std::size_t i = 0; i < queues.size(); ++i)
    loaders.emplace_back([&, i] {
      const stream_reader read = [&](char* dst, std::size_t n) -> std::size_t {
        return failed.load() ? 0 : queues[i].pop(dst, n);
      };
      loaded[i] = load_stream(read, name, load);
    });
  for (std::thread& t : loaders) t.join();
  for (std::size_t i = 0; i < loaded.size(); ++i) {
    load_result& part = loaded[i];
    if (i == 0) out.loaded = std::move(part);
    else out.loaded.append(std::move(part));
  }
  for (byte_queue& q : queues) q.cancel();  // a loader that stopped early leaves no thread waiting
  for (std::thread& t : threads) t.join();
  for (const list_fetch& f : fetches) {
    out.pages += f.pages;
    out.restarts += f.restarts;
    if (f.failure && !out.failure) out.failure = f.failure;
  }
  if (out.failure) out.loaded = load_result{};
  return out;
}

}  // namespace volpol::k8s
