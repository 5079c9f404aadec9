// `volpol serve`: the HTTPS admission webhook on cpp-httplib + OpenSSL (see server.h).
#include "volpol/serve/server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/ssl.h>
#include <sys/socket.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>

#include "connection_deadlines.h"
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

}  // namespace

struct server::impl {
  server_options options;
  serve::metrics stats;
  detail::json_log log;
  detail::tls_identity identity;
  detail::connection_deadlines deadlines;
  std::unique_ptr<httplib::SSLServer> http;
  int bound_port = -1;

  std::atomic<bool> draining{false};
  std::atomic<bool> shutdown_begun{false};
  std::atomic<int> listen_fd{-1};

  std::mutex mutex;  // guards stop_now, stopped; with wake
  std::condition_variable wake;
  bool stop_now = false;  // ends the shutdown delay and the reload loop
  std::thread listen_thread, reload_thread, shutdown_thread;

  explicit impl(server_options o)
      : options(std::move(o)),
        log(options.log, log_level::info),
        identity(options.tls_cert, options.tls_key),
        deadlines([this] {
          stats.record_connection_timeout();
          log.write(log_level::warn, "connection closed: request time limit exceeded",
                    {number_field("requestTimeoutSeconds", seconds(options.request_timeout))});
        }) {}

  [[nodiscard]] clock_type::duration between_requests() const {
    return options.keep_alive_timeout + options.request_timeout;
  }

  static int on_certificate(SSL* ssl, void* arg) {
    auto* self = static_cast<impl*>(arg);
    if (!self->identity.use_on(ssl)) return 0;
    const int fd = SSL_get_fd(ssl);
    // httplib writes a response's headers and body as two TLS records: without TCP_NODELAY the
    // second waits for the client's delayed ACK (about 40 ms on Linux).
    int yes = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    self->deadlines.set(fd, clock_type::now() + self->between_requests());
    return 1;
  }

  bool setup_tls(SSL_CTX& ctx) {
    SSL_CTX_set_min_proto_version(&ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(&ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_TICKET |
                                  SSL_OP_CIPHER_SERVER_PREFERENCE);
    // No resumption: every handshake goes through on_certificate (current certificate, deadline).
    SSL_CTX_set_session_cache_mode(&ctx, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_cert_cb(&ctx, &impl::on_certificate, this);
    SSL_CTX_set_app_data(&ctx, this);
    SSL_CTX_set_info_callback(&ctx, &impl::on_tls_state);
    return true;
  }

  /// At the start of each handshake (before the ClientHello is read): the deadline starts, so a
  /// client that sends its handshake a byte at a time is cut off too.
  static void on_tls_state(const SSL* ssl, int where, int /*ret*/) {
    if ((where & SSL_CB_HANDSHAKE_START) == 0) return;
    auto* self = static_cast<impl*>(SSL_CTX_get_app_data(SSL_get_SSL_CTX(ssl)));
    if (self) self->deadlines.set(SSL_get_fd(ssl), clock_type::now() + self->between_requests());
  }

  void close_listener() {
    const int fd = listen_fd.exchange(-1);
    if (fd < 0) return;
    // Still our listening socket? (The accept loop closes it itself if accept fails for good.)
    int accepting = 0;
    socklen_t len = sizeof accepting;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &len) != 0 || accepting != 1) return;
    // Makes the blocked accept() fail: httplib's accept loop ends and closes the socket, then its
    // task queue (worker_pool::shutdown) lets every accepted connection finish.
    ::shutdown(fd, SHUT_RDWR);
  }

  void validate(const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader);
  void install_routes();
  void reload_loop();
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
  httplib::SSLServer& s = *http;
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
    res.set_content(stats.prometheus_text(), "text/plain; version=0.0.4");
  });
  s.set_post_routing_handler([this](const httplib::Request&, httplib::Response& res) {
    // While draining, every answer (health, metrics and errors too) asks the client to close:
    // no new request arrives on the connection once the listener is closed.
    if (draining.load() && !res.has_header("Connection")) res.set_header("Connection", "close");
    if (res.get_header_value("Connection") == "close") res.headers.erase("Keep-Alive");
  });
  s.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response&) {
    // Headers are in: the rest of this request (body, decision, answer) has request_timeout.
    if (req.ssl) deadlines.set(SSL_get_fd(req.ssl), clock_type::now() + options.request_timeout);
    return httplib::Server::HandlerResponse::Unhandled;
  });
  s.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
    if (!req.ssl) return;
    const int fd = SSL_get_fd(req.ssl);
    if (res.get_header_value("Connection") == "close") {
      // The answer is written: end the connection from our side too (httplib closes only when
      // the client asked), so a client that ignores the header — or sent more than we read —
      // gets end-of-file now rather than at a timeout.
      ::shutdown(fd, SHUT_WR);
      return;
    }
    // Answered: the next request on this connection may idle keep_alive_timeout, then has
    // request_timeout.
    deadlines.set(fd, clock_type::now() + between_requests());
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

