// The HTTPS webhook end to end on loopback (127.0.0.1): a throw-away certificate made with
// `openssl` at test time, real AdmissionReview bodies, cpp-httplib's client and raw TLS clients.
#include "volpol/serve/server.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <thread>
#include <vector>

#include "admission_review_fixtures.h"
#include "volpol/detail/serve/admission_review.h"

namespace volpol::serve {
namespace {

using namespace std::chrono_literals;
using namespace volpol::testing;
namespace fs = std::filesystem;

/// A fresh directory with cert.pem / key.pem for 127.0.0.1 (CN = `cn`).
void make_certificate(const fs::path& dir, const std::string& cn) {
  const std::string cmd =
      "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 "
      "-subj /CN=" +
      cn + " -addext subjectAltName=IP:127.0.0.1 -keyout " + (dir / "key.new").string() + " -out " +
      (dir / "cert.new").string() + " 2>/dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  // Rename into place, as the kubelet's atomic writer does.
  fs::rename(dir / "key.new", dir / "key.pem");
  fs::rename(dir / "cert.new", dir / "cert.pem");
}

/// A TCP connection to 127.0.0.1:`port`, from `source` (another loopback address) when given.
int connect_to(int port, const char* source = nullptr) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  timeval tv{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  if (source != nullptr) {
    sockaddr_in from{};
    from.sin_family = AF_INET;
    inet_pton(AF_INET, source, &from.sin_addr);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      ::close(fd);
      return -1;
    }
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

/// A TLS connection made by hand, for clients that misbehave. `setup` may restrict the
/// client's TLS versions and suites.
struct raw_tls {
  int fd = -1;
  SSL_CTX* ctx = nullptr;
  SSL* ssl = nullptr;
  explicit raw_tls(int port, const std::function<void(SSL_CTX*)>& setup = {}) {
    fd = connect_to(port);
    if (fd < 0) return;
    ctx = SSL_CTX_new(TLS_client_method());
    if (setup) setup(ctx);
    ssl = SSL_new(ctx);
    SSL_set_fd(ssl, fd);
    if (SSL_connect(ssl) != 1) {
      SSL_free(ssl);
      ssl = nullptr;
    }
  }
  ~raw_tls() {
    if (ssl) SSL_free(ssl);
    if (ctx) SSL_CTX_free(ctx);
    if (fd >= 0) ::close(fd);
  }
  bool send(std::string_view s) {
    return ssl && SSL_write(ssl, s.data(), static_cast<int>(s.size())) == static_cast<int>(s.size());
  }
  /// Reads until `needle` has arrived (or the server closes, or 10 s pass); returns what arrived.
  std::string read_until(std::string_view needle) {
    std::string out;
    char buf[4096];
    for (int n; ssl && out.find(needle) == std::string::npos && (n = SSL_read(ssl, buf, sizeof buf)) > 0;)
      out.append(buf, static_cast<std::size_t>(n));
    return out;
  }
  /// Reads until the server closes; returns what arrived.
  std::string read_all() {
    std::string out;
    char buf[4096];
    for (int n; ssl && (n = SSL_read(ssl, buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
    return out;
  }
  std::string peer_common_name() {
    if (!ssl) return {};
    X509* cert = SSL_get1_peer_certificate(ssl);
    if (!cert) return {};
    char cn[256] = {};
    X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, cn, sizeof cn);
    X509_free(cert);
    return cn;
  }
};

class serve_test : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/volpol-serve-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    make_certificate(dir_, "volpol-test-1");
    options_.address = "127.0.0.1:0";
    options_.tls_cert = (dir_ / "cert.pem").string();
    options_.tls_key = (dir_ / "key.pem").string();
    options_.workers = 4;
    options_.shutdown_delay = 200ms;
    options_.reload_interval = 50ms;
    options_.log = open_memstream(&log_buf_, &log_len_);
  }
  void TearDown() override {
    server_.reset();
    if (options_.log) std::fclose(options_.log);
    std::free(log_buf_);
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  void start() {
    server_ = std::make_unique<server>(options_);
    const result<void> r = server_->start();
    ASSERT_TRUE(r.ok()) << r.error()->to_string();
    ASSERT_GT(server_->port(), 0);
  }
  /// A client that checks the server's certificate against the throw-away one.
  std::unique_ptr<httplib::SSLClient> client() {
    auto c = std::make_unique<httplib::SSLClient>("127.0.0.1", server_->port());
    c->set_ca_cert_path(options_.tls_cert.c_str());
    c->enable_server_certificate_verification(true);
    c->set_read_timeout(10, 0);
    return c;
  }
  httplib::Result post(const std::string& body) { return client()->Post("/validate", body, "application/json"); }
  /// The log so far (after the server stopped).
  std::string log_text() {
    std::fflush(options_.log);
    return std::string(log_buf_, log_len_);
  }

  fs::path dir_;
  server_options options_;
  std::unique_ptr<server> server_;
  char* log_buf_ = nullptr;
  std::size_t log_len_ = 0;
};

TEST_F(serve_test, a_valid_policy_is_allowed) {
  start();
  auto res = post(config_map_review(valid_policy, backup_label));
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Content-Type"), "application/json");
  EXPECT_EQ(res->body, R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":)"
                       R"({"uid":"705ab4f5-6393-11e8-b7cc-42010a800002","allowed":true}})");
}

TEST_F(serve_test, an_invalid_policy_is_denied_with_its_line) {
  start();
  auto res = post(config_map_review(invalid_policy, backup_label));
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find(R"("allowed":false,"status":{"code":422,"reason":"Invalid","message":)"), std::string::npos)
      << res->body;
  EXPECT_NE(res->body.find("ConfigMap velero/backup-policy, data key `policy.yaml`, line 4, column 5: "
                           "volumePolicies[0].conditions.storageClas: unknown condition `storageClas`"),
            std::string::npos)
      << res->body;
  server_->shutdown_now();
  server_->wait();
  EXPECT_EQ(server_->stats().requests(validate_outcome::denied), 1u);
  EXPECT_NE(log_text().find(R"("level":"info","msg":"denied","uid":"705ab4f5-6393-11e8-b7cc-42010a800002")"),
            std::string::npos)
      << log_text();
}

TEST_F(serve_test, a_warning_reaches_the_response) {
  start();
  auto res = post(config_map_review(global_policy_with_filters, global_label));
  ASSERT_TRUE(res);
  EXPECT_NE(res->body.find(R"("allowed":true,"warnings":["ConfigMap velero/backup-policy, data key `policy.yaml`, )"
                           R"(line 1, column 1: includeExcludePolicy)"),
            std::string::npos)
      << res->body;
}

TEST_F(serve_test, deny_warnings_denies_the_warning_case) {
  options_.review.deny_warnings = true;
  start();
  auto res = post(config_map_review(global_policy_with_filters, global_label));
  ASSERT_TRUE(res);
  EXPECT_NE(res->body.find(R"("allowed":false)"), std::string::npos) << res->body;
}

TEST_F(serve_test, a_config_map_without_the_label_is_allowed) {
  start();
  auto res = post(config_map_review(invalid_policy, R"({"app":"shop"})", "CREATE", "shop-config"));
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find(R"("allowed":true})"), std::string::npos) << res->body;
}

TEST_F(serve_test, malformed_json_is_a_400_with_a_message) {
  start();
  auto res = post(R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":)");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(res->body.rfind("malformed AdmissionReview: the body is not JSON: ", 0), 0u) << res->body;
  res = post(R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"})");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(res->body, "malformed AdmissionReview: request: the AdmissionReview has no `request`\n");
}

TEST_F(serve_test, a_body_over_3_mib_is_a_413) {
  start();
  std::string policy = valid_policy;
  policy += "# " + std::string(max_admission_review_bytes, 'x') + "\n";
  auto res = post(config_map_review(policy, backup_label));
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 413);
  EXPECT_EQ(res->body, "the AdmissionReview is larger than 3145728 bytes\n");
  // Just under the limit is read and decided.
  policy = valid_policy;
  const std::string under = config_map_review(policy, backup_label);
  policy += "# " + std::string(max_admission_review_bytes - under.size() - 8, 'x') + "\n";
  res = post(config_map_review(policy, backup_label));
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find(R"("allowed":true)"), std::string::npos);
}

