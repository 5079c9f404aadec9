// `volpol serve`: the HTTPS admission webhook (see server.h). The front end (front_end.h) owns
// the connections and reads each request whole; cpp-httplib parses and routes it on a worker
// (httplib::Server::process_request on the request's bytes); OpenSSL does TLS.
#include "volpol/serve/server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <netdb.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>

#include "front_end.h"
#include "json_log.h"
#include "tls_identity.h"
#include "worker_pool.h"

namespace volpol::serve {

using detail::bool_field;
using detail::json_field;
using detail::log_level;
using detail::number_field;
using clock_type = std::chrono::steady_clock;

namespace {

struct host_port {
  std::string host;
  int port = -1;
};

/// `host:port`, `:port`, `[v6]:port`.
result<host_port> parse_address(const std::string& address) {
  const std::size_t colon = address.rfind(':');
  if (colon == std::string::npos)
    return make_error(fmt::format("address `{}` has no port: write `host:port` or `:port`", address), "--address");
  host_port hp;
  hp.host = address.substr(0, colon);
  if (hp.host.size() >= 2 && hp.host.front() == '[' && hp.host.back() == ']')
    hp.host = hp.host.substr(1, hp.host.size() - 2);
  if (hp.host.empty()) hp.host = "0.0.0.0";
  const std::string port = address.substr(colon + 1);
  int value = 0;
  for (char c : port) {
    if (c < '0' || c > '9' || value > 65535) {
      value = -1;
      break;
    }
    value = value * 10 + (c - '0');
  }
  if (port.empty() || value < 0 || value > 65535)
    return make_error(fmt::format("address `{}`: `{}` is not a port number (0-65535)", address, port), "--address");
  hp.port = value;
  return hp;
}

template <class Rep, class Period>
double seconds(std::chrono::duration<Rep, Period> d) {
  return std::chrono::duration<double>(d).count();
}

/// A listening TCP socket on `hp` (IPv6 ones take IPv4 too); its port in `bound_port`.
result<int> listen_on(const host_port& hp, const std::string& address, int& bound_port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (const int e = ::getaddrinfo(hp.host.c_str(), std::to_string(hp.port).c_str(), &hints, &found); e != 0)
    return make_error(fmt::format("cannot listen on {}: {}", address, ::gai_strerror(e)), "--address");
  int err = 0;
  int fd = -1;
  for (const addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      err = errno;
      continue;
    }
    int yes = 1, no = 0;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (a->ai_family == AF_INET6) ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &no, sizeof no);
    // SOMAXCONN: a burst of new connections (API server replicas after a restart) is not
    // dropped while the front end accepts.
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, SOMAXCONN) != 0) {
      err = errno;
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(found);
  if (fd < 0)
    return make_error(fmt::format("cannot listen on {}: {}", address, std::strerror(err ? err : EADDRNOTAVAIL)),
                      "--address");
  sockaddr_storage bound{};
  socklen_t len = sizeof bound;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len);
  bound_port = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6&>(bound).sin6_port
                                                 : reinterpret_cast<sockaddr_in&>(bound).sin_port);
  return fd;
}

/// TLS 1.2 takes these only: ECDHE key exchange (forward secrecy) with an AEAD cipher; TLS 1.3's
/// suites are all of that kind.
constexpr const char* tls12_ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"
    "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

/// Set by the logger (called as each answer is written): the answer says `Connection: close`.
thread_local bool answer_closes = false;

}  // namespace

namespace detail {

/// cpp-httplib's request handling (parse, route, answer) without its sockets: process_request
/// is protected in httplib::Server.
class request_processor final : public httplib::Server {
 public:
  using httplib::Server::process_request;
};

/// One whole request's bytes, as cpp-httplib reads them; its answer is collected and written
/// once process_request is done.
class request_stream final : public httplib::Stream {
 public:
  request_stream(const connection& c, std::string_view request) : c_(c), request_(request) {}
  [[nodiscard]] bool is_readable() const override { return true; }
  [[nodiscard]] bool is_writable() const override { return true; }
  ssize_t read(char* ptr, size_t size) override {
    const std::size_t n = std::min(size, request_.size() - at_);
    std::memcpy(ptr, request_.data() + at_, n);
    at_ += n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    out_.append(ptr, size);
    return static_cast<ssize_t>(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = c_.peer_address();
    port = c_.peer_port();
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    ip = c_.local_address();
    port = c_.local_port();
  }
  // No socket to select() on: cpp-httplib (built without CPPHTTPLIB_USE_POLL) answers 500 to a
  // stream whose socket number is FD_SETSIZE or more, which the front end's sockets may be.
  [[nodiscard]] socket_t socket() const override { return INVALID_SOCKET; }
  [[nodiscard]] const std::string& output() const { return out_; }

 private:
  const connection& c_;
  std::string_view request_;
  std::size_t at_ = 0;
  std::string out_;
};

}  // namespace detail

struct server::impl {
  server_options options;
  serve::metrics stats;
  detail::json_log log;
  detail::tls_identity identity;
  detail::request_processor http;
  SSL_CTX* tls = nullptr;
  int bound_port = -1;
  std::unique_ptr<detail::worker_pool> workers;
  std::unique_ptr<detail::front_end> front;

