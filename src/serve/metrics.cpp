// Prometheus text exposition of the webhook's counters (see metrics.h).
#include "volpol/detail/serve/metrics.h"

#include <fmt/format.h>

namespace volpol::serve {

namespace {

const char* outcome_name(validate_outcome o) {
  switch (o) {
    case validate_outcome::allowed: return "allowed";
    case validate_outcome::denied: return "denied";
    case validate_outcome::bad_request: return "bad_request";
    case validate_outcome::too_large: return "too_large";
    case validate_outcome::count_: break;
  }
  return "unknown";
}

const char* reason_name(std::size_t r) {
  switch (static_cast<admission_reason>(r)) {
    case admission_reason::not_config_map: return "not_config_map";
    case admission_reason::delete_or_connect: return "delete_or_connect";
    case admission_reason::no_object: return "no_object";
    case admission_reason::not_labelled: return "not_labelled";
    case admission_reason::unknown_side: return "unknown_side";
    case admission_reason::valid: return "valid";
    case admission_reason::invalid: return "invalid";
  }
  return "unknown";
}

}  // namespace

void metrics::record_validate(validate_outcome outcome, admission_reason reason, std::chrono::nanoseconds took) {
  outcomes_[static_cast<std::size_t>(outcome)].fetch_add(1, std::memory_order_relaxed);
  if (outcome == validate_outcome::allowed || outcome == validate_outcome::denied)
    reasons_[static_cast<std::size_t>(reason)].fetch_add(1, std::memory_order_relaxed);
  const double seconds = std::chrono::duration<double>(took).count();
  std::size_t b = 0;
  while (b < latency_buckets.size() && seconds > latency_buckets[b]) ++b;
  buckets_[b].fetch_add(1, std::memory_order_relaxed);
  latency_sum_ns_.fetch_add(static_cast<std::uint64_t>(took.count()), std::memory_order_relaxed);
}

std::string metrics::prometheus_text() const {
  std::string out;
  out += "# HELP volpol_webhook_requests_total AdmissionReview requests to /validate, by outcome.\n";
  out += "# TYPE volpol_webhook_requests_total counter\n";
  for (std::size_t i = 0; i < outcomes_.size(); ++i)
    out += fmt::format("volpol_webhook_requests_total{{outcome=\"{}\"}} {}\n",
                       outcome_name(static_cast<validate_outcome>(i)), outcomes_[i].load(std::memory_order_relaxed));
  out += "# HELP volpol_webhook_decisions_total Decisions on AdmissionReview requests, by reason.\n";
  out += "# TYPE volpol_webhook_decisions_total counter\n";
  for (std::size_t i = 0; i < reasons_.size(); ++i)
    out += fmt::format("volpol_webhook_decisions_total{{reason=\"{}\"}} {}\n", reason_name(i),
                       reasons_[i].load(std::memory_order_relaxed));
  out += "# HELP volpol_webhook_denials_total Requests denied (invalid resource policies).\n";
  out += "# TYPE volpol_webhook_denials_total counter\n";
  out += fmt::format("volpol_webhook_denials_total {}\n", requests(validate_outcome::denied));
  out += "# HELP volpol_webhook_warnings_total Warnings returned in AdmissionReview responses.\n";
  out += "# TYPE volpol_webhook_warnings_total counter\n";
  out += fmt::format("volpol_webhook_warnings_total {}\n", warnings_.load(std::memory_order_relaxed));
  out += "# HELP volpol_webhook_request_duration_seconds Time to read, decide and answer a /validate request.\n";
  out += "# TYPE volpol_webhook_request_duration_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t b = 0; b < buckets_.size(); ++b) {
    cumulative += buckets_[b].load(std::memory_order_relaxed);
    const std::string le = b < latency_buckets.size() ? fmt::format("{}", latency_buckets[b]) : "+Inf";
    out += fmt::format("volpol_webhook_request_duration_seconds_bucket{{le=\"{}\"}} {}\n", le, cumulative);
  }
  out += fmt::format("volpol_webhook_request_duration_seconds_sum {:.9f}\n",
                     static_cast<double>(latency_sum_ns_.load(std::memory_order_relaxed)) / 1e9);
  out += fmt::format("volpol_webhook_request_duration_seconds_count {}\n", cumulative);
  out += "# HELP volpol_webhook_in_flight_requests Requests being handled now.\n";
  out += "# TYPE volpol_webhook_in_flight_requests gauge\n";
  out += fmt::format("volpol_webhook_in_flight_requests {}\n", in_flight_.load(std::memory_order_relaxed));
  out += "# HELP volpol_webhook_connection_timeouts_total Connections closed for exceeding the request time limit.\n";
  out += "# TYPE volpol_webhook_connection_timeouts_total counter\n";
  out += fmt::format("volpol_webhook_connection_timeouts_total {}\n",
                     connection_timeouts_.load(std::memory_order_relaxed));
  out +=
      "# HELP volpol_webhook_connections_closed_at_limit_total Connections closed at a connection or buffer "
      "limit.\n";
  out += "# TYPE volpol_webhook_connections_closed_at_limit_total counter\n";
  constexpr const char* refusal_names[] = {"per_client_limit", "connection_limit", "buffer_limit"};
  for (std::size_t i = 0; i < refusals_.size(); ++i)
    out += fmt::format("volpol_webhook_connections_closed_at_limit_total{{reason=\"{}\"}} {}\n", refusal_names[i],
                       refusals_[i].load(std::memory_order_relaxed));
  out += "# HELP volpol_webhook_open_connections Client connections open now.\n";
  out += "# TYPE volpol_webhook_open_connections gauge\n";
  out += fmt::format("volpol_webhook_open_connections {}\n", open_connections_.load(std::memory_order_relaxed));
  out += "# HELP volpol_webhook_certificate_reloads_total Certificate/key reloads after the files changed.\n";
  out += "# TYPE volpol_webhook_certificate_reloads_total counter\n";
  out += fmt::format("volpol_webhook_certificate_reloads_total{{result=\"ok\"}} {}\n",
                     reloads_ok_.load(std::memory_order_relaxed));
  out += fmt::format("volpol_webhook_certificate_reloads_total{{result=\"failed\"}} {}\n",
                     reloads_failed_.load(std::memory_order_relaxed));
  return out;
}

}  // namespace volpol::serve
