// The bounded worker pool and the metrics text.
#include "../../src/serve/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "volpol/detail/serve/metrics.h"

namespace volpol::serve {
namespace {

using namespace std::chrono_literals;

TEST(worker_pool, enqueue_waits_while_the_queue_is_full) {
  detail::worker_pool pool(1, 1);
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<int> ran{0};
  pool.enqueue([&] {
    released.wait();
    ++ran;
  });                                 // runs, blocks the only thread
  std::this_thread::sleep_for(50ms);  // let the worker take it
  pool.enqueue([&] { ++ran; });       // queued: the queue is now full
  std::atomic<bool> third_queued{false};
  std::thread producer([&] {
    pool.enqueue([&] { ++ran; });  // must wait for room
    third_queued = true;
  });
  std::this_thread::sleep_for(100ms);
  EXPECT_FALSE(third_queued.load());
  release.set_value();
  producer.join();
  EXPECT_TRUE(third_queued.load());
  pool.shutdown();  // runs what is queued, then joins
  EXPECT_EQ(ran.load(), 3);
}

TEST(metrics, histogram_buckets_are_cumulative) {
  metrics m;
  m.record_validate(validate_outcome::allowed, admission_reason::valid, 300us);
  m.record_validate(validate_outcome::denied, admission_reason::invalid, 2ms);
  m.record_validate(validate_outcome::bad_request, admission_reason::not_config_map, 5s);
  const std::string t = m.prometheus_text();
  EXPECT_NE(t.find("volpol_webhook_request_duration_seconds_bucket{le=\"0.0005\"} 1\n"), std::string::npos) << t;
  EXPECT_NE(t.find("volpol_webhook_request_duration_seconds_bucket{le=\"0.001\"} 1\n"), std::string::npos);
  EXPECT_NE(t.find("volpol_webhook_request_duration_seconds_bucket{le=\"0.0025\"} 2\n"), std::string::npos);
  EXPECT_NE(t.find("volpol_webhook_request_duration_seconds_bucket{le=\"2.5\"} 2\n"), std::string::npos);
  EXPECT_NE(t.find("volpol_webhook_request_duration_seconds_bucket{le=\"+Inf\"} 3\n"), std::string::npos);
  EXPECT_NE(t.find("volpol_webhook_request_duration_seconds_sum 5.002300000\n"), std::string::npos);
  EXPECT_NE(t.find("volpol_webhook_decisions_total{reason=\"valid\"} 1\n"), std::string::npos);
  EXPECT_NE(t.find("volpol_webhook_decisions_total{reason=\"invalid\"} 1\n"), std::string::npos);
  EXPECT_NE(t.find("volpol_webhook_decisions_total{reason=\"not_config_map\"} 0\n"), std::string::npos);
  EXPECT_NE(t.find("volpol_webhook_denials_total 1\n"), std::string::npos);
}

}  // namespace
}  // namespace volpol::serve
