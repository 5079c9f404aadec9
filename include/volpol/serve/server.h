// volpol/serve/server.h — `volpol serve`: the HTTPS validating admission webhook.
//
// Endpoints (HTTPS only: TLS 1.3, or TLS 1.2 with ECDHE and AEAD suites; OpenSSL; cpp-httplib
// parses and routes each request):
//   POST /validate  AdmissionReview admission.k8s.io/v1 in, AdmissionReview out (see admission.h);
//                   400 with a text message for a body that is not one, 413 over 3 MiB (at once
//                   when Content-Length announces it)
//   GET  /healthz   200 "ok" while the process serves
//   GET  /readyz    200 "ok"; 503 once shutdown has begun (so Kubernetes stops sending traffic)
//   GET  /metrics   Prometheus text (see metrics.h)
// Operations: JSON log lines on the log stream (stderr), certificate and key reloaded when the
// files change, graceful shutdown (see server::shutdown), a bounded worker pool, deadlines from
// accept and connection limits (see server_options).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "volpol/core/result.h"
#include "volpol/detail/serve/metrics.h"
#include "volpol/serve/admission.h"

namespace volpol::serve {

struct server_options {
  std::string address = ":8443";  ///< `host:port`; `:port` = every IPv4 interface; port 0 = any free port
  std::string tls_cert;           ///< PEM certificate (its chain may follow), e.g. a Secret's tls.crt
  std::string tls_key;            ///< PEM private key (unencrypted), e.g. tls.key
  /// Threads answering requests. Connections are not theirs: one thread (the front end) accepts
  /// them and reads each request whole, without blocking, then hands it to a worker; so slow or
  /// idle clients hold no worker, and this bounds only the requests decided at the same time
  /// (and so the memory: each holds its policy, up to 1 MiB, decoded).
  std::size_t workers = 32;
  std::size_t queue = 128;  ///< whole requests waiting for a worker (then they wait in the front end)
  /// Connections open at once; at the limit a new one closes the connection that has waited
  /// longest without a whole request (so idle ones cannot lock out the API server).
  std::size_t max_connections = 1024;
  /// Connections open at once from one client address; more are closed at accept.
  std::size_t max_connections_per_client = 64;
  /// Deadlines, all starting at accept (for a later request on a kept-alive connection, at its
  /// first byte): the TLS handshake and the request's headers within `header_timeout`, the whole
  /// request within `request_timeout`; a connection past one is closed (no answer). While a
  /// request comes in, no byte for `read_timeout` closes it too; an answer must be written
  /// within `read_timeout`. The policy check itself is not interrupted: it is linear in the
  /// document (8,000 volume policies, about 1 MiB, the most a ConfigMap holds, take 0.4 s).
  std::chrono::milliseconds header_timeout{5000};
  std::chrono::milliseconds read_timeout{5000};
  std::chrono::milliseconds request_timeout{10000};
  std::chrono::seconds keep_alive_timeout{5};       ///< idle time between requests on a connection
  std::chrono::milliseconds shutdown_delay{5000};   ///< after SIGTERM: not ready, still serving, this long
  std::chrono::milliseconds reload_interval{1000};  ///< how often the certificate files are checked
  review_options review;                            ///< deny_warnings, lint
  std::FILE* log = stderr;                          ///< JSON log lines; nullptr = none
  bool log_allowed = false;                         ///< log every allowed request too (denials and errors always are)
  /// `--coverage-interval`: how often `coverage` runs (0 = never). Its last good text is served
  /// on /metrics after the webhook's own metrics, with volpol_coverage_runs_total{result} and
  /// volpol_coverage_last_success_timestamp_seconds.
  std::chrono::seconds coverage_interval{0};
  /// Re-plans the cluster's coverage (what `volpol coverage --cluster -o prometheus` prints):
  /// the Prometheus text, or the error to log (the last good text is kept). Called on its own
  /// thread: at start, then every coverage_interval after the previous run ended.
  std::function<result<std::string>()> coverage;
};

/// The webhook server. Thread-safe: shutdown() may be called from any thread.
class server {
 public:
  explicit server(server_options options);
  ~server();  ///< shuts down (without the delay) and waits
  server(const server&) = delete;
  server& operator=(const server&) = delete;

  /// Loads the certificate and key, binds the address and starts serving on background threads.
  /// @return an error naming the certificate or key file that cannot be used, or the address
  ///         that cannot be bound.
  result<void> start();
  /// The bound port (after start(); useful with port 0).
  [[nodiscard]] int port() const;
  /// Begins a graceful shutdown and returns at once: /readyz answers 503 and every response says
  /// `Connection: close` for `shutdown_delay` (Kubernetes removes the endpoint meanwhile, clients
  /// open no new keep-alive requests), then the listening socket is closed; connections already
  /// accepted are served to the end of their current request.
  void shutdown();
  /// Same, without the delay.
  void shutdown_now();
  /// Blocks until the server has stopped (after shutdown()) and every in-flight request finished.
  void wait();

  [[nodiscard]] const serve::metrics& stats() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// Runs the server until SIGTERM or SIGINT, then shuts down gracefully (`volpol serve`).
/// @return 0 after a clean shutdown; 1 when the server cannot start (the error is logged).
int run(server_options options);

}  // namespace volpol::serve
