// The front end: connections from accept to a whole request (see front_end.h).
#include "front_end.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>

namespace volpol::serve::detail {

namespace {

using clock_type = front_end_clock;
using namespace std::chrono_literals;

constexpr std::size_t read_chunk = 16 * 1024;

/// Milliseconds from `now` to `t`, rounded up, at least 0.
int millis_until(clock_type::time_point t, clock_type::time_point now) {
  if (t <= now) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(t - now).count();
  return ms > INT_MAX ? INT_MAX : static_cast<int>(ms);
}

void address_of(const sockaddr_storage& a, std::string& address, int& port) {
  char text[INET6_ADDRSTRLEN] = {};
  if (a.ss_family == AF_INET) {
    const auto& in = reinterpret_cast<const sockaddr_in&>(a);
    inet_ntop(AF_INET, &in.sin_addr, text, sizeof text);
    port = ntohs(in.sin_port);
  } else if (a.ss_family == AF_INET6) {
    const auto& in6 = reinterpret_cast<const sockaddr_in6&>(a);
    inet_ntop(AF_INET6, &in6.sin6_addr, text, sizeof text);
    port = ntohs(in6.sin6_port);
  }
  address = text;
}

const char* status_text(int status) {
  switch (status) {
    case 400: return "Bad Request";
    case 413: return "Payload Too Large";
    case 431: return "Request Header Fields Too Large";
    case 501: return "Not Implemented";
    default: return "Error";
  }
}

}  // namespace

bool connection::write_all(std::string_view data, clock_type::time_point deadline) {
  while (!data.empty()) {
    ERR_clear_error();
    const int n = SSL_write(ssl_, data.data(), static_cast<int>(std::min<std::size_t>(data.size(), INT_MAX)));
    if (n > 0) {
      data.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    const int e = SSL_get_error(ssl_, n);
    const short events = e == SSL_ERROR_WANT_WRITE ? POLLOUT : e == SSL_ERROR_WANT_READ ? POLLIN : 0;
    const int wait = millis_until(deadline, clock_type::now());
    if (events == 0 || wait == 0) return false;
    pollfd p{fd_, events, 0};
    if (::poll(&p, 1, wait) <= 0) return false;
  }
  return true;
}

front_end::front_end(int listen_fd, SSL_CTX* ctx, front_end_options options, worker_pool& workers, handler on_request,
                     refusal_handler on_refused, event_handler on_event)
    : listen_fd_(listen_fd),
      ctx_(ctx),
      options_(options),
      workers_(workers),
      on_request_(std::move(on_request)),
      on_refused_(std::move(on_refused)),
      on_event_(std::move(on_event)) {
  ::fcntl(listen_fd_, F_SETFL, ::fcntl(listen_fd_, F_GETFL) | O_NONBLOCK);
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

front_end::~front_end() {
  for (auto& c : connections_) {
    if (c->ssl_) SSL_free(c->ssl_);
    if (c->fd_ >= 0) ::close(c->fd_);
  }
  if (!listener_closed_ && listen_fd_ >= 0) ::close(listen_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

std::size_t front_end::open_connections() const { return open_.load(std::memory_order_relaxed); }

void front_end::wake() {
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(wake_fd_, &one, sizeof one);
}

void front_end::stop_accepting(clock_type::time_point latest) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    cap_ = latest;
  }
  wake();
}

void front_end::run() {
  for (;;) {
    clock_type::time_point now = clock_type::now();
    bool stopping = false;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping = stopping_;
    }
    if (stopping && !listener_closed_) {
      ::close(listen_fd_);
      listener_closed_ = true;
      // Connections idle between requests close now (their client was told `Connection: close`
      // while draining); the others finish the request they are in, within the cap.
      for (auto& c : connections_)
        if (c->phase_ == phase::idle && c->served_ > 0) close_connection(*c);
      for (auto& c : connections_) set_deadline(*c, now);
    }
    take_returned(now);
    dispatch_queued();
    sweep();
    if (listener_closed_ && connections_.empty()) return;

    poll_fds_.clear();
    poll_connections_.clear();
    poll_fds_.push_back({wake_fd_, POLLIN, 0});
    poll_connections_.push_back(nullptr);
    if (!listener_closed_ && now >= accept_paused_until_) {
      poll_fds_.push_back({listen_fd_, POLLIN, 0});
      poll_connections_.push_back(nullptr);
    }
    clock_type::time_point next = now + 1s;
    if (!listener_closed_ && now < accept_paused_until_) next = std::min(next, accept_paused_until_);
    for (auto& c : connections_) {
      short events = 0;
      switch (c->phase_) {
        case phase::handshake:
        case phase::idle:
        case phase::reading:
        case phase::answering:
        case phase::lingering: events = c->want_write_ ? POLLOUT : POLLIN; break;
        case phase::queued:
        case phase::working:
        case phase::closed: continue;
      }
      poll_fds_.push_back({c->fd_, events, 0});
      poll_connections_.push_back(c.get());
      next = std::min(next, c->deadline_);
    }
    const int ready = ::poll(poll_fds_.data(), poll_fds_.size(), millis_until(next, now));
    now = clock_type::now();
    if (ready > 0) {
      for (std::size_t i = 0; i < poll_fds_.size(); ++i) {
        const pollfd& p = poll_fds_[i];
        if (p.revents == 0) continue;
        if (p.fd == wake_fd_) {
          std::uint64_t count = 0;
          [[maybe_unused]] const ssize_t n = ::read(wake_fd_, &count, sizeof count);
        } else if (poll_connections_[i] == nullptr) {
          accept_all(now);
        } else {
          on_ready(*poll_connections_[i], p.revents, now);
        }
      }
    }
    expire(now);
    sweep();
  }
}

void front_end::accept_all(clock_type::time_point now) {
  for (;;) {
    sockaddr_storage peer{};
    socklen_t len = sizeof peer;
    const int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      // Out of descriptors: try again shortly (the connections' deadlines free some).
      if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) accept_paused_until_ = now + 100ms;
      return;
    }
    add_connection(fd, now);
  }
}

