// load_api_lists against a stand-in for `kubectl proxy` on a Unix socket (raw HTTP written
// here, so every answer shape is under the test's control): pages and continue tokens, ListMeta
// before or after items, chunked and length-delimited bodies, a 410 restart that reads nothing
// twice, the API server's errors, a broken connection and a malformed answer.
#include "volpol/detail/api_list.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <yaml-cpp/binary.h>
#include <zlib.h>

#include <fmt/format.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "../../src/k8s/api_list_parse.h"

namespace volpol::k8s {
namespace {

std::string base64url(const std::string& s) {
  std::string out = YAML::EncodeBase64(reinterpret_cast<const unsigned char*>(s.data()), s.size());
  while (!out.empty() && out.back() == '=') out.pop_back();
  for (char& c : out) c = c == '+' ? '-' : c == '/' ? '_' : c;
  return out;
}

/// The API server's continue token for the page after `last_key`.
std::string token_after(const std::string& last_key) {
  return base64url(R"({"v":"meta.k8s.io/v1","rv":7,"start":")" + last_key + R"(\u0000"})");
}

/// One HTTP answer: status line, headers and body as given (the body chunked when asked).
std::string answer(int status, const std::string& body, bool chunked = false) {
  std::string head = fmt::format("HTTP/1.1 {} X\r\nContent-Type: application/json\r\n", status);
  if (!chunked) return head + fmt::format("Content-Length: {}\r\n\r\n", body.size()) + body;
  std::string out = head + "Transfer-Encoding: chunked\r\n\r\n";
  for (std::size_t at = 0; at < body.size(); at += 7) {
    const std::string piece = body.substr(at, 7);
    out += fmt::format("{:x}\r\n{}\r\n", piece.size(), piece);
  }
  return out + "0\r\n\r\n";
}

/// A Unix-socket server: each connection's request target goes to `handler`, whose text is
/// written back as is; then the connection is closed.
class fake_proxy {
 public:
  explicit fake_proxy(std::function<std::string(const std::string& target)> handler) : handler_(std::move(handler)) {
    char dir[] = "/tmp/volpol-api-list-XXXXXX";
    folder_ = mkdtemp(dir);
    path_ = folder_ + "/sock";
    fd_ = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path_.c_str());
    EXPECT_EQ(bind(fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr), 0);
    EXPECT_EQ(listen(fd_, 16), 0);
    thread_ = std::thread([this] { serve(); });
  }
  ~fake_proxy() {
    stop_ = true;
    shutdown(fd_, SHUT_RDWR);
    close(fd_);
    thread_.join();
    unlink(path_.c_str());
    rmdir(folder_.c_str());
  }
  [[nodiscard]] const std::string& path() const { return path_; }
  std::vector<std::string> targets;  ///< every request's target, in order

