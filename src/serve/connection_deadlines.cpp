// The per-request time limit's watchdog (see connection_deadlines.h).
#include "connection_deadlines.h"

#include <cstring>
#include <vector>

namespace volpol::serve::detail {

connection_deadlines::connection_deadlines(std::function<void()> on_timeout)
    : on_timeout_(std::move(on_timeout)), thread_([this] { watch(); }) {}

connection_deadlines::~connection_deadlines() { stop(); }

void connection_deadlines::stop() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void connection_deadlines::set(int fd, clock::time_point deadline) {
  entry e;
  e.deadline = deadline;
  e.peer_len = sizeof(e.peer);
  if (getpeername(fd, reinterpret_cast<sockaddr*>(&e.peer), &e.peer_len) != 0) return;  // already gone
  const std::lock_guard<std::mutex> lock(mutex_);
  if (e.deadline > cap_) e.deadline = cap_;
  entries_[fd] = e;
}

void connection_deadlines::cap(clock::time_point latest) {
  const std::lock_guard<std::mutex> lock(mutex_);
  cap_ = latest;
  for (auto& [fd, e] : entries_)
    if (e.deadline > latest) e.deadline = latest;
}

void connection_deadlines::watch() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, std::chrono::milliseconds(100));
    const clock::time_point now = clock::now();
    std::vector<std::pair<int, entry>> expired;
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (it->second.deadline <= now) {
        expired.emplace_back(*it);
        it = entries_.erase(it);
      } else {
        ++it;
      }
    }
    lock.unlock();
    for (const auto& [fd, e] : expired) {
      sockaddr_storage peer{};
      socklen_t len = sizeof(peer);
      // Closed connections (whose number may be reused) are told apart by their peer address.
      if (getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &len) != 0) continue;
      if (len != e.peer_len || std::memcmp(&peer, &e.peer, len) != 0) continue;
      ::shutdown(fd, SHUT_RDWR);
      if (on_timeout_) on_timeout_();
    }
    lock.lock();
  }
}

}  // namespace volpol::serve::detail
