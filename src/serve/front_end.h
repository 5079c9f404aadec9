// src/serve/front_end.h — internal: every connection of `volpol serve` until a request is whole.
//
// cpp-httplib's server gives each accepted connection to a worker thread that reads it as it
// parses: a client that sends its handshake or headers a byte a second, or says nothing, holds
// a worker, and 32 such clients stop the webhook. Here one thread (the front end) owns every
// connection while it is not being answered: it accepts, does the TLS handshake, reads the
// request whole — headers and body, framed by request_framer — without blocking (poll), and only
// then hands the request to a worker, which runs cpp-httplib's request handling on those bytes
// and writes the answer. Slow and idle clients cost a socket and a buffer each, never a worker.
//
// Limits, all checked in the front end:
//   - deadlines that start at accept: the TLS handshake and the headers within header_timeout,
//     the whole request within request_timeout (for a later request on a kept-alive connection,
//     from its first byte); no byte for read_timeout while a request comes in; an idle connection
//     (between requests) is closed after keep_alive_timeout;
//   - at most max_connections_per_client connections from one address (more are closed at
//     accept) and max_connections in all (at the limit, a new connection closes the connection
//     that has waited longest without a whole request);
//   - framing errors and an announced body over the limit are answered at once (400, 413, 431,
//     501: request_framing.h), before any body byte is read; then the connection closes.
// Pipelined requests are answered in order: the bytes after a request stay for the next one.
#pragma once

#include <openssl/ssl.h>
#include <poll.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "request_framing.h"
#include "worker_pool.h"

namespace volpol::serve::detail {

using front_end_clock = std::chrono::steady_clock;

struct front_end_options {
  std::size_t max_connections = 1024;
  std::size_t max_connections_per_client = 64;
  front_end_clock::duration header_timeout = std::chrono::seconds(5);
  front_end_clock::duration request_timeout = std::chrono::seconds(10);
  front_end_clock::duration read_timeout = std::chrono::seconds(5);
  front_end_clock::duration keep_alive_timeout = std::chrono::seconds(5);
  /// After an answer that closes the connection: how long what the client still sends is read
  /// and dropped, so that closing does not reset the connection before the answer is read.
  front_end_clock::duration linger = std::chrono::seconds(2);
  std::size_t max_requests_per_connection = 1000;
  /// Bytes of requests coming in or waiting for a worker, over all connections: past it, the
  /// connection still reading that holds the most is closed (clients sending large bodies
  /// slowly on many connections, or faster than the workers decide them).
  std::size_t max_buffered_bytes = std::size_t{64} << 20;
  framing_limits framing;
};

/// One client connection. A worker gets it with a whole request and may only write (write_all).
class connection {
 public:
  [[nodiscard]] SSL* ssl() const { return ssl_; }
  [[nodiscard]] const std::string& peer_address() const { return peer_address_; }
  [[nodiscard]] int peer_port() const { return peer_port_; }
  [[nodiscard]] const std::string& local_address() const { return local_address_; }
  [[nodiscard]] int local_port() const { return local_port_; }
  /// The front end already answered `Expect: 100-continue` for the request being handed over.
  [[nodiscard]] bool continue_sent() const { return continue_sent_; }
  /// Writes all of `data` over TLS, waiting (poll) at most until `deadline`. @return false on
  /// error or when the deadline passed (the connection is then closed).
  bool write_all(std::string_view data, front_end_clock::time_point deadline);