 private:
  void serve() {
    while (!stop_) {
      const int c = accept(fd_, nullptr, nullptr);
      if (c < 0) return;
      std::string request;
      char buf[4096];
      while (request.find("\r\n\r\n") == std::string::npos) {
        const ssize_t n = read(c, buf, sizeof buf);
        if (n <= 0) break;
        request.append(buf, static_cast<std::size_t>(n));
      }
      const std::size_t sp = request.find(' ');
      const std::string target = request.substr(sp + 1, request.find(' ', sp + 1) - sp - 1);
      targets.push_back(target);
      EXPECT_NE(request.find("\r\nHost: localhost\r\n"), std::string::npos);
      const std::string out = handler_(target);
      for (std::size_t at = 0; at < out.size();) {
        const ssize_t n = write(c, out.data() + at, out.size() - at);
        if (n <= 0) break;
        at += static_cast<std::size_t>(n);
      }
      close(c);
    }
  }
  std::function<std::string(const std::string&)> handler_;
  std::string folder_, path_;
  int fd_ = -1;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

std::string pod(const std::string& ns, const std::string& name) {
  return fmt::format(R"({{"metadata":{{"namespace":"{}","name":"{}"}},"spec":{{"volumes":[]}}}})", ns, name);
}

/// Pods a0..a4 in namespace `ns`, served `limit` a page as the API server pages (ListMeta first,
/// or last with `meta_last`), the continue token naming the key after the last item.
std::string pod_page(const std::string& target, bool meta_last = false, bool chunked = true) {
  const std::vector<std::string> keys = {"a/p0", "a/p1", "a/p2", "b/p3", "b/p4"};
  std::size_t limit = keys.size(), from = 0;
  if (const std::size_t l = target.find("limit="); l != std::string::npos)
    limit = std::strtoul(target.c_str() + l + 6, nullptr, 10);
  if (const std::size_t c = target.find("continue="); c != std::string::npos) {
    const auto start = detail::continue_start(target.substr(c + 9));
    EXPECT_TRUE(start.has_value());
    while (from < keys.size() && keys[from] < *start) ++from;
  }
  std::string items;
  const std::size_t to = std::min(keys.size(), from + limit);
  for (std::size_t i = from; i < to; ++i) {
    const std::size_t slash = keys[i].find('/');
    items += (i > from ? "," : "") + pod(keys[i].substr(0, slash), keys[i].substr(slash + 1));
  }
  const std::string meta = to < keys.size()
                               ? fmt::format(R"({{"resourceVersion":"7","continue":"{}"}})", token_after(keys[to - 1]))
                               : R"({"resourceVersion":"7"})";
  const std::string body = meta_last ? fmt::format(R"({{"items":[{}],"kind":"PodList","metadata":{}}})", items, meta)
                                     : fmt::format(R"({{"kind":"PodList","metadata":{},"items":[{}]}})", meta, items);
  return answer(200, body, chunked);
}

std::vector<std::string> pod_keys(const load_result& r) {
  std::vector<std::string> out;
  for (const k8s::pod& p : r.objects.pods()) out.push_back(p.metadata.key());
  std::sort(out.begin(), out.end());
  return out;
}

const std::vector<std::string> all_pods = {"a/p0", "a/p1", "a/p2", "b/p3", "b/p4"};
const api_list pods_list[] = {{"/api/v1/pods", "pods"}};

api_lists_result read(const fake_proxy& server, std::size_t chunk_size) {
  const auto proxy = kubectl_proxy::attach(server.path());
  api_list_options o;
  o.chunk_size = chunk_size;
  o.timeout_seconds = 10;
  return load_api_lists(*proxy, pods_list, "the cluster", {}, o);
}

TEST(api_list, pages_with_continue_tokens) {
  for (const bool chunked : {true, false}) {
    fake_proxy server([&](const std::string& t) { return pod_page(t, false, chunked); });
    const api_lists_result r = read(server, 2);
    ASSERT_FALSE(r.failure.has_value()) << r.failure->error_output;
    EXPECT_EQ(pod_keys(r.loaded), all_pods);
    EXPECT_EQ(r.pages, 3U);
    EXPECT_EQ(r.restarts, 0U);
    EXPECT_TRUE(r.loaded.problems.empty());
    ASSERT_EQ(server.targets.size(), 3U);
    EXPECT_EQ(server.targets[0], "/api/v1/pods?limit=2");
    EXPECT_EQ(server.targets[1], "/api/v1/pods?limit=2&continue=" + token_after("a/p1"));
  }
}

TEST(api_list, list_metadata_after_items) {
  fake_proxy server([](const std::string& t) { return pod_page(t, /*meta_last=*/true); });
  const api_lists_result r = read(server, 1);
  ASSERT_FALSE(r.failure.has_value());
  EXPECT_EQ(pod_keys(r.loaded), all_pods);
  EXPECT_EQ(r.pages, 5U);
}

TEST(api_list, chunk_size_zero_is_one_request) {
  fake_proxy server([](const std::string& t) { return pod_page(t); });
  const api_lists_result r = read(server, 0);
  ASSERT_FALSE(r.failure.has_value());
  EXPECT_EQ(pod_keys(r.loaded), all_pods);
  ASSERT_EQ(server.targets.size(), 1U);
  EXPECT_EQ(server.targets[0], "/api/v1/pods");
}

// client-go's pager restarts a list whose continue token expired; the pages read before are in
// the loader already, so the restarted list is read from the key the token names.
TEST(api_list, expired_continue_token_restarts_without_reading_twice) {
  std::atomic<int> continued{0};
  fake_proxy server([&](const std::string& t) {
    if (t.find("continue=") != std::string::npos && ++continued == 2)
      return answer(410, R"({"kind":"Status","status":"Failure","reason":"Expired","code":410})");
    return pod_page(t);
  });
  const api_lists_result r = read(server, 2);
  ASSERT_FALSE(r.failure.has_value()) << r.failure->error_output;
  EXPECT_EQ(pod_keys(r.loaded), all_pods);
  EXPECT_EQ(r.restarts, 1U);
  EXPECT_TRUE(r.loaded.problems.empty()) << r.loaded.problems.begin()->to_string();
  // p0 p1 | p2 p3 (410) | restart: p0 p1 (passed over) | p2 p3 | p4
  ASSERT_EQ(server.targets.size(), 6U);
  EXPECT_EQ(server.targets[3], "/api/v1/pods?limit=2");
}

TEST(api_list, expired_token_that_names_no_key_is_an_error) {
  fake_proxy server([](const std::string& t) {
    if (t.find("continue=") != std::string::npos)
      return answer(410, R"({"kind":"Status","status":"Failure","reason":"Expired","code":410})");
    return answer(200, R"({"kind":"PodList","metadata":{"continue":"opaque"},"items":[)" + pod("a", "p0") + "]}");
  });
  const api_lists_result r = read(server, 1);
  ASSERT_TRUE(r.failure.has_value());
  EXPECT_EQ(r.failure->failure, kubectl_failure::other);
  EXPECT_NE(r.failure->error_output.find("continue token expired (410)"), std::string::npos);
  EXPECT_EQ(r.loaded.objects.pods().size(), 0U);  // nothing of a failed list is kept
}

TEST(api_list, api_server_errors_as_kubectl_get) {
  const std::string forbidden =
      R"({"kind":"Status","status":"Failure","reason":"Forbidden","code":403,"message":"pods is forbidden: User \"viewer\" cannot list resource \"pods\" in API group \"\" at the cluster scope"})";
  struct row {
    int status;
    std::string body;
    kubectl_failure failure;
  };
  for (const row& c : {row{403, forbidden, kubectl_failure::forbidden},
                       row{401, R"({"kind":"Status","code":401})", kubectl_failure::unauthorized},
                       row{404, R"({"kind":"Status","code":404})", kubectl_failure::not_served},
                       row{502, "dial tcp 10.0.0.1:443: connect: connection refused", kubectl_failure::unreachable},
                       row{500, R"({"kind":"Status","code":500,"reason":"InternalError","message":"etcd"})",
                           kubectl_failure::other}}) {
    fake_proxy server([&](const std::string&) { return answer(c.status, c.body); });
    const api_lists_result r = read(server, 500);
    ASSERT_TRUE(r.failure.has_value()) << c.status;
    EXPECT_EQ(r.failure->failure, c.failure) << c.status << ": " << r.failure->error_output;
    EXPECT_EQ(r.failure->args, (std::vector<std::string>{"get", "pods", "--all-namespaces"}));
    if (c.status == 403) {
      EXPECT_EQ(r.failure->user, "viewer");
      EXPECT_EQ(r.failure->verb, "list");
      EXPECT_EQ(r.failure->resource, "pods");
      EXPECT_EQ(r.failure->scope, "at the cluster scope");
    }
  }
}