server::server(server_options options) : impl_(std::make_unique<impl>(std::move(options))) {}

server::~server() {
  if (impl_->listen_thread.joinable()) {
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

  m.http = std::make_unique<httplib::SSLServer>([&m](SSL_CTX& ctx) { return m.setup_tls(ctx); });
  if (!m.http->is_valid()) return make_error("cannot set up TLS (OpenSSL SSL_CTX)");
  const server_options& o = m.options;
  m.http->new_task_queue = [&m] { return new detail::worker_pool(m.options.workers, m.options.queue); };
  const auto usec = [](std::chrono::milliseconds d) { return static_cast<time_t>((d.count() % 1000) * 1000); };
  m.http->set_read_timeout(static_cast<time_t>(o.read_timeout.count() / 1000), usec(o.read_timeout));
  m.http->set_write_timeout(static_cast<time_t>(o.read_timeout.count() / 1000), usec(o.read_timeout));
  m.http->set_keep_alive_timeout(static_cast<time_t>(o.keep_alive_timeout.count()));
  m.http->set_keep_alive_max_count(1000);
  m.http->set_payload_max_length(max_admission_review_bytes);
  m.http->set_socket_options([&m](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    m.listen_fd.store(sock);  // httplib applies socket options to its listening socket only
  });
  m.install_routes();

  const host_port& hp = address.value();
  errno = 0;
  const int port = hp.port == 0 ? m.http->bind_to_any_port(hp.host)
                                : (m.http->bind_to_port(hp.host, hp.port) ? hp.port : -1);
  if (port < 0) {
    diagnostic d = make_error(fmt::format("cannot listen on {}: {}", o.address,
                                          errno ? std::strerror(errno) : "bind failed"),
                              "--address");
    return d;
  }
  m.bound_port = port;
  // httplib listens with a backlog of 5: a burst of new connections (API server replicas after a
  // restart, the load test's 16) would see SYNs dropped and retried a second later. Listening
  // again on the bound socket only raises the backlog.
  if (const int fd = m.listen_fd.load(); fd >= 0) ::listen(fd, SOMAXCONN);
  m.listen_thread = std::thread([&m] { m.http->listen_after_bind(); });
  m.reload_thread = std::thread([&m] { m.reload_loop(); });
  m.log.write(log_level::info, "listening",
              {json_field("address", hp.host.find(':') != std::string::npos ? fmt::format("[{}]:{}", hp.host, port)
                                                                            : fmt::format("{}:{}", hp.host, port)),
               number_field("workers", static_cast<double>(o.workers)),
               number_field("queue", static_cast<double>(o.queue)),
               number_field("requestTimeoutSeconds", seconds(o.request_timeout)),
               bool_field("denyWarnings", o.review.deny_warnings),
               bool_field("lint", static_cast<bool>(o.review.lint))});
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
    m.deadlines.cap(clock_type::now() + m.options.request_timeout);
    m.close_listener();
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
  if (m.listen_thread.joinable()) m.listen_thread.join();
  {
    const std::lock_guard<std::mutex> lock(m.mutex);
    m.stop_now = true;
  }
  m.wake.notify_all();
  if (m.shutdown_thread.joinable()) m.shutdown_thread.join();
  if (m.reload_thread.joinable()) m.reload_thread.join();
  m.deadlines.stop();
  m.log.write(log_level::info, "stopped",
              {number_field("allowed", static_cast<double>(m.stats.requests(validate_outcome::allowed))),
               number_field("denied", static_cast<double>(m.stats.requests(validate_outcome::denied)))});
}

}  // namespace volpol::serve
