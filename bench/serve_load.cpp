// serve-load: a load generator for `volpol serve` (not a unit test; bench/serve-load.sh runs it).
//
//     serve-load --port 8443 --ca cert.pem [--requests 20000] [--connections 16]
//                [--sigterm-pid PID --sigterm-after N]
//                [--slow N] [--idle N] [--attack-addresses K] [--fresh-connections]
//
// Each connection is one thread with its own keep-alive HTTPS client (cpp-httplib + OpenSSL),
// POSTing real AdmissionReview bodies to /validate in a fixed mix: a valid backup policy
// (allowed), an invalid one (denied), a ConfigMap without the label (allowed). Every answer is
// checked (status 200 and the expected `allowed`).
//
// With --sigterm-pid, SIGTERM is sent to PID once N requests were answered; the clients go on
// until the server refuses new connections. Each request then ends one of these ways:
//   ok         answered 200, with the expected decision
//   wrong      answered, but not 200 or not the expected decision
//   lost       written, then the connection failed before an answer (must be 0)
//   refused    not sent: the TCP connection or TLS handshake failed (after SIGTERM: the server
//              has closed its listener; before SIGTERM this counts as a failure)
// Prints a summary and one machine-readable line `serve-load ok=... lost=... p50_ms=...`.
//
// Abuse while the requests run (each attacking connection is made again when the server closes
// it, as an attacker would):
//   --slow N   N slowloris clients: TLS, then a request's headers at one byte per second;
//   --idle N   N clients that finish the TLS handshake and say nothing;
//   --attack-addresses K   the attackers connect from 127.0.0.2 ... 127.0.0.(K+1), round robin
//              (0, the default: from 127.0.0.1, as the legitimate requests do).
// The requests start 2 s after the attackers connected. --fresh-connections makes each request
// open its own connection (TLS handshake included), the harder case under attack; the summary
// then says how many were answered within 1 s, and `max_ms=` joins the last line.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') out += "\\n";
    else if (c == '"' || c == '\\') out += std::string("\\") + c;
    else out += c;
  }
  return out + "\"";
}

std::string review(int i, const std::string& labels, const std::string& policy) {
  return R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"load-)" + std::to_string(i) +
         R"(","kind":{"group":"","version":"v1","kind":"ConfigMap"},"resource":{"group":"","version":"v1","resource":"configmaps"},)"
         R"("name":"backup-policy","namespace":"velero","operation":"UPDATE","userInfo":{"username":"load"},)"
         R"("object":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"backup-policy","namespace":"velero","labels":)" +
         labels + R"(},"data":{"policy.yaml":)" + quote(policy) + R"(}},"dryRun":false}})";
}

const char* valid_policy =
    "version: v1\n"
    "volumePolicies:\n"
    "- conditions:\n"
    "    storageClass: [gp2, gp3]\n"
    "    capacity: \"0,100Gi\"\n"
    "  action:\n"
    "    type: snapshot\n"
    "- conditions:\n"
    "    nfs: {}\n"
    "  action:\n"
    "    type: fs-backup\n"
    "- conditions:\n"
    "    pvcLabels: {backup: skip}\n"
    "  action:\n"
    "    type: skip\n";

const char* invalid_policy =
    "version: v1\n"
    "volumePolicies:\n"
    "- conditions:\n"
    "    storageClas: [gp2]\n"
    "  action:\n"
    "    type: snapshot\n";