TEST(api_list, malformed_answer_and_no_proxy) {
  {
    fake_proxy server([](const std::string&) { return std::string("this is not HTTP\r\n\r\n"); });
    const api_lists_result r = read(server, 500);
    ASSERT_TRUE(r.failure.has_value());
    EXPECT_NE(r.failure->error_output.find("malformed HTTP answer"), std::string::npos) << r.failure->error_output;
  }
  {
    fake_proxy server(
        [](const std::string&) { return std::string("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"); });
    const api_lists_result r = read(server, 500);
    ASSERT_TRUE(r.failure.has_value());
    EXPECT_NE(r.failure->error_output.find("before the answer was whole"), std::string::npos);
  }
  const auto proxy = kubectl_proxy::attach("/nonexistent/volpol.sock");
  const api_lists_result r = load_api_lists(*proxy, pods_list, "the cluster", {});
  ASSERT_TRUE(r.failure.has_value());
  EXPECT_NE(r.failure->error_output.find("cannot connect to kubectl proxy"), std::string::npos);
}

/// `text` as one gzip member (what Go's gzip writer sends), level 1 as the API server's.
std::string gzipped(const std::string& text) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, text.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

/// A page answer with its body gzipped (`Content-Encoding: gzip`), chunked as kubectl proxy
/// passes the API server's on.
std::string gzip_answer(const std::string& plain_answer) {
  const std::size_t body_at = plain_answer.find("\r\n\r\n") + 4;
  // The plain answer is chunked: its body is the JSON between the chunk lines.
  std::string json;
  for (std::size_t at = body_at;;) {
    const std::size_t eol = plain_answer.find("\r\n", at);
    const std::size_t n = std::strtoul(plain_answer.substr(at, eol - at).c_str(), nullptr, 16);
    if (n == 0) break;
    json += plain_answer.substr(eol + 2, n);
    at = eol + 2 + n + 2;
  }
  const std::string head = plain_answer.substr(0, plain_answer.find("Transfer-Encoding"));
  const std::string body = gzipped(json);
  std::string out = head + "Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (std::size_t at = 0; at < body.size(); at += 5) {  // pieces smaller than the gzip header
    const std::string piece = body.substr(at, 5);
    out += fmt::format("{:x}\r\n{}\r\n", piece.size(), piece);
  }
  return out + "0\r\n\r\n";
}

