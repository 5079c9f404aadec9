// load_progress.h (private to the cli layer) — "loading: 310 MB read, 95 MB/s, 30116 objects,
// 9700 objects/s" on a terminal while a long load runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>

namespace volpol::cli {

/// While alive, and only when `err` is a terminal: after one second, rewrites one status line
/// on `err` every quarter second with the bytes this process has read so far (the kernel's
/// count, /proc/self/io `rchar`: files, archives, stdin and kubectl's pipe alike) and the rate,
/// and, when `objects` is given, the objects read so far (k8s::load_options::objects_read)
/// and their rate.
/// The line is erased when the object is destroyed. Nothing is printed otherwise. The
/// environment variable VOLPOL_PROGRESS_DELAY_MS replaces the one-second delay (for tests).
class load_progress {
 public:
  explicit load_progress(std::FILE* err, const std::atomic<std::uint64_t>* objects = nullptr);
  ~load_progress();
  load_progress(const load_progress&) = delete;
  load_progress& operator=(const load_progress&) = delete;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace volpol::cli