bool front_end::make_room() {
  // A closing connection makes room first, then the one that has waited longest without a
  // whole request (handshake, idle or a request still coming in); one being answered never.
  connection* chosen = nullptr;
  const auto rank = [](const connection& c) { return c.phase_ == phase::lingering ? 0 : 1; };
  for (auto& c : connections_) {
    if (c->phase_ != phase::handshake && c->phase_ != phase::idle && c->phase_ != phase::reading &&
        c->phase_ != phase::lingering)
      continue;
    if (chosen == nullptr || rank(*c) < rank(*chosen) || (rank(*c) == rank(*chosen) && c->since_ < chosen->since_))
      chosen = c.get();
  }
  if (chosen == nullptr) return false;
  if (chosen->phase_ != phase::lingering) on_event_(event::connection_limit, chosen->peer_address_);
  close_connection(*chosen);
  return true;
}

void front_end::add_connection(int fd, clock_type::time_point now) {
  auto c = std::make_unique<connection>();
  c->fd_ = fd;
  sockaddr_storage a{};
  socklen_t len = sizeof a;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0) address_of(a, c->peer_address_, c->peer_port_);
  len = sizeof a;
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0) address_of(a, c->local_address_, c->local_port_);
  if (const auto it = per_client_.find(c->peer_address_);
      it != per_client_.end() && it->second >= options_.max_connections_per_client) {
    on_event_(event::per_client_limit, c->peer_address_);
    ::close(fd);
    return;
  }
  if (live_ >= options_.max_connections && !make_room()) {
    on_event_(event::connection_limit, c->peer_address_);
    ::close(fd);
    return;
  }
  c->ssl_ = SSL_new(ctx_);
  if (c->ssl_ == nullptr || SSL_set_fd(c->ssl_, fd) != 1) {
    if (c->ssl_) SSL_free(c->ssl_);
    ::close(fd);
    return;
  }
  ++per_client_[c->peer_address_];
  ++live_;
  // An answer is written in one piece; without TCP_NODELAY its last TLS record could wait for
  // the client's delayed ACK.
  int yes = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
  c->framer_ = request_framer(options_.framing);
  c->accepted_ = c->since_ = c->request_start_ = c->last_read_ = now;
  c->phase_ = phase::handshake;
  connection& ref = *c;
  connections_.push_back(std::move(c));
  open_.store(live_, std::memory_order_relaxed);
  set_deadline(ref, now);
  handshake(ref, now);  // the ClientHello may be there already
}

void front_end::set_deadline(connection& c, clock_type::time_point now) {
  const auto first_part = std::min(options_.header_timeout, options_.request_timeout);
  clock_type::time_point d = clock_type::time_point::max();
  switch (c.phase_) {
    case phase::handshake: d = c.accepted_ + first_part; break;
    case phase::idle:
      d = c.since_ + options_.keep_alive_timeout;
      if (c.served_ == 0) d = std::min(d, c.accepted_ + first_part);  // the first request's headers
      break;
    case phase::reading:
      d = std::min(c.request_start_ + options_.request_timeout, c.last_read_ + options_.read_timeout);
      if (!c.framer_.head_done()) d = std::min(d, c.request_start_ + first_part);
      break;
    case phase::answering: d = now + options_.read_timeout; break;
    case phase::lingering: d = now + options_.linger; break;
    case phase::queued:
    case phase::working:
    case phase::closed: break;
  }
  const std::lock_guard<std::mutex> lock(mutex_);
  c.deadline_ = std::min(d, cap_);
}

