// src/serve/connection_deadlines.h — internal: the time limit on every request.
//
// cpp-httplib limits each read and write (SO_RCVTIMEO/SO_SNDTIMEO), not a whole request: a client
// sending one byte just before each read times out could hold a worker forever. Every connection
// therefore gets a deadline — set at its TLS handshake and moved on after each request — and a
// watchdog thread shuts down (shutdown(2)) the sockets whose deadline passed, which makes the
// worker's blocked read fail and frees it. A socket number can be reused by a later connection:
// the watchdog acts only when the socket's peer address is still the one recorded.
#pragma once

#include <sys/socket.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace volpol::serve::detail {

class connection_deadlines {
 public:
  using clock = std::chrono::steady_clock;
  /// `on_timeout` is called (from the watchdog thread) for each connection shut down.
  explicit connection_deadlines(std::function<void()> on_timeout);
  ~connection_deadlines();
  connection_deadlines(const connection_deadlines&) = delete;
  connection_deadlines& operator=(const connection_deadlines&) = delete;

  /// Sets (or moves) the deadline of the connection on socket `fd`.
  void set(int fd, clock::time_point deadline);
  /// From now on no deadline is later than `latest` (graceful shutdown: bounds how long
  /// connections that keep sending requests can keep the server up).
  void cap(clock::time_point latest);
  /// Stops the watchdog (the destructor does too).
  void stop();

 private:
  struct entry {
    clock::time_point deadline;
    sockaddr_storage peer{};
    socklen_t peer_len = 0;
  };
  void watch();
  std::function<void()> on_timeout_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::unordered_map<int, entry> entries_;
  bool stopping_ = false;
  clock::time_point cap_ = clock::time_point::max();
  std::thread thread_;
};

}  // namespace volpol::serve::detail