// volpol asks for gzip pages (as kubectl's client does) and inflates them: the same objects,
// pages and continue tokens as plain pages.
TEST(api_list, gzip_pages_are_inflated) {
  fake_proxy server([](const std::string& t) { return gzip_answer(pod_page(t)); });
  const api_lists_result r = read(server, 2);
  ASSERT_FALSE(r.failure.has_value()) << r.failure->error_output;
  EXPECT_EQ(pod_keys(r.loaded), all_pods);
  EXPECT_EQ(r.pages, 3U);
  EXPECT_TRUE(r.loaded.problems.empty());
  ASSERT_EQ(server.targets.size(), 3U);
  EXPECT_EQ(server.targets[1], "/api/v1/pods?limit=2&continue=" + token_after("a/p1"));
}

TEST(api_list, a_gzip_body_that_is_not_gzip_or_is_cut_is_an_error) {
  {
    fake_proxy server([](const std::string&) {
      return std::string("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 9\r\n\r\n{\"items\"}");
    });
    const api_lists_result r = read(server, 500);
    ASSERT_TRUE(r.failure.has_value());
    EXPECT_NE(r.failure->error_output.find("a malformed gzip body from kubectl proxy"), std::string::npos)
        << r.failure->error_output;
  }
  {
    const std::string body = gzipped(R"({"kind":"PodList","metadata":{},"items":[]})");
    const std::string cut = body.substr(0, body.size() - 6);  // without its trailer
    fake_proxy server([&](const std::string&) {
      return fmt::format("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: {}\r\n\r\n{}", cut.size(), cut);
    });
    const api_lists_result r = read(server, 500);
    ASSERT_TRUE(r.failure.has_value());
    EXPECT_NE(r.failure->error_output.find("ends before its end"), std::string::npos) << r.failure->error_output;
  }
}

