// serve-load: a load generator for `volpol serve` (not a unit test; bench/serve-load.sh runs it).
//
//     serve-load --port 8443 --ca cert.pem [--requests 20000] [--connections 16]
//                [--sigterm-pid PID --sigterm-after N]
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
#include <httplib.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

struct outcome_counts {
  std::uint64_t ok = 0, wrong = 0, lost = 0, refused = 0, refused_before_sigterm = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int port = 8443, connections = 16;
  long requests = 20000, sigterm_after = -1;
  pid_t sigterm_pid = 0;
  std::string ca;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    const char* v = argv[i + 1];
    if (a == "--port") port = std::atoi(v);
    else if (a == "--ca") ca = v;
    else if (a == "--requests") requests = std::atol(v);
    else if (a == "--connections") connections = std::atoi(v);
    else if (a == "--sigterm-pid") sigterm_pid = static_cast<pid_t>(std::atol(v));
    else if (a == "--sigterm-after") sigterm_after = std::atol(v);
    else {
      std::fprintf(stderr, "serve-load: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (ca.empty() || connections < 1 || requests < 1) {
    std::fprintf(stderr,
                 "usage: serve-load --port P --ca CERT [--requests N] [--connections C] "
                 "[--sigterm-pid PID --sigterm-after N]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  const std::string bodies[3] = {review(0, R"({"volpol.io/resource-policy":"backup"})", valid_policy),
                                 review(1, R"({"volpol.io/resource-policy":"backup"})", invalid_policy),
                                 review(2, R"({"app":"shop"})", invalid_policy)};
  const char* expect[3] = {R"("allowed":true)", R"("allowed":false)", R"("allowed":true)"};

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
      httplib::SSLClient cli("127.0.0.1", port);
      cli.set_ca_cert_path(ca.c_str());
      cli.enable_server_certificate_verification(true);
      cli.set_keep_alive(true);
      cli.set_tcp_nodelay(true);  // as the API server's Go client does
      cli.set_connection_timeout(5, 0);
      cli.set_read_timeout(30, 0);
      std::vector<double> mine;
      mine.reserve(static_cast<std::size_t>(requests / connections + 16));
      outcome_counts counts;
      for (;;) {
        // In SIGTERM mode, go on past --requests until the server stops accepting.
        const long i = next.fetch_add(1);
        if (!sigterm_mode && i >= requests) break;
        const int kind = static_cast<int>(i % 3);
        const auto t0 = std::chrono::steady_clock::now();
        httplib::Result res = cli.Post("/validate", bodies[kind], "application/json");
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
  std::printf("latency ms: p50 %.2f, p90 %.2f, p99 %.2f, max %.2f\n", pct(0.50), pct(0.90), pct(0.99),
              latencies_ms.empty() ? 0.0 : latencies_ms.back());
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
      "p50_ms=%.3f p99_ms=%.3f\n",
      static_cast<unsigned long long>(total.ok), static_cast<unsigned long long>(failed),
      static_cast<unsigned long long>(total.lost), static_cast<unsigned long long>(total.wrong),
      static_cast<unsigned long long>(total.refused), seconds, static_cast<double>(total.ok) / seconds, pct(0.50),
      pct(0.99));
  return failed == 0 ? 0 : 1;
}