  std::atomic<bool> draining{false};
  std::atomic<bool> shutdown_begun{false};

  std::mutex mutex;  // guards stop_now; with wake
  std::condition_variable wake;
  bool stop_now = false;  // ends the shutdown delay and the reload loop
  std::thread front_thread, reload_thread, shutdown_thread, coverage_thread;
  // server_options::coverage's last good text, and how its runs went.
  std::mutex coverage_mutex;
  std::string coverage_text;
  std::uint64_t coverage_ok = 0, coverage_failed = 0;
  double coverage_last_success = 0;  // seconds since the epoch
  // Connections closed at a limit, logged at most once per 10 s (front-end thread only).
  std::uint64_t refused_since_log = 0;
  clock_type::time_point refused_logged{};

  explicit impl(server_options o)
      : options(std::move(o)), log(options.log, log_level::info), identity(options.tls_cert, options.tls_key) {}
  ~impl() {
    if (tls) SSL_CTX_free(tls);
  }

  static int on_certificate(SSL* ssl, void* arg) { return static_cast<impl*>(arg)->identity.use_on(ssl) ? 1 : 0; }

  result<void> setup_tls() {
    tls = SSL_CTX_new(TLS_server_method());
    if (tls == nullptr) return make_error("cannot set up TLS (OpenSSL SSL_CTX)");
    SSL_CTX_set_min_proto_version(tls, TLS1_2_VERSION);
    SSL_CTX_set_options(tls, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_TICKET |
                                 SSL_OP_CIPHER_SERVER_PREFERENCE);
    if (SSL_CTX_set_cipher_list(tls, tls12_ciphers) != 1) return make_error("cannot set the TLS 1.2 cipher suites");
    // No resumption (every handshake goes through on_certificate: the current certificate), no
    // TLS 1.3 tickets to write after the handshake; an idle connection's buffers are freed.
    SSL_CTX_set_session_cache_mode(tls, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_num_tickets(tls, 0);
    SSL_CTX_set_mode(tls, SSL_MODE_RELEASE_BUFFERS);
    SSL_CTX_set_cert_cb(tls, &impl::on_certificate, this);
    return {};
  }

  /// On a worker: cpp-httplib handles `request` (whole) and the answer is written.
  bool answer(detail::connection& c, std::string_view request, bool last) {
    detail::request_stream stream(c, request);
    bool client_closes = false;
    answer_closes = false;
    const bool handled = http.process_request(stream, last, client_closes, [&c](httplib::Request& req) {
      req.ssl = c.ssl();
      if (c.continue_sent()) req.headers.erase("Expect");  // the front end said 100 Continue
    });
    const bool written = c.write_all(stream.output(), clock_type::now() + options.read_timeout);
    return handled && written && !client_closes && !answer_closes;
  }

  void refused(int status, const std::string& message, const std::string& path, const std::string& peer) {
    if (path == "/validate")
      stats.record_validate(status == 413 ? validate_outcome::too_large : validate_outcome::bad_request,
                            admission_reason::not_config_map, std::chrono::nanoseconds(0));
    log.write(log_level::warn, "bad request",
              {json_field("path", path), number_field("status", status), json_field("error", message),
               json_field("remote", peer)});
  }

  void connection_event(detail::front_end::event e, const std::string& peer) {
    using event = detail::front_end::event;
    if (e == event::request_timeout) {
      stats.record_connection_timeout();
      log.write(log_level::warn, "connection closed: request time limit exceeded",
                {json_field("remote", peer), number_field("requestTimeoutSeconds", seconds(options.request_timeout)),
                 number_field("headerTimeoutSeconds", seconds(options.header_timeout))});
      return;
    }
    const char* reason = e == event::per_client_limit   ? "per_client_limit"
                         : e == event::connection_limit ? "connection_limit"
                                                        : "buffer_limit";
    stats.record_connection_refused(e == event::per_client_limit   ? connection_refusal::per_client_limit
                                    : e == event::connection_limit ? connection_refusal::connection_limit
                                                                   : connection_refusal::buffer_limit);
    const clock_type::time_point now = clock_type::now();
    ++refused_since_log;
    if (refused_logged != clock_type::time_point{} && now - refused_logged < std::chrono::seconds(10)) return;
    log.write(log_level::warn, "connections closed at a limit (one line per 10 s at most)",
              {json_field("reason", reason), json_field("remote", peer),
               number_field("closed", static_cast<double>(refused_since_log)),
               number_field("maxConnections", static_cast<double>(options.max_connections)),
               number_field("maxConnectionsPerClient", static_cast<double>(options.max_connections_per_client))});
    refused_since_log = 0;
    refused_logged = now;
  }

  void validate(const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader);
  void install_routes();
  void reload_loop();
  void coverage_loop();
  std::string coverage_metrics();
};

void server::impl::validate(const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader) {
  const clock_type::time_point start = clock_type::now();
  stats.set_in_flight(1);
  struct in_flight_guard {
    serve::metrics& m;
    ~in_flight_guard() { m.set_in_flight(-1); }
  } guard{stats};
  // (While draining, the post-routing handler makes the answer ask the client to close.)

  std::string body;
  bool over_limit = false;
  const bool read = reader([&](const char* data, std::size_t n) {
    if (body.size() + n > max_admission_review_bytes) {
      over_limit = true;
      return false;
    }
    body.append(data, n);
    return true;
  });
  const auto finish_error = [&](validate_outcome outcome, int status, const std::string& message) {
    res.status = status;
    res.set_content(message + "\n", "text/plain; charset=utf-8");
    if (outcome == validate_outcome::too_large) res.set_header("Connection", "close");
    stats.record_validate(outcome, admission_reason::not_config_map, clock_type::now() - start);
    log.write(log_level::warn, "bad request",
              {json_field("path", req.path), number_field("status", status), json_field("error", message),
               json_field("remote", req.remote_addr)});
  };
  if (!read) {
    if (over_limit || res.status == 413)
      return finish_error(validate_outcome::too_large, 413,
                          fmt::format("the AdmissionReview is larger than {} bytes", max_admission_review_bytes));
    return finish_error(validate_outcome::bad_request, 400, "the request body could not be read");
  }
  result<admission_request> parsed = parse_admission_review(body);
  if (const diagnostic* e = parsed.error()) {
    std::string message = "malformed AdmissionReview: ";
    if (!e->where.path.empty()) message += e->where.path + ": ";
    message += e->message;
    return finish_error(validate_outcome::bad_request, 400, message);
  }
  const admission_request& request = parsed.value();
  const admission_decision decision = review(request, options.review);
  const admission_response response = respond(request, decision, options.review);
  res.status = 200;
  res.set_content(admission_review_json(response), "application/json");
  const validate_outcome outcome = decision.allowed ? validate_outcome::allowed : validate_outcome::denied;
  const clock_type::duration took = clock_type::now() - start;
  stats.record_validate(outcome, decision.reason, took);
  stats.record_warnings(response.warnings.size());
  if (!decision.allowed || !response.warnings.empty() || options.log_allowed)
    log.write(log_level::info, decision.allowed ? "allowed" : "denied",
              {json_field("uid", request.uid), json_field("operation", request.operation_text),
               json_field("kind", request.kind), json_field("namespace", request.namespace_),
               json_field("name", request.name),
               json_field("side", decision.side ? side_name(*decision.side) : std::string_view()),
               bool_field("dryRun", request.dry_run),
               number_field("warnings", static_cast<double>(response.warnings.size())),
               json_field("message", response.message), number_field("seconds", seconds(took))});
}

void server::impl::install_routes() {
  httplib::Server& s = http;
  s.Post("/validate", [this](const httplib::Request& req, httplib::Response& res,
                             const httplib::ContentReader& reader) { validate(req, res, reader); });
  // Another method on /validate: 405 naming the one it takes (not the 404 of an unknown path).
  const auto post_only = [](const httplib::Request&, httplib::Response& res) {
    res.status = 405;
    res.set_header("Allow", "POST");
    res.set_content("/validate takes POST (an AdmissionReview)\n", "text/plain");
  };
  s.Get("/validate", post_only);
  s.Put("/validate", post_only);
  s.Patch("/validate", post_only);
  s.Delete("/validate", post_only);
  s.Get("/healthz", [](const httplib::Request&, httplib::Response& res) { res.set_content("ok\n", "text/plain"); });
  s.Get("/readyz", [this](const httplib::Request&, httplib::Response& res) {
    if (draining.load()) {
      res.status = 503;
      res.set_content("shutting down\n", "text/plain");  // and Connection: close (post-routing)
    } else {
      res.set_content("ok\n", "text/plain");
    }
  });
  s.Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
    if (front) stats.set_open_connections(front->open_connections());
    res.set_content(stats.prometheus_text() + coverage_metrics(), "text/plain; version=0.0.4");
  });
  s.set_post_routing_handler([this](const httplib::Request&, httplib::Response& res) {
    // While draining, every answer (health, metrics and errors too) asks the client to close:
    // no new request arrives on the connection once the listener is closed.
    if (draining.load() && !res.has_header("Connection")) res.set_header("Connection", "close");
    if (res.get_header_value("Connection") == "close") res.headers.erase("Keep-Alive");
  });
  s.set_logger([](const httplib::Request&, const httplib::Response& res) {
    // The answer is complete: whether the connection ends after it (the front end closes it).
    answer_closes = res.get_header_value("Connection") == "close";
  });
  s.set_exception_handler([this](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown exception";
    try {
      if (ep) std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    res.status = 500;
    res.set_content("internal error\n", "text/plain");
    log.write(log_level::error, "request failed", {json_field("path", req.path), json_field("error", what)});
  });
}

void server::impl::reload_loop() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!stop_now) {
    wake.wait_for(lock, options.reload_interval);
    if (stop_now) break;
    lock.unlock();
    if (std::unique_ptr<result<void>> r = identity.reload_if_changed()) {
      stats.record_certificate_reload(r->ok());
      if (const diagnostic* e = r->error())
        log.write(log_level::error, "certificate reload failed, keeping the previous certificate",
                  {json_field("error", e->to_string())});
      else
        log.write(log_level::info, "certificate reloaded",
                  {json_field("cert", identity.cert_file()), json_field("key", identity.key_file())});
    }
    lock.lock();
  }
}

