// volpol/detail/serve/metrics.h — the webhook's Prometheus metrics (text exposition format 0.0.4),
// counted with atomics so every worker thread updates them without a lock.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "volpol/serve/admission.h"

namespace volpol::serve {

/// How a request to /validate ended.
enum class validate_outcome : std::uint8_t {
  allowed,      ///< 200, allowed
  denied,       ///< 200, denied (an invalid policy)
  bad_request,  ///< 400: not an AdmissionReview
  too_large,    ///< 413: body over max_admission_review_bytes
  count_
};

/// Why the server closed a connection that had not timed out (front end limits).
enum class connection_refusal : std::uint8_t {
  per_client_limit,  ///< at accept: its address already had --max-connections-per-client
  connection_limit,  ///< at --max-connections: closed to make room, or refused when none could be
  buffer_limit,      ///< it held the most request bytes when all of them passed the buffer limit
  count_
};

class metrics {
 public:
  /// Upper bounds of the latency histogram's buckets, in seconds (then +Inf).
  static constexpr std::array<double, 12> latency_buckets = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                             0.05,   0.1,   0.25,   0.5,   1.0,  2.5};

  /// One /validate request: its outcome, the side checked (none for unlabelled objects) and how
  /// long it took from the first body byte read to the response being ready.
  void record_validate(validate_outcome outcome, admission_reason reason, std::chrono::nanoseconds took);
  void record_warnings(std::uint64_t n) { warnings_.fetch_add(n, std::memory_order_relaxed); }
  void record_connection_timeout() { connection_timeouts_.fetch_add(1, std::memory_order_relaxed); }
  void record_certificate_reload(bool ok) {
    (ok ? reloads_ok_ : reloads_failed_).fetch_add(1, std::memory_order_relaxed);
  }
  void set_in_flight(std::int64_t delta) { in_flight_.fetch_add(delta, std::memory_order_relaxed); }
  void record_connection_refused(connection_refusal why) {
    refusals_[static_cast<std::size_t>(why)].fetch_add(1, std::memory_order_relaxed);
  }
  void set_open_connections(std::size_t n) { open_connections_.store(n, std::memory_order_relaxed); }

  /// The text exposition of every metric (`volpol_webhook_*`), for GET /metrics.
  [[nodiscard]] std::string prometheus_text() const;

  [[nodiscard]] std::uint64_t requests(validate_outcome o) const {
    return outcomes_[static_cast<std::size_t>(o)].load(std::memory_order_relaxed);
  }

 private:
  std::array<std::atomic<std::uint64_t>, static_cast<std::size_t>(validate_outcome::count_)> outcomes_{};
  std::array<std::atomic<std::uint64_t>, 7> reasons_{};                           // by admission_reason
  std::array<std::atomic<std::uint64_t>, latency_buckets.size() + 1> buckets_{};  // non-cumulative; last = +Inf
  std::atomic<std::uint64_t> latency_sum_ns_{0};
  std::atomic<std::uint64_t> warnings_{0};
  std::atomic<std::uint64_t> connection_timeouts_{0};
  std::atomic<std::uint64_t> reloads_ok_{0};
  std::atomic<std::uint64_t> reloads_failed_{0};
  std::atomic<std::int64_t> in_flight_{0};
  std::array<std::atomic<std::uint64_t>, static_cast<std::size_t>(connection_refusal::count_)> refusals_{};
  std::atomic<std::size_t> open_connections_{0};
};

}  // namespace volpol::serve
