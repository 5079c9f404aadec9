// src/serve/worker_pool.h — internal: the bounded worker pool behind the HTTPS server.
//
// cpp-httplib hands every accepted connection to a TaskQueue; its own ThreadPool queues without
// limit. This one has a fixed number of threads and a queue of at most `capacity` connections:
// when it is full, enqueue() blocks the accept loop, so further connections wait in the kernel's
// listen backlog (and are refused when that is full) instead of piling up in memory.
#pragma once

#include <httplib.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace volpol::serve::detail {

class worker_pool final : public httplib::TaskQueue {
 public:
  worker_pool(std::size_t threads, std::size_t capacity);
  ~worker_pool() override;
  worker_pool(const worker_pool&) = delete;
  worker_pool& operator=(const worker_pool&) = delete;

  /// Queues a connection's work; blocks while `capacity` connections already wait.
  void enqueue(std::function<void()> fn) override;
  /// Runs what is queued, then joins every thread (in-flight connections finish).
  void shutdown() override;

 private:
  void work();
  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable has_work_, has_room_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  bool stopping_ = false;
};

}  // namespace volpol::serve::detail
