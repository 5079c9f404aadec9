// The bounded worker pool (see worker_pool.h).
#include "worker_pool.h"

namespace volpol::serve::detail {

worker_pool::worker_pool(std::size_t threads, std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {
  if (threads == 0) threads = 1;
  threads_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

worker_pool::~worker_pool() { shutdown(); }

void worker_pool::enqueue(std::function<void()> fn) {
  std::unique_lock<std::mutex> lock(mutex_);
  has_room_.wait(lock, [&] { return jobs_.size() < capacity_ || stopping_; });
  jobs_.push_back(std::move(fn));
  lock.unlock();
  has_work_.notify_one();
}

bool worker_pool::try_enqueue(std::function<void()> fn) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ || jobs_.size() >= capacity_) return false;
    jobs_.push_back(std::move(fn));
  }
  has_work_.notify_one();
  return true;
}

void worker_pool::shutdown() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  has_work_.notify_all();
  has_room_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

void worker_pool::work() {
  for (;;) {
    std::function<void()> fn;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      has_work_.wait(lock, [&] { return !jobs_.empty() || stopping_; });
      if (jobs_.empty()) return;  // stopping, nothing left
      fn = std::move(jobs_.front());
      jobs_.pop_front();
    }
    has_room_.notify_one();
    fn();
  }
}

}  // namespace volpol::serve::detail