TEST(api_list_parse, gunzip_reads_members_in_any_pieces) {
  const std::string a(100000, 'a'), b = R"({"items":[]})";
  const std::string both = gzipped(a) + gzipped(b);  // two members, as RFC 1952 allows
  for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, both.size()}) {
    detail::gunzip g;
    std::string out;
    for (std::size_t at = 0; at < both.size(); at += piece)
      ASSERT_TRUE(g.feed(both.data() + at, std::min(piece, both.size() - at), [&](const char* p, std::size_t n) {
        out.append(p, n);
        return true;
      })) << g.error();
    EXPECT_TRUE(g.complete());
    EXPECT_EQ(out, a + b);
  }
  detail::gunzip bad;
  const std::string not_gzip = "{}";
  EXPECT_FALSE(bad.feed(not_gzip.data(), not_gzip.size(), [](const char*, std::size_t) { return true; }));
  EXPECT_FALSE(bad.error().empty());
  EXPECT_FALSE(bad.complete());
}

// Three lists at once, read by the loader one after another.
TEST(api_list, several_lists) {
  fake_proxy server([](const std::string& t) {
    if (t.starts_with("/api/v1/pods")) return pod_page(t);
    if (t.starts_with("/api/v1/persistentvolumeclaims"))
      return answer(
          200,
          R"({"kind":"PersistentVolumeClaimList","metadata":{},"items":[{"metadata":{"namespace":"a","name":"c"},"spec":{"volumeName":"v"}}]})");
    return answer(
        200,
        R"({"kind":"PersistentVolumeList","metadata":{},"items":[{"metadata":{"name":"v"},"spec":{"nfs":{"server":"s","path":"/"}}}]})");
  });
  const api_list lists[] = {{"/api/v1/persistentvolumes", "persistentvolumes"},
                            {"/api/v1/persistentvolumeclaims", "persistentvolumeclaims"},
                            {"/api/v1/pods", "pods"}};
  const auto proxy = kubectl_proxy::attach(server.path());
  api_list_options o;
  o.chunk_size = 2;
  o.prefetch_bytes = 16;  // the fetchers wait for the loader at every few bytes
  const api_lists_result r = load_api_lists(*proxy, lists, "the cluster", {}, o);
  ASSERT_FALSE(r.failure.has_value());
  EXPECT_EQ(r.loaded.objects.persistent_volumes().size(), 1U);
  EXPECT_EQ(r.loaded.objects.persistent_volume_claims().size(), 1U);
  EXPECT_EQ(pod_keys(r.loaded), all_pods);
  EXPECT_EQ(r.pages, 5U);
}

TEST(api_list_parse, continue_token_and_list_metadata) {
  EXPECT_EQ(detail::continue_start(token_after("ns/name")), std::string("ns/name\0", 8));
  EXPECT_FALSE(detail::continue_start("opaque").has_value());
  EXPECT_FALSE(detail::continue_start("eyJ2Ijoi\xff\xffiLCJy").has_value());  // not base64url (fuzz_api_list)
  EXPECT_FALSE(detail::continue_start("").has_value());
  EXPECT_FALSE(detail::continue_start(base64url(R"({"v":"meta.k8s.io/v1","rv":1})")).has_value());
  detail::list_meta m;
  ASSERT_TRUE(
      detail::list_metadata(R"({"kind":"PodList","metadata":{"resourceVersion":"9","continue":"t"},"items":[)", "", m));
  EXPECT_EQ(m.continue_token, "t");
  EXPECT_EQ(m.resource_version, "9");
  detail::list_meta last;
  ASSERT_TRUE(detail::list_metadata(R"({"items":[{"metadata":{"name":"x"}}],)",
                                    R"(":"x"}}],"kind":"List","metadata":{"continue":"u"}})", last));
  EXPECT_EQ(last.continue_token, "u");
  detail::list_meta none;
  EXPECT_FALSE(detail::list_metadata(R"({"kind":"PodList","metadata":{"contin)", "", none));
  bool passed = false, ok = false;
  const std::string kept = detail::items_from(
      R"({"items":[{"metadata":{"namespace":"a","name":"p0"}},{"metadata":{"namespace":"b","name":"p1"}}]})",
      std::string("a/p0\0", 5), passed, ok);
  EXPECT_TRUE(ok);
  EXPECT_TRUE(passed);
  EXPECT_EQ(
      kept,
      "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"items\":[{\"metadata\":{\"namespace\":\"b\",\"name\":\"p1\"}}]}\n");
}

}  // namespace
}  // namespace volpol::k8s