void server::impl::coverage_loop() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!stop_now) {
    lock.unlock();
    const auto started = std::chrono::steady_clock::now();
    result<std::string> text = options.coverage();
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    {
      const std::lock_guard<std::mutex> guard(coverage_mutex);
      if (text.ok()) {
        coverage_text = std::move(text).value();
        ++coverage_ok;
        coverage_last_success =
            std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
      } else {
        ++coverage_failed;
      }
    }
    if (const diagnostic* e = text.error())
      log.write(log_level::error, "coverage failed, keeping the last one",
                {json_field("error", e->to_string()), number_field("seconds", took)});
    else log.write(log_level::info, "coverage planned", {number_field("seconds", took)});
    lock.lock();
    wake.wait_for(lock, options.coverage_interval, [&] { return stop_now; });
  }
}

std::string server::impl::coverage_metrics() {
  if (!options.coverage || options.coverage_interval.count() <= 0) return {};
  const std::lock_guard<std::mutex> guard(coverage_mutex);
  return fmt::format(
      "# HELP volpol_coverage_runs_total Coverage re-plans (--coverage-interval), by result.\n"
      "# TYPE volpol_coverage_runs_total counter\n"
      "volpol_coverage_runs_total{{result=\"ok\"}} {}\nvolpol_coverage_runs_total{{result=\"failed\"}} {}\n"
      "# HELP volpol_coverage_last_success_timestamp_seconds When the last coverage re-plan succeeded.\n"
      "# TYPE volpol_coverage_last_success_timestamp_seconds gauge\n"
      "volpol_coverage_last_success_timestamp_seconds {:.3f}\n{}",
      coverage_ok, coverage_failed, coverage_last_success, coverage_text);
}