 private:
  friend class front_end;
  enum class phase : std::uint8_t { handshake, idle, reading, queued, working, answering, lingering, closed };
  int fd_ = -1;
  SSL* ssl_ = nullptr;
  std::string peer_address_, local_address_;
  int peer_port_ = 0, local_port_ = 0;
  phase phase_ = phase::handshake;
  front_end_clock::time_point accepted_, since_, request_start_, last_read_, deadline_;
  std::string in_;       // bytes read and not yet handed over
  std::string request_;  // the whole request handed to a worker
  std::string out_;      // an answer the front end writes itself
  std::size_t out_at_ = 0;
  std::size_t counted_ = 0;  // bytes counted in front_end::buffered_ (reading and queued only)
  request_framer framer_{framing_limits{}};
  std::size_t served_ = 0;
  bool continue_sent_ = false;
  bool want_write_ = false;  // TLS needs the socket writable to go on
};

class front_end {
 public:
  /// On a worker: answer `request` (whole; the connection's bytes). `last`: the connection closes
  /// after this answer whatever it says. @return whether the connection stays open.
  using handler = std::function<bool(connection& c, std::string_view request, bool last)>;
  /// A request refused by its framing (status 400, 413, 431 or 501), answered by the front end.
  using refusal_handler =
      std::function<void(int status, const std::string& message, const std::string& path, const std::string& peer)>;
  enum class event : std::uint8_t {
    request_timeout,   ///< closed: the handshake or the request did not arrive in time
    per_client_limit,  ///< a new connection closed: its address has max_connections_per_client
    connection_limit,  ///< a connection closed to make room (or a new one refused) at max_connections
    buffer_limit,      ///< closed: it held the most bytes when max_buffered_bytes was passed
  };
  using event_handler = std::function<void(event e, const std::string& peer)>;

  /// `listen_fd`: a listening socket (made non-blocking here), owned and closed by the front end.
  /// `ctx`: the server's TLS context. Requests go to `workers` (try_enqueue).
  front_end(int listen_fd, SSL_CTX* ctx, front_end_options options, worker_pool& workers, handler on_request,
            refusal_handler on_refused, event_handler on_event);
  ~front_end();
  front_end(const front_end&) = delete;
  front_end& operator=(const front_end&) = delete;

  /// The loop: returns once stop_accepting() was called and every connection is closed.
  void run();
  /// From any thread: closes the listening socket; connections still open get deadlines no later
  /// than `latest`, those idle between requests close now, the others close after their answer.
  void stop_accepting(front_end_clock::time_point latest);
  /// Connections open now.
  [[nodiscard]] std::size_t open_connections() const;

 private:
  using phase = connection::phase;
  void accept_all(front_end_clock::time_point now);
  void add_connection(int fd, front_end_clock::time_point now);
  bool make_room();
  void on_ready(connection& c, short revents, front_end_clock::time_point now);
  void handshake(connection& c, front_end_clock::time_point now);
  void read_request(connection& c, front_end_clock::time_point now);
  void scan_request(connection& c, front_end_clock::time_point now);
  void refuse(connection& c, int status, const std::string& message, front_end_clock::time_point now);
  void write_answer(connection& c, front_end_clock::time_point now);
  void start_closing(connection& c, front_end_clock::time_point now);
  void linger(connection& c);
  void close_connection(connection& c);
  void sweep();
  void count_buffered(connection& c);
  void become_idle(connection& c, front_end_clock::time_point now);
  void dispatch_queued();
  void take_returned(front_end_clock::time_point now);
  void expire(front_end_clock::time_point now);
  void set_deadline(connection& c, front_end_clock::time_point now);
  void wake();

  int listen_fd_;
  int wake_fd_ = -1;  // eventfd: workers and stop_accepting() wake the loop
  SSL_CTX* ctx_;
  front_end_options options_;
  worker_pool& workers_;
  handler on_request_;
  refusal_handler on_refused_;
  event_handler on_event_;

  std::vector<std::unique_ptr<connection>> connections_;
  std::unordered_map<std::string, std::size_t> per_client_;
  std::size_t live_ = 0;             // connections not closed
  std::size_t buffered_ = 0;         // bytes of requests coming in or queued (connection::counted_ summed)
  std::vector<connection*> queued_;  // whole requests waiting for room in the worker queue
  std::vector<pollfd> poll_fds_;
  std::vector<connection*> poll_connections_;
  front_end_clock::time_point accept_paused_until_{};
  std::atomic<std::size_t> open_{0};

  mutable std::mutex mutex_;                            // guards returned_, stopping_, cap_
  std::vector<std::pair<connection*, bool>> returned_;  // from workers: connection, stays open
  bool stopping_ = false;
  bool listener_closed_ = false;
  front_end_clock::time_point cap_ = front_end_clock::time_point::max();
};

}  // namespace volpol::serve::detail
