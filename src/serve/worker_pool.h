// src/serve/worker_pool.h — internal: the bounded worker pool behind the HTTPS server.
//
// A fixed number of threads and a queue of at most `capacity` jobs. The server's front end
// (front_end.h) hands each whole request to it with try_enqueue; when the queue is full the
// request waits in the front end (one per connection) until a worker is free.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace volpol::serve::detail {

class worker_pool {
 public:
  worker_pool(std::size_t threads, std::size_t capacity);
  ~worker_pool();
  worker_pool(const worker_pool&) = delete;
  worker_pool& operator=(const worker_pool&) = delete;

  /// Queues `fn`; blocks while `capacity` jobs already wait.
  void enqueue(std::function<void()> fn);
  /// Queues `fn` unless `capacity` jobs already wait (or the pool is stopping). @return queued.
  bool try_enqueue(std::function<void()> fn);
  /// Runs what is queued, then joins every thread (jobs in flight finish).
  void shutdown();

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