server::server(server_options options) : impl_(std::make_unique<impl>(std::move(options))) {}

server::~server() {
  if (impl_->front_thread.joinable()) {
    shutdown_now();
    wait();
  }
}

const serve::metrics& server::stats() const { return impl_->stats; }
int server::port() const { return impl_->bound_port; }

result<void> server::start() {
  impl& m = *impl_;
  result<host_port> address = parse_address(m.options.address);
  if (const diagnostic* e = address.error()) return *e;
  if (m.options.tls_cert.empty() || m.options.tls_key.empty())
    return make_error("give both --tls-cert and --tls-key (PEM files)");
  if (result<void> loaded = m.identity.load(); !loaded) return *loaded.error();
  if (result<void> tls = m.setup_tls(); !tls) return *tls.error();
  const server_options& o = m.options;
  const host_port& hp = address.value();
  result<int> listening = listen_on(hp, o.address, m.bound_port);
  if (const diagnostic* e = listening.error()) return *e;

  m.http.set_keep_alive_timeout(static_cast<time_t>(o.keep_alive_timeout.count()));
  m.http.set_keep_alive_max_count(1000);
  m.http.set_payload_max_length(max_admission_review_bytes);
  m.install_routes();

  detail::front_end_options fo;
  fo.max_connections = o.max_connections;
  fo.max_connections_per_client = o.max_connections_per_client;
  fo.header_timeout = o.header_timeout;
  fo.request_timeout = o.request_timeout;
  fo.read_timeout = o.read_timeout;
  fo.keep_alive_timeout = o.keep_alive_timeout;
  fo.max_requests_per_connection = 1000;
  fo.framing.max_body_bytes = max_admission_review_bytes;

  // The server's threads never take SIGPIPE (a client that goes away while its answer is
  // written): they inherit this thread's mask with SIGPIPE blocked.
  sigset_t pipe, before;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, &before);
  m.workers = std::make_unique<detail::worker_pool>(o.workers, o.queue);
  m.front = std::make_unique<detail::front_end>(
      listening.value(), m.tls, fo, *m.workers,
      [&m](detail::connection& c, std::string_view request, bool last) { return m.answer(c, request, last); },
      [&m](int status, const std::string& message, const std::string& path, const std::string& peer) {
        m.refused(status, message, path, peer);
      },
      [&m](detail::front_end::event e, const std::string& peer) { m.connection_event(e, peer); });
  m.front_thread = std::thread([&m] { m.front->run(); });
  m.reload_thread = std::thread([&m] { m.reload_loop(); });
  if (o.coverage && o.coverage_interval.count() > 0) m.coverage_thread = std::thread([&m] { m.coverage_loop(); });
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  m.log.write(
      log_level::info, "listening",
      {json_field("address", hp.host.find(':') != std::string::npos ? fmt::format("[{}]:{}", hp.host, m.bound_port)
                                                                    : fmt::format("{}:{}", hp.host, m.bound_port)),
       number_field("workers", static_cast<double>(o.workers)), number_field("queue", static_cast<double>(o.queue)),
       number_field("maxConnections", static_cast<double>(o.max_connections)),
       number_field("maxConnectionsPerClient", static_cast<double>(o.max_connections_per_client)),
       number_field("headerTimeoutSeconds", seconds(o.header_timeout)),
       number_field("requestTimeoutSeconds", seconds(o.request_timeout)),
       bool_field("denyWarnings", o.review.deny_warnings), bool_field("lint", static_cast<bool>(o.review.lint)),
       number_field("coverageIntervalSeconds", o.coverage ? static_cast<double>(o.coverage_interval.count()) : 0.0)});
  return {};
}