TEST_F(serve_test, a_chunked_body_over_3_mib_is_a_413_too) {
  start();
  raw_tls c(server_->port());
  ASSERT_NE(c.ssl, nullptr);
  ASSERT_TRUE(c.send("POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"));
  const std::string chunk(1024 * 1024, 'x');
  std::string reply;
  for (int i = 0; i < 4; ++i) {  // 4 MiB, no Content-Length to refuse up front
    if (!c.send("100000\r\n" + chunk + "\r\n")) break;
  }
  reply = c.read_all();
  EXPECT_EQ(reply.rfind("HTTP/1.1 413 ", 0), 0u) << reply.substr(0, 200);
  EXPECT_NE(reply.find("Connection: close"), std::string::npos);
}

TEST_F(serve_test, a_slow_client_is_cut_off_and_others_are_served) {
  options_.request_timeout = 1000ms;
  options_.keep_alive_timeout = 1s;
  options_.read_timeout = 800ms;
  options_.workers = 2;
  start();
  const auto began = std::chrono::steady_clock::now();
  std::future<std::string> slow = std::async(std::launch::async, [&] {
    raw_tls c(server_->port());
    const std::string body = config_map_review(valid_policy, backup_label);
    std::string request =
        "POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: " +
        std::to_string(body.size()) + "\r\n\r\n" + body;
    // One byte every 300 ms: each read succeeds before the read timeout, the request never ends in time.
    for (char ch : request) {
      if (!c.send(std::string_view(&ch, 1))) break;
      std::this_thread::sleep_for(300ms);
    }
    return c.read_all();
  });
  std::this_thread::sleep_for(300ms);
  auto res = post(config_map_review(valid_policy, backup_label));  // served meanwhile
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(slow.get(), "");  // closed without an answer
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  EXPECT_LT(took, 4.0);  // cut off 1 s after accept (--request-timeout), not after 300 ms per byte * ~1500
  EXPECT_NE(server_->stats().prometheus_text().find("volpol_webhook_connection_timeouts_total 1\n"), std::string::npos);
}