void front_end::on_ready(connection& c, short revents, clock_type::time_point now) {
  if (c.phase_ == phase::closed) return;  // closed earlier in this round (make_room)
  if ((revents & (POLLERR | POLLNVAL)) != 0 && c.phase_ != phase::lingering) return close_connection(c);
  switch (c.phase_) {
    case phase::handshake: return handshake(c, now);
    case phase::idle:
    case phase::reading: return read_request(c, now);
    case phase::answering: return write_answer(c, now);
    case phase::lingering: return linger(c);
    case phase::queued:
    case phase::working:
    case phase::closed: return;
  }
}

void front_end::handshake(connection& c, clock_type::time_point now) {
  ERR_clear_error();
  const int r = SSL_accept(c.ssl_);
  if (r == 1) {
    c.want_write_ = false;
    c.phase_ = phase::idle;
    c.since_ = now;
    set_deadline(c, now);
    return read_request(c, now);  // TLS 1.3: the request may come with the handshake's end
  }
  const int e = SSL_get_error(c.ssl_, r);
  if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
    c.want_write_ = e == SSL_ERROR_WANT_WRITE;
    return;
  }
  ERR_clear_error();
  close_connection(c);  // not TLS, or no protocol or suite in common
}

void front_end::read_request(connection& c, clock_type::time_point now) {
  char buf[read_chunk];
  for (;;) {
    ERR_clear_error();
    const int n = SSL_read(c.ssl_, buf, sizeof buf);
    if (n <= 0) {
      const int e = SSL_get_error(c.ssl_, n);
      if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
        c.want_write_ = e == SSL_ERROR_WANT_WRITE;
        return;
      }
      ERR_clear_error();
      return close_connection(c);  // the client closed (between requests: the normal end) or failed
    }
    c.want_write_ = false;
    if (c.phase_ == phase::idle) {
      c.phase_ = phase::reading;
      if (c.served_ > 0) c.request_start_ = now;  // the first request's time runs from accept
    }
    c.in_.append(buf, static_cast<std::size_t>(n));
    c.last_read_ = now;
    scan_request(c, now);
    if (c.phase_ != phase::reading) return;  // whole, refused or closed: read no further for now
    count_buffered(c);
    if (c.phase_ != phase::reading) return;  // closed to stay within max_buffered_bytes
  }
}

void front_end::scan_request(connection& c, clock_type::time_point now) {
  switch (c.framer_.scan(c.in_)) {
    case request_framer::state::need_more:
      if (c.framer_.head_done() && c.framer_.expects_continue() && !c.continue_sent_) {
        // The client waits for this before sending the body. 25 bytes to a socket whose
        // send buffer is empty: written at once, or the connection is given up.
        c.continue_sent_ = true;
        constexpr std::string_view go_on = "HTTP/1.1 100 Continue\r\n\r\n";
        ERR_clear_error();
        if (SSL_write(c.ssl_, go_on.data(), static_cast<int>(go_on.size())) != static_cast<int>(go_on.size()))
          return close_connection(c);
      }
      set_deadline(c, now);
      return;
    case request_framer::state::refused: return refuse(c, c.framer_.status(), c.framer_.message(), now);
    case request_framer::state::complete: {
      const std::size_t size = c.framer_.size();
      c.request_ = c.in_.substr(0, size);
      c.in_.erase(0, size);
      c.framer_.reset();
      c.phase_ = phase::queued;
      count_buffered(c);
      queued_.push_back(&c);
      return;
    }
  }
}

void front_end::refuse(connection& c, int status, const std::string& message, clock_type::time_point now) {
  on_refused_(status, message, c.framer_.path(), c.peer_address_);
  std::string body = message + "\n";
  c.out_ = "HTTP/1.1 " + std::to_string(status) + " " + status_text(status) +
           "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
  c.out_at_ = 0;
  c.in_.clear();
  c.phase_ = phase::answering;
  count_buffered(c);
  c.want_write_ = true;
  set_deadline(c, now);
  write_answer(c, now);
}

void front_end::write_answer(connection& c, clock_type::time_point now) {
  while (c.out_at_ < c.out_.size()) {
    ERR_clear_error();
    const int n = SSL_write(c.ssl_, c.out_.data() + c.out_at_, static_cast<int>(c.out_.size() - c.out_at_));
    if (n > 0) {
      c.out_at_ += static_cast<std::size_t>(n);
      continue;
    }
    const int e = SSL_get_error(c.ssl_, n);
    if (e == SSL_ERROR_WANT_WRITE || e == SSL_ERROR_WANT_READ) {
      c.want_write_ = e == SSL_ERROR_WANT_WRITE;
      return;
    }
    ERR_clear_error();
    return close_connection(c);
  }
  start_closing(c, now);
}

