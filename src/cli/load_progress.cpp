#include "load_progress.h"

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>

namespace volpol::cli {

namespace {

std::uint64_t bytes_read_by_this_process() {
  std::ifstream io("/proc/self/io");
  std::string key;
  std::uint64_t value = 0;
  while (io >> key >> value)
    if (key == "rchar:") return value;
  return 0;
}

}  // namespace

struct load_progress::impl {
  std::FILE* err;
  const std::atomic<std::uint64_t>* objects = nullptr;
  std::mutex m;
  std::condition_variable cv;
  bool stop = false;
  bool shown = false;
  std::chrono::milliseconds delay{1000};
  std::thread worker;

  void run() {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    const std::uint64_t base = bytes_read_by_this_process();
    std::unique_lock lock(m);
    if (cv.wait_for(lock, delay, [&] { return stop; })) return;
    while (!stop) {
      const double seconds = std::chrono::duration<double>(clock::now() - start).count();
      const double mb = static_cast<double>(bytes_read_by_this_process() - base) / 1e6;
      const double rate = seconds > 0 ? mb / seconds : 0.0;
      if (objects != nullptr) {
        const auto n = objects->load(std::memory_order_relaxed);
        std::fprintf(err, "\rloading: %.0f MB read, %.0f MB/s, %llu objects, %.0f objects/s\033[K", mb, rate,
                     static_cast<unsigned long long>(n), seconds > 0 ? static_cast<double>(n) / seconds : 0.0);
      } else {
        std::fprintf(err, "\rloading: %.0f MB read, %.0f MB/s\033[K", mb, rate);
      }
      std::fflush(err);
      shown = true;
      cv.wait_for(lock, std::chrono::milliseconds(250), [&] { return stop; });
    }
  }
};

load_progress::load_progress(std::FILE* err, const std::atomic<std::uint64_t>* objects) {
  if (err == nullptr || !isatty(fileno(err))) return;
  impl_ = std::make_unique<impl>();
  impl_->err = err;
  impl_->objects = objects;
  // For tests: VOLPOL_PROGRESS_DELAY_MS=0 shows the line at once.
  if (const char* d = std::getenv("VOLPOL_PROGRESS_DELAY_MS")) impl_->delay = std::chrono::milliseconds(std::atol(d));
  impl_->worker = std::thread([p = impl_.get()] { p->run(); });
}

load_progress::~load_progress() {
  if (!impl_) return;
  {
    std::lock_guard lock(impl_->m);
    impl_->stop = true;
  }
  impl_->cv.notify_all();
  impl_->worker.join();
  if (impl_->shown) {
    std::fputs("\r\033[K", impl_->err);
    std::fflush(impl_->err);
  }
}

}  // namespace volpol::cli