TEST_F(serve_test, a_slow_tls_handshake_is_cut_off) {
  options_.request_timeout = 1000ms;
  options_.keep_alive_timeout = 1s;
  options_.read_timeout = 800ms;
  start();
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(server_->port()));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const auto began = std::chrono::steady_clock::now();
  // A TLS handshake record announcing 512 bytes, then its body one byte every 300 ms.
  bool closed = ::send(fd, "\x16\x03\x01\x02\x00", 5, MSG_NOSIGNAL) != 5;
  for (int i = 0; i < 40 && !closed; ++i) {
    std::this_thread::sleep_for(300ms);
    closed = ::send(fd, "\x01", 1, MSG_NOSIGNAL) != 1;
    char c;
    const ssize_t n = closed ? 0 : ::recv(fd, &c, 1, MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) closed = true;
  }
  ::close(fd);
  EXPECT_TRUE(closed);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(), 4.0);
}

TEST_F(serve_test, a_client_that_says_nothing_is_closed) {
  options_.keep_alive_timeout = 1s;
  start();
  raw_tls c(server_->port());
  ASSERT_NE(c.ssl, nullptr);
  const auto began = std::chrono::steady_clock::now();
  EXPECT_EQ(c.read_all(), "");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(), 3.0);
}

TEST_F(serve_test, health_readiness_and_metrics) {
  start();
  auto c = client();
  auto res = c->Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  res = c->Get("/readyz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  ASSERT_TRUE(post(config_map_review(valid_policy, backup_label)));
  ASSERT_TRUE(post(config_map_review(invalid_policy, backup_label)));
  ASSERT_TRUE(post("not json"));
  res = c->Get("/metrics");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find("volpol_webhook_requests_total{outcome=\"allowed\"} 1\n"), std::string::npos) << res->body;
  EXPECT_NE(res->body.find("volpol_webhook_requests_total{outcome=\"denied\"} 1\n"), std::string::npos);
  EXPECT_NE(res->body.find("volpol_webhook_requests_total{outcome=\"bad_request\"} 1\n"), std::string::npos);
  EXPECT_NE(res->body.find("volpol_webhook_denials_total 1\n"), std::string::npos);
  EXPECT_NE(res->body.find("volpol_webhook_request_duration_seconds_bucket{le=\"+Inf\"} 3\n"), std::string::npos);
  EXPECT_NE(res->body.find("volpol_webhook_request_duration_seconds_count 3\n"), std::string::npos);
  res = c->Get("/nothing");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
  res = c->Get("/validate");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 405);
  EXPECT_EQ(res->get_header_value("Allow"), "POST");
  EXPECT_EQ(res->body, "/validate takes POST (an AdmissionReview)\n");
}