void server::shutdown() {
  impl& m = *impl_;
  if (m.shutdown_begun.exchange(true)) return;
  m.draining.store(true);
  m.log.write(log_level::info, "shutting down: not ready, draining",
              {number_field("delaySeconds", seconds(m.options.shutdown_delay))});
  m.shutdown_thread = std::thread([&m] {
    {
      std::unique_lock<std::mutex> lock(m.mutex);
      m.wake.wait_for(lock, m.options.shutdown_delay, [&] { return m.stop_now; });
    }
    m.log.write(log_level::info, "closing the listening socket; in-flight requests finish");
    if (m.front) m.front->stop_accepting(clock_type::now() + m.options.request_timeout);
  });
}

void server::shutdown_now() {
  {
    const std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->stop_now = true;
  }
  impl_->wake.notify_all();
  shutdown();
}

void server::wait() {
  impl& m = *impl_;
  if (m.front_thread.joinable()) m.front_thread.join();  // the listener is closed, every connection too
  {
    const std::lock_guard<std::mutex> lock(m.mutex);
    m.stop_now = true;
  }
  m.wake.notify_all();
  if (m.shutdown_thread.joinable()) m.shutdown_thread.join();
  if (m.reload_thread.joinable()) m.reload_thread.join();
  if (m.coverage_thread.joinable()) m.coverage_thread.join();
  if (m.workers) m.workers->shutdown();
  m.log.write(log_level::info, "stopped",
              {number_field("allowed", static_cast<double>(m.stats.requests(validate_outcome::allowed))),
               number_field("denied", static_cast<double>(m.stats.requests(validate_outcome::denied)))});
}

}  // namespace volpol::serve