/// The attacking connections of --slow and --idle, kept up by one thread until stop().
class attackers {
 public:
  attackers(int port, int slow, int idle, int addresses, std::string request)
      : port_(port), addresses_(addresses), request_(std::move(request)) {
    ctx_ = SSL_CTX_new(TLS_client_method());  // no verification: attackers do not care
    for (int i = 0; i < slow + idle; ++i) clients_.push_back({i < slow, i});
  }
  ~attackers() {
    stop();
    for (client& c : clients_) drop(c);
    SSL_CTX_free(ctx_);
  }
  /// Connects every client (the TLS handshakes done), then keeps them going in a thread.
  void start() {
    for (client& c : clients_) open(c);
    thread_ = std::thread([this] { run(); });
  }
  void stop() {
    done_ = true;
    if (thread_.joinable()) thread_.join();
  }
  [[nodiscard]] std::uint64_t reconnects() const { return reconnects_.load(); }
  [[nodiscard]] std::uint64_t failed_connects() const { return failed_.load(); }
  [[nodiscard]] int connected() const {
    int n = 0;
    for (const client& c : clients_) n += c.ssl != nullptr;
    return n;
  }

 private:
  struct client {
    bool slow;
    int index;
    int fd = -1;
    SSL* ssl = nullptr;
    std::size_t sent = 0;
  };
  void drop(client& c) {
    if (c.ssl) SSL_free(c.ssl);
    if (c.fd >= 0) ::close(c.fd);
    c.ssl = nullptr;
    c.fd = -1;
    c.sent = 0;
  }
  bool open(client& c) {
    drop(c);
    c.fd = ::socket(AF_INET, SOCK_STREAM, 0);
    timeval tv{5, 0};
    setsockopt(c.fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(c.fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (addresses_ > 0) {
      sockaddr_in from{};
      from.sin_family = AF_INET;
      from.sin_addr.s_addr = htonl(INADDR_LOOPBACK + 1 + static_cast<std::uint32_t>(c.index % addresses_));
      if (::bind(c.fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) return failed(c);
    }
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<std::uint16_t>(port_));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(c.fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) return failed(c);
    c.ssl = SSL_new(ctx_);
    SSL_set_fd(c.ssl, c.fd);
    if (SSL_connect(c.ssl) != 1) return failed(c);
    return true;
  }
  bool failed(client& c) {
    drop(c);
    ++failed_;
    return false;
  }
  /// Closed by the server? (Nothing to read is the answer while it is open.)
  static bool closed(const client& c) {
    char b;
    const ssize_t n = ::recv(c.fd, &b, 1, MSG_DONTWAIT | MSG_PEEK);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
  }
  void run() {
    while (!done_) {
      for (client& c : clients_) {
        if (done_) break;
        if (c.ssl == nullptr || closed(c)) {
          ++reconnects_;
          if (!open(c)) continue;
        }
        if (c.slow) {  // one more byte of the request's headers (then they start again)
          const char b = request_[c.sent % request_.size()];
          if (SSL_write(c.ssl, &b, 1) != 1) drop(c);
          else ++c.sent;
        }
      }
      for (int tick = 0; tick < 10 && !done_; ++tick) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  int port_, addresses_;
  std::string request_;
  SSL_CTX* ctx_ = nullptr;
  std::vector<client> clients_;
  std::thread thread_;
  std::atomic<bool> done_{false};
  std::atomic<std::uint64_t> reconnects_{0}, failed_{0};
};

struct outcome_counts {
  std::uint64_t ok = 0, wrong = 0, lost = 0, refused = 0, refused_before_sigterm = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int port = 8443, connections = 16, slow = 0, idle = 0, attack_addresses = 0;
  long requests = 20000, sigterm_after = -1;
  pid_t sigterm_pid = 0;
  bool fresh = false;
  std::string ca;
  for (int i = 1; i < argc; ++i)  // the one flag without a value
    if (std::string(argv[i]) == "--fresh-connections") {
      fresh = true;
      for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
      --argc;
      break;
    }
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    const char* v = argv[i + 1];
    if (a == "--port") port = std::atoi(v);
    else if (a == "--ca") ca = v;
    else if (a == "--requests") requests = std::atol(v);
    else if (a == "--connections") connections = std::atoi(v);
    else if (a == "--sigterm-pid") sigterm_pid = static_cast<pid_t>(std::atol(v));
    else if (a == "--sigterm-after") sigterm_after = std::atol(v);
    else if (a == "--slow") slow = std::atoi(v);
    else if (a == "--idle") idle = std::atoi(v);
    else if (a == "--attack-addresses") attack_addresses = std::atoi(v);
    else {
      std::fprintf(stderr, "serve-load: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (ca.empty() || connections < 1 || requests < 1) {
    std::fprintf(stderr,
                 "usage: serve-load --port P --ca CERT [--requests N] [--connections C] "
                 "[--sigterm-pid PID --sigterm-after N] [--slow N] [--idle N] [--attack-addresses K] "
                 "[--fresh-connections]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  const std::string bodies[3] = {review(0, R"({"volpol.io/resource-policy":"backup"})", valid_policy),
                                 review(1, R"({"volpol.io/resource-policy":"backup"})", invalid_policy),
                                 review(2, R"({"app":"shop"})", invalid_policy)};
  const char* expect[3] = {R"("allowed":true)", R"("allowed":false)", R"("allowed":true)"};

  std::unique_ptr<attackers> attack;
  if (slow + idle > 0) {
    const std::string& b = bodies[0];
    attack = std::make_unique<attackers>(port, slow, idle, attack_addresses,
                                         "POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                                         "application/json\r\nContent-Length: " +
                                             std::to_string(b.size()) + "\r\n\r\n");
    const auto t0 = std::chrono::steady_clock::now();
    attack->start();
    std::printf("attack: %d slow + %d idle clients from %d address(es), %d connected in %.2f s\n", slow, idle,
                attack_addresses == 0 ? 1 : attack_addresses, attack->connected(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    std::this_thread::sleep_for(std::chrono::seconds(2));
  }

  std::atomic<long> next{0}, answered{0};
  std::atomic<bool> sigterm_sent{false};
  std::mutex merge;
  std::vector<double> latencies_ms;
  outcome_counts total;
  const bool sigterm_mode = sigterm_pid > 0;
  const auto began = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point sigterm_at{};

  std::vector<std::thread> threads;
  for (int c = 0; c < connections; ++c) {
    threads.emplace_back([&] {
      auto make_client = [&] {
        auto cli = std::make_unique<httplib::SSLClient>("127.0.0.1", port);
        cli->set_ca_cert_path(ca.c_str());
        cli->enable_server_certificate_verification(true);
        cli->set_keep_alive(!fresh);
        cli->set_tcp_nodelay(true);  // as the API server's Go client does
        cli->set_connection_timeout(5, 0);
        cli->set_read_timeout(30, 0);
        return cli;
      };
      std::unique_ptr<httplib::SSLClient> kept = make_client();
      std::vector<double> mine;
      mine.reserve(static_cast<std::size_t>(requests / connections + 16));
      outcome_counts counts;
      for (;;) {
        // In SIGTERM mode, go on past --requests until the server stops accepting.
        const long i = next.fetch_add(1);
        if (!sigterm_mode && i >= requests) break;
        const int kind = static_cast<int>(i % 3);
        const auto t0 = std::chrono::steady_clock::now();
        std::unique_ptr<httplib::SSLClient> own = fresh ? make_client() : nullptr;
        httplib::Result res = (own ? *own : *kept).Post("/validate", bodies[kind], "application/json");
        const auto t1 = std::chrono::steady_clock::now();
        if (res) {
          if (res->status == 200 && res->body.find(expect[kind]) != std::string::npos) {
            ++counts.ok;
            mine.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
          } else {
            ++counts.wrong;
          }
          const long n = answered.fetch_add(1) + 1;
          if (sigterm_mode && n == sigterm_after && !sigterm_sent.exchange(true)) {
            sigterm_at = std::chrono::steady_clock::now();
            kill(sigterm_pid, SIGTERM);
          }
          continue;
        }
        const httplib::Error e = res.error();
        if (e == httplib::Error::Connection || e == httplib::Error::SSLConnection) {
          if (sigterm_sent.load()) {
            ++counts.refused;
            break;  // the server is gone: this connection's work is over
          }
          ++counts.refused_before_sigterm;
          if (counts.refused_before_sigterm > 100) break;
        } else {
          ++counts.lost;  // Read / Write / other: the request was (partly) sent, no answer came
          std::fprintf(stderr, "serve-load: request %ld lost: %s\n", i, httplib::to_string(e).c_str());
        }
      }
      const std::lock_guard<std::mutex> lock(merge);
      latencies_ms.insert(latencies_ms.end(), mine.begin(), mine.end());
      total.ok += counts.ok;
      total.wrong += counts.wrong;
      total.lost += counts.lost;
      total.refused += counts.refused;
      total.refused_before_sigterm += counts.refused_before_sigterm;
    });
  }
  for (std::thread& t : threads) t.join();
  if (attack) {
    std::printf(
        "attack: %d of %d attacking connections open at the end; %llu made again after the server "
        "closed them, %llu failed to connect\n",
        attack->connected(), slow + idle, static_cast<unsigned long long>(attack->reconnects()),
        static_cast<unsigned long long>(attack->failed_connects()));
    attack->stop();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::sort(latencies_ms.begin(), latencies_ms.end());
  const auto pct = [&](double p) {
    if (latencies_ms.empty()) return 0.0;
    const auto idx = static_cast<std::size_t>(p * static_cast<double>(latencies_ms.size() - 1) + 0.5);
    return latencies_ms[std::min(idx, latencies_ms.size() - 1)];
  };
  const std::uint64_t failed = total.wrong + total.lost + total.refused_before_sigterm;
  std::printf("requests answered ok: %llu in %.2f s at %d connections: %.0f requests/s\n",
              static_cast<unsigned long long>(total.ok), seconds, connections, static_cast<double>(total.ok) / seconds);
  const double max_ms = latencies_ms.empty() ? 0.0 : latencies_ms.back();
  std::printf("latency ms: p50 %.2f, p90 %.2f, p99 %.2f, max %.2f\n", pct(0.50), pct(0.90), pct(0.99), max_ms);
  const auto within_1s = std::count_if(latencies_ms.begin(), latencies_ms.end(), [](double ms) { return ms < 1000; });
  std::printf("answered within 1 s: %lld of %llu\n", static_cast<long long>(within_1s),
              static_cast<unsigned long long>(total.ok + total.wrong + total.lost + total.refused_before_sigterm));
  std::printf("failed: %llu (wrong answer %llu, lost %llu, refused before SIGTERM %llu)\n",
              static_cast<unsigned long long>(failed), static_cast<unsigned long long>(total.wrong),
              static_cast<unsigned long long>(total.lost),
              static_cast<unsigned long long>(total.refused_before_sigterm));
  if (sigterm_mode) {
    const double after = sigterm_sent
                             ? std::chrono::duration<double>(std::chrono::steady_clock::now() - sigterm_at).count()
                             : 0;
    std::printf(
        "SIGTERM after %ld answers; answered after it: %ld; connections refused after it (not sent): %llu; "
        "clients done %.2f s after SIGTERM\n",
        sigterm_after, answered.load() - sigterm_after, static_cast<unsigned long long>(total.refused), after);
  }
  std::printf(
      "serve-load ok=%llu failed=%llu lost=%llu wrong=%llu refused_after_sigterm=%llu seconds=%.3f rps=%.0f "
      "p50_ms=%.3f p99_ms=%.3f max_ms=%.3f\n",
      static_cast<unsigned long long>(total.ok), static_cast<unsigned long long>(failed),
      static_cast<unsigned long long>(total.lost), static_cast<unsigned long long>(total.wrong),
      static_cast<unsigned long long>(total.refused), seconds, static_cast<double>(total.ok) / seconds, pct(0.50),
      pct(0.99), max_ms);
  return failed == 0 ? 0 : 1;
}