TEST_F(serve_test, a_renewed_certificate_is_served_without_a_restart) {
  start();
  EXPECT_EQ(raw_tls(server_->port()).peer_common_name(), "volpol-test-1");
  make_certificate(dir_, "volpol-test-2");
  std::string cn;
  for (int i = 0; i < 100 && cn != "volpol-test-2"; ++i) {
    std::this_thread::sleep_for(50ms);
    cn = raw_tls(server_->port()).peer_common_name();
  }
  EXPECT_EQ(cn, "volpol-test-2");
  // A broken key is refused; the current pair stays. (make_certificate renames the key, then the
  // certificate: a poll between the two may already have counted one refused pair.)
  const auto failed_reloads = [&] {
    const std::string t = server_->stats().prometheus_text();
    const std::string key = "volpol_webhook_certificate_reloads_total{result=\"failed\"} ";
    const std::size_t at = t.find(key);
    return at == std::string::npos ? -1 : std::stoi(t.substr(at + key.size()));
  };
  const int before = failed_reloads();
  { std::ofstream(dir_ / "key.tmp") << "not a key\n"; }
  fs::rename(dir_ / "key.tmp", dir_ / "key.pem");  // one change, seen by one poll
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(raw_tls(server_->port()).peer_common_name(), "volpol-test-2");
  EXPECT_EQ(failed_reloads(), before + 1) << server_->stats().prometheus_text();
}

TEST_F(serve_test, a_missing_key_is_an_error_at_start) {
  options_.tls_key = (dir_ / "absent.pem").string();
  server s(options_);
  const result<void> r = s.start();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error()->where.file, options_.tls_key);
  EXPECT_NE(r.error()->message.find("cannot open the TLS private key"), std::string::npos);
}

TEST_F(serve_test, shutdown_lets_the_in_flight_request_finish) {
  // A slow linter keeps the request in flight while the shutdown begins.
  options_.review.lint = [](std::string_view, const policy::text_origin&, policy::policy_use, const policy::policies&) {
    std::this_thread::sleep_for(700ms);
    return diagnostics{};
  };
  start();
  const int port = server_->port();
  std::future<httplib::Result> in_flight = std::async(std::launch::async, [&] {
    return post(config_map_review(valid_policy, backup_label));
  });
  std::this_thread::sleep_for(200ms);
  server_->shutdown();  // 200 ms of drain, then the listener closes; the request is still linting
  {
    auto ready = client()->Get("/readyz");
    ASSERT_TRUE(ready);
    EXPECT_EQ(ready->status, 503);
    EXPECT_EQ(ready->get_header_value("Connection"), "close");
  }
  httplib::Result res = in_flight.get();
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find(R"("allowed":true)"), std::string::npos);
  EXPECT_EQ(res->get_header_value("Connection"), "close");
  server_->wait();
  httplib::SSLClient after("127.0.0.1", port);
  after.enable_server_certificate_verification(false);
  after.set_connection_timeout(1, 0);
  EXPECT_FALSE(after.Get("/healthz"));  // nobody listens any more
}

}  // namespace
}  // namespace volpol::serve

