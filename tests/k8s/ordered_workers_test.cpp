// ordered_workers (src/k8s/loader/loader_parallel.h): results reach the sink in submission
// order, whoever reads a batch; and the calling thread reads batches no worker has started
// instead of waiting (here: while the only worker is held up by its first batch).
#include "../../src/k8s/loader/loader_parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace volpol::k8s::detail {
namespace {

/// Keeps the problems it is given (each batch reports one: its number).
class problem_list final : public object_sink {
 public:
  void object(object_fields&, const classification&, object_origin) override {}
  void problem(diagnostic d) override { messages.push_back(d.message); }
  std::vector<std::string> messages;
};

struct shared_state {
  std::atomic<bool> started_first{false};
  std::atomic<bool> released{false};          ///< a batch ran on the calling thread
  std::atomic<bool> first_waited_out{false};  ///< batch 0 gave up waiting for that
  std::atomic<int> on_caller{0};
  std::thread::id caller = std::this_thread::get_id();
};

/// Batch `n`: reports "n"; batch 0 waits (up to 10 s) until a batch runs on the calling
/// thread.
class numbered_batch final : public batch_job {
 public:
  numbered_batch(int n, shared_state& s) : n_(n), s_(s) {}
  void run(worker_scratch&, object_sink& out) override {
    if (std::this_thread::get_id() == s_.caller) {
      ++s_.on_caller;
      s_.released = true;
    }
    if (n_ == 0) {
      s_.started_first = true;
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      while (!s_.released && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      s_.first_waited_out = !s_.released;
    }
    diagnostic d;
    d.message = std::to_string(n_);
    out.problem(std::move(d));
  }

 private:
  int n_;
  shared_state& s_;
};

TEST(ordered_workers, the_calling_thread_reads_batches_while_the_workers_are_behind) {
  problem_list out;
  shared_state state;
  constexpr int batches = 12;  // more than the 2 × 1 + 2 in flight of one worker
  {
    ordered_workers workers(out, 1);
    for (int n = 0; n < batches; ++n) {
      workers.submit(std::make_unique<numbered_batch>(n, state));
      if (n == 0)  // the worker takes batch 0 before anything else is queued
        while (!state.started_first) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    workers.drain();
  }
  // Batch 0 held the only worker until the calling thread, with too many batches in flight,
  // read one itself (it read all the others, the worker being held).
  EXPECT_FALSE(state.first_waited_out.load());
  EXPECT_GE(state.on_caller.load(), 1);
  std::vector<std::string> expected;
  for (int n = 0; n < batches; ++n) expected.push_back(std::to_string(n));
  EXPECT_EQ(out.messages, expected);
}

TEST(ordered_workers, results_keep_submission_order_on_many_threads) {
  problem_list out;
  shared_state state;
  state.released = true;  // batch 0 does not wait
  {
    ordered_workers workers(out, 3);
    for (int n = 1; n <= 500; ++n) workers.submit(std::make_unique<numbered_batch>(n, state));
    workers.drain();
  }
  ASSERT_EQ(out.messages.size(), 500U);
  for (int n = 1; n <= 500; ++n) EXPECT_EQ(out.messages[static_cast<std::size_t>(n - 1)], std::to_string(n));
}

}  // namespace
}  // namespace volpol::k8s::detail
