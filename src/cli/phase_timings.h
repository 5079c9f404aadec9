// Private to the CLI: wall time of each phase of a run (load, plan, output), printed to
// stderr when the environment has VOLPOL_TIMINGS=1. For profiling and bench/README.md's
// "what limits each number"; never part of any output a test compares.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace volpol::cli {

/// Prints "volpol: timing: PHASE S s wall, C s CPU (calling thread), peak RSS M MB, RSS N MB" to stderr when it goes
/// out of scope (or at stop()), if VOLPOL_TIMINGS=1 is set; does nothing otherwise.
class phase_timing {
 public:
  explicit phase_timing(const char* phase)
      : phase_(phase), start_(std::chrono::steady_clock::now()), start_cpu_(thread_cpu_seconds()) {}
  ~phase_timing() { stop(); }
  phase_timing(const phase_timing&) = delete;
  phase_timing& operator=(const phase_timing&) = delete;
  void stop() {
    if (phase_ == nullptr) return;
    if (enabled()) {
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start_;
      std::fprintf(stderr,
                   "volpol: timing: %-8s %.3f s wall, %.3f s CPU (calling thread), peak RSS %ld MB, RSS %ld MB\n",
                   phase_, took.count(), thread_cpu_seconds() - start_cpu_, status_mb("VmHWM:"), status_mb("VmRSS:"));
    }
    phase_ = nullptr;
  }

 private:
  static bool enabled() {
    static const bool on = [] {
      const char* v = std::getenv("VOLPOL_TIMINGS");
      return v != nullptr && std::strcmp(v, "1") == 0;
    }();
    return on;
  }
  static double thread_cpu_seconds() {
    timespec t{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return 0;
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
  }
  /// A field of /proc/self/status (VmHWM: the peak resident set, VmRSS: the resident set now),
  /// in MB (-1 when unknown).
  static long status_mb(const char* field) {
    std::FILE* f = std::fopen("/proc/self/status", "r");
    if (f == nullptr) return -1;
    char line[256];
    long kb = -1;
    const std::size_t n = std::strlen(field);
    while (std::fgets(line, sizeof line, f) != nullptr)
      if (std::strncmp(line, field, n) == 0) kb = std::strtol(line + n, nullptr, 10);
    std::fclose(f);
    return kb < 0 ? -1 : kb / 1024;
  }
  const char* phase_;
  std::chrono::steady_clock::time_point start_;
  double start_cpu_;
};

}  // namespace volpol::cli