void front_end::start_closing(connection& c, clock_type::time_point now) {
  // close_notify, then end our direction, then drop what the client still sends until it
  // closes too: closing with unread bytes would reset the connection, and the client could lose
  // the answer it has not read yet.
  ERR_clear_error();
  SSL_shutdown(c.ssl_);
  ERR_clear_error();
  ::shutdown(c.fd_, SHUT_WR);
  c.phase_ = phase::lingering;
  c.want_write_ = false;
  c.in_.clear();
  c.in_.shrink_to_fit();
  c.request_.clear();
  c.request_.shrink_to_fit();
  set_deadline(c, now);
  linger(c);
}

void front_end::linger(connection& c) {
  char buf[read_chunk];
  for (;;) {
    const ssize_t n = ::recv(c.fd_, buf, sizeof buf, 0);
    if (n > 0) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n < 0 && errno == EINTR) continue;
    return close_connection(c);  // end of stream or an error
  }
}

void front_end::close_connection(connection& c) {
  if (c.phase_ == phase::closed) return;
  if (c.ssl_) SSL_free(c.ssl_);
  c.ssl_ = nullptr;
  ::close(c.fd_);
  c.fd_ = -1;
  if (auto it = per_client_.find(c.peer_address_); it != per_client_.end() && --it->second == 0) per_client_.erase(it);
  std::erase(queued_, &c);
  c.phase_ = phase::closed;
  count_buffered(c);
  --live_;
  open_.store(live_, std::memory_order_relaxed);
}

void front_end::sweep() {
  std::erase_if(connections_, [](const std::unique_ptr<connection>& c) { return c->phase_ == phase::closed; });
}

void front_end::count_buffered(connection& c) {
  // Requests coming in and whole ones waiting for a worker count; those being answered do not
  // (the workers bound them).
  const std::size_t now_held = c.phase_ == phase::reading  ? c.in_.size()
                               : c.phase_ == phase::queued ? c.in_.size() + c.request_.size()
                                                           : 0;
  buffered_ = buffered_ - c.counted_ + now_held;
  c.counted_ = now_held;
  if (buffered_ <= options_.max_buffered_bytes) return;
  connection* most = nullptr;
  for (auto& other : connections_)
    if (other->phase_ == phase::reading && (most == nullptr || other->counted_ > most->counted_)) most = other.get();
  if (most == nullptr) return;
  on_event_(event::buffer_limit, most->peer_address_);
  close_connection(*most);
}

void front_end::become_idle(connection& c, clock_type::time_point now) {
  c.phase_ = phase::idle;
  c.since_ = now;
  c.continue_sent_ = false;
  c.request_.clear();
  c.request_.shrink_to_fit();
  if (!c.in_.empty()) {  // pipelined: the next request's first bytes are already here
    c.phase_ = phase::reading;
    c.request_start_ = now;
    scan_request(c, now);
    if (c.phase_ != phase::reading) return;
  }
  set_deadline(c, now);
  read_request(c, now);  // TLS may hold decrypted bytes that poll() does not see
}

void front_end::take_returned(clock_type::time_point now) {
  std::vector<std::pair<connection*, bool>> back;
  bool stopping = false;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    back.swap(returned_);
    stopping = stopping_;
  }
  for (auto [c, stays_open] : back) {
    ++c->served_;
    if (!stays_open) {
      start_closing(*c, now);
    } else if (stopping && c->in_.empty()) {
      start_closing(*c, now);  // draining: no further request is waited for
    } else {
      become_idle(*c, now);
    }
  }
}

void front_end::dispatch_queued() {
  std::size_t handed = 0;
  bool stopping = false;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping = stopping_;
  }
  for (connection* c : queued_) {
    const bool last = stopping || c->served_ + 1 >= options_.max_requests_per_connection;
    const bool taken = workers_.try_enqueue([this, c, last] {
      bool stays_open = false;
      try {
        stays_open = on_request_(*c, c->request_, last) && !last;
      } catch (...) {
        stays_open = false;
      }
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        returned_.emplace_back(c, stays_open);
      }
      wake();
    });
    if (!taken) break;
    c->phase_ = phase::working;
    count_buffered(*c);
    ++handed;
  }
  queued_.erase(queued_.begin(), queued_.begin() + static_cast<std::ptrdiff_t>(handed));
}

void front_end::expire(clock_type::time_point now) {
  for (auto& c : connections_) {
    if (c->phase_ == phase::queued || c->phase_ == phase::working || c->phase_ == phase::closed || c->deadline_ > now)
      continue;
    // A handshake or a request cut off is a timeout; the end of an idle connection, of an
    // answer or of a closing one is not.
    if (c->phase_ == phase::handshake || c->phase_ == phase::reading)
      on_event_(event::request_timeout, c->peer_address_);
    close_connection(*c);
  }
}

}  // namespace volpol::serve::detail