namespace volpol::serve {
namespace {

TEST_F(serve_test, while_draining_every_answer_says_connection_close) {
  options_.shutdown_delay = 2s;
  start();
  server_->shutdown();  // draining for 2 s: still serving
  // Clients that ask to keep the connection (httplib's client otherwise asks to close it).
  for (const char* path : {"/healthz", "/metrics", "/readyz", "/nothing"}) {
    auto c = client();
    c->set_keep_alive(true);
    auto res = c->Get(path);
    ASSERT_TRUE(res) << path;
    EXPECT_EQ(res->get_header_value("Connection"), "close") << path;
    EXPECT_FALSE(res->has_header("Keep-Alive")) << path;  // no contradicting header
  }
  auto c = client();
  c->set_keep_alive(true);
  auto res = c->Post("/validate", config_map_review(valid_policy, backup_label), "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Connection"), "close");
  EXPECT_FALSE(res->has_header("Keep-Alive"));
  server_->shutdown_now();
  server_->wait();
}

TEST_F(serve_test, before_draining_answers_keep_the_connection) {
  start();
  auto c = client();
  c->set_keep_alive(true);  // else httplib's client itself asks for `Connection: close`
  auto res = c->Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_NE(res->get_header_value("Connection"), "close");
  EXPECT_TRUE(res->has_header("Keep-Alive"));
}

/// "POST /validate" with `body` and Content-Length, as the API server sends it.
std::string validate_request(const std::string& body, const std::string& extra_headers = "") {
  return "POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + extra_headers +
         "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

/// The status line's code of each answer in `reply`, in order.
std::vector<int> statuses(const std::string& reply) {
  std::vector<int> out;
  for (std::size_t at = 0; (at = reply.find("HTTP/1.1 ", at)) != std::string::npos; at += 9)
    out.push_back(std::atoi(reply.c_str() + at + 9));
  return out;
}

TEST_F(serve_test, legitimate_requests_are_answered_under_slow_and_idle_clients) {
  // 50 clients send their headers a byte a second over TLS; 200 more connect from 127.0.0.2 and
  // say nothing. None of them may hold one of the 4 workers: 10 AdmissionReviews sent meanwhile
  // are all answered, each within 3 s. (Deadlines are far, so no slow client is cut off first.)
  options_.header_timeout = 30s;
  options_.request_timeout = 30s;
  options_.read_timeout = 30s;
  options_.keep_alive_timeout = 30s;
  start();
  const int port = server_->port();
  std::vector<int> idle;
  for (int i = 0; i < 200; ++i)
    if (const int fd = connect_to(port, "127.0.0.2"); fd >= 0) idle.push_back(fd);
  ASSERT_EQ(idle.size(), 200u);
  std::vector<std::unique_ptr<raw_tls>> slow;
  for (int i = 0; i < 50; ++i) {
    slow.push_back(std::make_unique<raw_tls>(port));
    ASSERT_NE(slow.back()->ssl, nullptr) << "slow client " << i;
  }
  const std::string slow_request = validate_request(config_map_review(valid_policy, backup_label));
  std::atomic<bool> done{false};
  std::thread trickle([&] {
    for (std::size_t at = 0; !done.load() && at < slow_request.size(); ++at) {
      for (auto& c : slow) c->send(std::string_view(&slow_request[at], 1));
      for (int tick = 0; tick < 10 && !done.load(); ++tick) std::this_thread::sleep_for(100ms);
    }
  });
  std::this_thread::sleep_for(1200ms);  // every slow client is inside its request's headers
  std::vector<std::future<std::pair<int, double>>> legit;
  for (int i = 0; i < 10; ++i)
    legit.push_back(std::async(std::launch::async, [&] {
      const auto began = std::chrono::steady_clock::now();
      auto res = post(config_map_review(valid_policy, backup_label));
      const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      return std::make_pair(res ? res->status : -1, took);
    }));
  int answered = 0;
  for (auto& f : legit) {
    const auto [status, took] = f.get();
    EXPECT_EQ(status, 200);
    EXPECT_LT(took, 3.0);
    if (status == 200 && took < 3.0) ++answered;
  }
  EXPECT_EQ(answered, 10);
  // The slow clients were still connected throughout (nothing cut them off to make room).
  for (auto& c : slow) {
    char byte;
    const ssize_t n = ::recv(c->fd, &byte, 1, MSG_DONTWAIT);
    EXPECT_TRUE(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) << "a slow client was closed";
  }
  done = true;
  trickle.join();
  const std::string metrics = server_->stats().prometheus_text();
  // 64 idle connections from 127.0.0.2 stay open, the other 136 are closed at accept.
  EXPECT_NE(metrics.find("volpol_webhook_connections_closed_at_limit_total{reason=\"per_client_limit\"} 136\n"),
            std::string::npos)
      << metrics;
  EXPECT_NE(metrics.find("volpol_webhook_connection_timeouts_total 0\n"), std::string::npos) << metrics;
  for (int fd : idle) ::close(fd);
  slow.clear();  // closing them lets the server stop at once
}

TEST_F(serve_test, an_announced_oversize_body_is_refused_before_it_is_sent) {
  options_.header_timeout = 30s;
  options_.request_timeout = 30s;  // the answer must not wait for a deadline
  start();
  {
    raw_tls c(server_->port());
    ASSERT_NE(c.ssl, nullptr);
    ASSERT_TRUE(
        c.send("POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               "Content-Length: 2000000000\r\n\r\n{\"apiVersion\":"));
    const std::string reply = c.read_all();  // the server answers, then closes
    EXPECT_EQ(reply.rfind("HTTP/1.1 413 Payload Too Large\r\n", 0), 0u) << reply;
    EXPECT_NE(reply.find("Connection: close\r\n"), std::string::npos) << reply;
    EXPECT_TRUE(reply.ends_with("\r\n\r\nthe AdmissionReview is larger than 3145728 bytes\n")) << reply;
  }
  server_->shutdown_now();
  server_->wait();
  EXPECT_EQ(server_->stats().requests(validate_outcome::too_large), 1u);
  EXPECT_NE(log_text().find(R"("msg":"bad request","path":"/validate","status":413)"), std::string::npos) << log_text();
}

TEST_F(serve_test, a_request_with_two_content_lengths_is_a_400) {
  start();
  const std::string body = config_map_review(valid_policy, backup_label);
  for (const std::string& second : {std::to_string(body.size()), std::to_string(body.size() - 1)}) {
    raw_tls c(server_->port());
    ASSERT_NE(c.ssl, nullptr);
    ASSERT_TRUE(c.send(validate_request(body, "Content-Length: " + second + "\r\n")));
    const std::string reply = c.read_all();
    EXPECT_EQ(reply.rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << reply;
    EXPECT_TRUE(reply.ends_with("\r\n\r\nmore than one Content-Length header\n")) << reply;
  }
  raw_tls c(server_->port());
  ASSERT_TRUE(c.send(validate_request(body, "Transfer-Encoding: chunked\r\n")));
  const std::string reply = c.read_all();
  EXPECT_EQ(reply.rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << reply;
  EXPECT_TRUE(reply.ends_with("\r\n\r\nboth Content-Length and Transfer-Encoding\n")) << reply;
}

TEST_F(serve_test, pipelined_requests_are_answered_in_order) {
  start();
  raw_tls c(server_->port());
  ASSERT_NE(c.ssl, nullptr);
  // Three requests in one write: the last asks to close, so the server closes after it.
  ASSERT_TRUE(c.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" +
                     validate_request(config_map_review(valid_policy, backup_label)) +
                     "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
  const std::string reply = c.read_all();
  EXPECT_EQ(statuses(reply), (std::vector<int>{200, 200, 200})) << reply;
  const std::size_t health = reply.find("\r\n\r\nok\n"), allowed = reply.find(R"("allowed":true)"),
                    ready = reply.rfind("\r\n\r\nok\n");
  EXPECT_LT(health, allowed);
  EXPECT_LT(allowed, ready);
  EXPECT_NE(ready, std::string::npos);
}

TEST_F(serve_test, expect_100_continue_is_answered_before_the_body) {
  start();
  raw_tls c(server_->port());
  ASSERT_NE(c.ssl, nullptr);
  const std::string body = config_map_review(valid_policy, backup_label);
  const std::string request = validate_request(body, "Expect: 100-continue\r\n");
  ASSERT_TRUE(c.send(request.substr(0, request.size() - body.size())));
  EXPECT_EQ(c.read_until("\r\n\r\n"), "HTTP/1.1 100 Continue\r\n\r\n");
  ASSERT_TRUE(c.send(body));
  const std::string reply = c.read_until(R"("allowed":true}})");
  EXPECT_EQ(statuses(reply), std::vector<int>{200}) << reply;  // one answer: no second 100
}

TEST_F(serve_test, tls_1_2_takes_only_ecdhe_aead_suites) {
  start();
  const auto connect = [&](int version, const char* ciphers) {
    raw_tls c(server_->port(), [&](SSL_CTX* ctx) {
      SSL_CTX_set_min_proto_version(ctx, version);
      SSL_CTX_set_max_proto_version(ctx, version);
      if (ciphers) SSL_CTX_set_cipher_list(ctx, ciphers);
    });
    return c.ssl ? std::string(SSL_get_version(c.ssl)) + " " + SSL_get_cipher_name(c.ssl) : std::string("refused");
  };
  EXPECT_EQ(connect(TLS1_3_VERSION, nullptr), "TLSv1.3 TLS_AES_256_GCM_SHA384");
  EXPECT_EQ(connect(TLS1_2_VERSION, "ECDHE-ECDSA-AES128-GCM-SHA256"), "TLSv1.2 ECDHE-ECDSA-AES128-GCM-SHA256");
  EXPECT_EQ(connect(TLS1_2_VERSION, "ECDHE-ECDSA-CHACHA20-POLY1305"), "TLSv1.2 ECDHE-ECDSA-CHACHA20-POLY1305");
  // CBC suites, with or without forward secrecy, are refused; so are TLS 1.1 and 1.0.
  EXPECT_EQ(connect(TLS1_2_VERSION, "ECDHE-ECDSA-AES128-SHA256:ECDHE-ECDSA-AES256-SHA:AES128-GCM-SHA256"), "refused");
  EXPECT_EQ(connect(TLS1_1_VERSION, "ALL:@SECLEVEL=0"), "refused");
}

TEST_F(serve_test, an_encrypted_key_is_refused_without_asking_for_a_passphrase) {
  const std::string enc = (dir_ / "enc.pem").string();
  const std::string cmd = "openssl pkey -in " + options_.tls_key + " -aes256 -passout pass:secret -out " + enc;
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  options_.tls_key = enc;
  server s(options_);
  const result<void> r = s.start();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error()->where.file, enc);
  EXPECT_NE(r.error()->message.find("the TLS private key is encrypted"), std::string::npos) << r.error()->message;
}

TEST_F(serve_test, a_folder_given_as_the_certificate_is_named_as_such) {
  options_.tls_cert = dir_.string();
  server s(options_);
  const result<void> r = s.start();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error()->message, "cannot open the TLS certificate: Is a directory");
}

}  // namespace
}  // namespace volpol::serve
