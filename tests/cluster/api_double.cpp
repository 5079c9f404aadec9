// volpol-api-double: a loopback stand-in for a Kubernetes API server, for the live-cluster
// tests. It serves recorded responses over HTTPS on 127.0.0.1 only, so the real kubectl can
// talk to it with an ordinary kubeconfig.
//
//     volpol-api-double --dir tests/data/cluster/recorded --cert C --key K --port-file F
//                       [--user TOKEN=NAME ...] [--deny NAME=RESOURCE ...]
//
//                       [--list FILE ...] [--expire-continue N]
//
// A request for URL path /P is answered with the file DIR/P.json (discovery: /api, /apis,
// /api/v1, /apis/GROUP/VERSION; single objects: .../backups/NAME). Lists (/api/v1/pods,
// /api/v1/namespaces/NS/configmaps ...) are paged as the API server pages them: items in key
// order (NAMESPACE/NAME, or NAME for cluster-scoped ones), `limit` items a page, and a page
// that is not the last carries metadata.continue (the API server's token format: base64url of
// {"v":"meta.k8s.io/v1","rv":RV,"start":"KEY\u0000"}, k8s.io/apiserver/pkg/storage/continue.go)
// and metadata.remainingItemCount; every page carries metadata.resourceVersion; ListMeta comes
// before items, as the API server writes it. Without `limit` the whole list is sent, streamed.
//
// --list FILE (a JSON List as `kubectl get pods,pvc,pv -A -o json` or bench/gen-cluster writes
// it, of any size: read through mmap, only its items' offsets are held) serves the Pods,
// PersistentVolumeClaims and PersistentVolumes it holds in place of DIR's lists of those kinds.
// --expire-continue N answers the N-th request that carries a continue token with 410 Gone
// (reason Expired, and a token to go on inconsistently, as the API server does when etcd has
// compacted the list's revision), once.
//
// Authorization: `Bearer TOKEN`; a token not given with --user gets 401. --deny NAME=RESOURCE
// answers 403 to that user for that resource, with the API server's RBAC message. A missing
// file is 404 with a Status object, as the API server answers. The chosen port is written to
// the port file once the server listens.
#include <fcntl.h>
#include <httplib.h>
#include <openssl/evp.h>
#include <simdjson.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/detail/json_text.h"

namespace {

struct request_target {
  std::string group, version, ns, resource, name;
  bool ok = false;
};

// /api/v1/[namespaces/NS/]RES[/NAME] or /apis/G/V/[namespaces/NS/]RES[/NAME]
request_target parse_target(const std::string& path) {
  std::vector<std::string> parts;
  std::stringstream ss(path);
  for (std::string p; std::getline(ss, p, '/');)
    if (!p.empty()) parts.push_back(p);
  request_target t;
  std::size_t i = 0;
  if (parts.size() >= 3 && parts[0] == "api") {
    t.version = parts[1];
    i = 2;
  } else if (parts.size() >= 4 && parts[0] == "apis") {
    t.group = parts[1];
    t.version = parts[2];
    i = 3;
  } else {
    return t;
  }
  if (parts.size() - i >= 3 && parts[i] == "namespaces") {
    t.ns = parts[i + 1];
    i += 2;
  }
  t.resource = parts[i];
  if (i + 1 < parts.size()) t.name = parts[i + 1];
  t.ok = true;
  return t;
}

std::string status_json(int code, const std::string& reason, const std::string& message) {
  return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":" +
         volpol::json_string(message) + ",\"reason\":\"" + reason + "\",\"code\":" + std::to_string(code) + "}";
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// --- lists -------------------------------------------------------------------------------

constexpr const char* resource_version = "4242";

struct list_item {
  std::string key;        // NAMESPACE/NAME or NAME
  std::string ns;         // its namespace ("" for cluster-scoped)
  std::string_view text;  // the item's JSON
};

struct item_list {
  std::string kind;                // PodList ...
  std::string api_version = "v1";  // the list's group/version
  std::vector<list_item> items;
  std::vector<std::string> owned;  // texts the items point into (recorded lists)
};

std::string base64url(std::string_view in) {
  std::string out(4 * ((in.size() + 2) / 3) + 1, '\0');
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(in.data()), static_cast<int>(in.size()));
  out.resize(static_cast<std::size_t>(n));
  while (!out.empty() && out.back() == '=') out.pop_back();
  for (char& c : out) c = c == '+' ? '-' : c == '/' ? '_' : c;
  return out;
}

std::string unbase64url(std::string in) {
  for (char& c : in) c = c == '-' ? '+' : c == '_' ? '/' : c;
  std::size_t pad = 0;
  while (in.size() % 4 != 0) {
    in += '=';
    ++pad;
  }
  std::string out(in.size() / 4 * 3 + 1, '\0');
  const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(in.data()), static_cast<int>(in.size()));
  if (n < 0) return {};
  out.resize(static_cast<std::size_t>(n) - pad);
  return out;
}

/// The token for the page after the item `last_key` (the API server's EncodeContinue).
std::string continue_token(const std::string& last_key, const std::string& rv) {
  return base64url("{\"v\":\"meta.k8s.io/v1\",\"rv\":" + rv + ",\"start\":" + volpol::json_string(last_key + '\0') +
                   "}");
}

/// The start key of a token; false when it is not one.
bool token_start(const std::string& token, std::string& start) {
  const std::string json = unbase64url(token);
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  std::string_view v;
  if (parser.parse(json).get(doc) || doc["start"].get_string().get(v)) return false;
  start = std::string(v);
  return true;
}

/// kind, namespace and name of one item's JSON.
bool item_identity(std::string_view text, std::string& kind, std::string& ns, std::string& name) {
  simdjson::dom::parser parser;
  simdjson::dom::element item;
  if (parser.parse(std::string(text)).get(item)) return false;
  std::string_view v;
  kind = item["kind"].get_string().get(v) ? "" : std::string(v);
  ns = item["metadata"]["namespace"].get_string().get(v) ? "" : std::string(v);
  if (item["metadata"]["name"].get_string().get(v)) return false;
  name = std::string(v);
  return true;
}

/// The byte ranges of the items of the top-level "items" array of a JSON List (strings
/// skipped; no other parsing).
std::vector<std::string_view> item_texts(std::string_view text) {
  std::vector<std::string_view> out;
  int depth = 0;
  bool in_string = false, in_items = false;
  std::size_t string_start = 0, item_start = 0;
  std::string_view last_key;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') {
        in_string = false;
        if (depth == 1) last_key = text.substr(string_start, i - string_start);
      }
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        string_start = i + 1;
        break;
      case '[':
      case '{':
        if (depth == 1 && c == '[' && last_key == "items") in_items = true;
        if (in_items && depth == 2 && c == '{') item_start = i;
        ++depth;
        break;
      case ']':
      case '}':
        --depth;
        if (in_items && depth == 2 && c == '}') out.push_back(text.substr(item_start, i + 1 - item_start));
        if (in_items && depth == 1) in_items = false;
        break;
      default: break;
    }
  }
  return out;
}

std::string resource_of_kind(const std::string& kind) {
  if (kind == "Pod") return "pods";
  if (kind == "PersistentVolumeClaim") return "persistentvolumeclaims";
  if (kind == "PersistentVolume") return "persistentvolumes";
  return {};
}

void sort_items(item_list& list) {
  std::sort(list.items.begin(), list.items.end(), [](const list_item& a, const list_item& b) { return a.key < b.key; });
}

/// A recorded list file as an item_list (items minified), or false when it is not a List.
bool recorded_list(const std::string& body, item_list& out) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  simdjson::dom::array items;
  std::string_view kind, api_version;
  if (parser.parse(body).get(doc) || doc["items"].get_array().get(items)) return false;
  out.kind = doc["kind"].get_string().get(kind) ? "List" : std::string(kind);
  if (!doc["apiVersion"].get_string().get(api_version)) out.api_version = std::string(api_version);
  out.owned.reserve(items.size());
  for (simdjson::dom::element item : items) {
    std::string_view ns, name;
    if (item["metadata"]["namespace"].get_string().get(ns)) ns = {};
    if (item["metadata"]["name"].get_string().get(name)) name = {};
    out.owned.push_back(simdjson::to_string(item));
    out.items.push_back({ns.empty() ? std::string(name) : std::string(ns) + "/" + std::string(name), std::string(ns),
                         out.owned.back()});
  }
  sort_items(out);
  return true;
}

/// Answers a list request from `list` (only the items of `ns` when it is set), paged as asked.
void serve_list(const item_list& list, const std::string& ns, const httplib::Request& req, httplib::Response& res,
                std::atomic<long>& continues, long expire_at) {
  const std::string kind = list.kind.empty() ? "List" : list.kind;
  std::size_t limit = 0;
  if (req.has_param("limit")) limit = std::strtoul(req.get_param_value("limit").c_str(), nullptr, 10);
  const std::string token = req.has_param("continue") ? req.get_param_value("continue") : "";
  // The items of the namespace (keys NS/...: one range), or all.
  auto begin = list.items.begin(), end = list.items.end();
  if (!ns.empty()) {
    begin = std::lower_bound(begin, end, ns + "/", [](const list_item& a, const std::string& k) { return a.key < k; });
    end = std::lower_bound(begin, end, ns + "0", [](const list_item& a, const std::string& k) { return a.key < k; });
  }
  if (!token.empty()) {
    std::string start;
    if (!token_start(token, start)) {
      res.status = 400;
      res.set_content(status_json(400, "BadRequest", "continue key is not valid: illegal base64 data"),
                      "application/json");
      return;
    }
    if (++continues == expire_at) {
      std::string status = status_json(
          410, "Expired",
          "The provided continue parameter is too old to display a consistent list result. You can start a new "
          "list without the continue parameter, or use the continue token in this response to retrieve the "
          "remainder of the results. Continuing with the provided token results in an inconsistent list - "
          "objects that were created, modified, or deleted between the time the first chunk was returned and now "
          "may show up in the list.");
      status.insert(status.find("\"metadata\":{}") + 12,
                    "\"continue\":" + volpol::json_string(base64url("{\"v\":\"meta.k8s.io/v1\",\"rv\":-1,\"start\":" +
                                                                    volpol::json_string(start) + "}")));
      res.status = 410;
      res.set_content(status, "application/json");
      return;
    }
    begin = std::lower_bound(begin, end, start, [](const list_item& a, const std::string& k) { return a.key < k; });
  }
  const std::size_t left = static_cast<std::size_t>(end - begin);
  const std::size_t n = limit > 0 ? std::min(limit, left) : left;
  std::string meta = std::string("{\"resourceVersion\":\"") + resource_version + "\"";
  if (n < left)
    meta += ",\"continue\":" + volpol::json_string(continue_token((begin + n - 1)->key, resource_version)) +
            ",\"remainingItemCount\":" + std::to_string(left - n);
  meta += "}";
  const std::string open = "{\"kind\":\"" + kind + "\",\"apiVersion\":\"" + list.api_version +
                           "\",\"metadata\":" + meta + ",\"items\":[";
  const auto first = begin;
  // Streamed in batches: a whole list of a generated cluster can be gigabytes.
  res.set_chunked_content_provider("application/json",
                                   [open, first, n, at = std::size_t{0}](std::size_t, httplib::DataSink& sink) mutable {
                                     std::string batch;
                                     if (at == 0) batch = open;
                                     for (std::size_t stop = std::min(n, at + 256); at < stop; ++at) {
                                       if (at > 0) batch += ',';
                                       batch.append((first + static_cast<std::ptrdiff_t>(at))->text);
                                     }
                                     if (at == n) batch += "]}\n";
                                     if (!batch.empty() && !sink.write(batch.data(), batch.size())) return false;
                                     if (at == n) sink.done();
                                     return true;
                                   });
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir, cert, key, port_file;
  std::map<std::string, std::string> users;            // token -> user name
  std::set<std::pair<std::string, std::string>> deny;  // (user, resource)
  std::vector<std::string> list_files;
  long expire_at = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    const std::size_t eq = value.find('=');
    if (flag == "--dir") dir = value;
    else if (flag == "--cert") cert = value;
    else if (flag == "--key") key = value;
    else if (flag == "--port-file") port_file = value;
    else if (flag == "--user" && eq != std::string::npos) users[value.substr(0, eq)] = value.substr(eq + 1);
    else if (flag == "--deny" && eq != std::string::npos) deny.insert({value.substr(0, eq), value.substr(eq + 1)});
    else if (flag == "--list") list_files.push_back(value);
    else if (flag == "--expire-continue") expire_at = std::strtol(value.c_str(), nullptr, 10);
    else {
      std::fprintf(stderr, "volpol-api-double: unknown argument %s\n", flag.c_str());
      return 2;
    }
  }
  if (dir.empty() || cert.empty() || key.empty() || port_file.empty()) {
    std::fprintf(stderr,
                 "usage: volpol-api-double --dir DIR --cert CERT --key KEY --port-file FILE "
                 "[--user TOKEN=NAME] [--deny NAME=RESOURCE] [--list FILE] [--expire-continue N]\n");
    return 2;
  }

  // --list files: mapped, their items indexed by resource and sorted by key.
  std::map<std::string, item_list> generated;  // resource -> items
  for (const std::string& file : list_files) {
    const int fd = open(file.c_str(), O_RDONLY);
    struct stat st {};
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size == 0) {
      std::fprintf(stderr, "volpol-api-double: cannot read %s\n", file.c_str());
      return 1;
    }
    void* map = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
      std::fprintf(stderr, "volpol-api-double: cannot map %s\n", file.c_str());
      return 1;
    }
    const std::string_view text(static_cast<const char*>(map), static_cast<std::size_t>(st.st_size));
    std::size_t count = 0;
    for (std::string_view item : item_texts(text)) {
      std::string kind, ns, name;
      if (!item_identity(item, kind, ns, name)) continue;
      const std::string resource = resource_of_kind(kind);
      if (resource.empty()) continue;
      item_list& list = generated[resource];
      list.kind = kind + "List";
      list.items.push_back({ns.empty() ? name : ns + "/" + name, ns, item});
      ++count;
    }
    std::fprintf(stderr, "volpol-api-double: %zu items from %s\n", count, file.c_str());
  }
  for (auto& [resource, list] : generated) sort_items(list);
  std::mutex recorded_mutex;
  std::map<std::string, item_list> recorded;  // path -> parsed list file (cache)
  std::atomic<long> continues{0};

  httplib::SSLServer server(cert.c_str(), key.c_str());
  if (!server.is_valid()) {
    std::fprintf(stderr, "volpol-api-double: cannot use the certificate %s / key %s\n", cert.c_str(), key.c_str());
    return 1;
  }
  // As the API server (Go sets TCP_NODELAY): without it, the last bytes of every answer wait
  // for the client's delayed ACK (~40 ms a page).
  server.set_tcp_nodelay(true);
  server.set_keep_alive_max_count(1000);
  server.Get(R"(/.*)", [&](const httplib::Request& req, httplib::Response& res) {
    const std::string auth = req.get_header_value("Authorization");
    const std::string token = auth.starts_with("Bearer ") ? auth.substr(7) : "";
    const auto user = users.find(token);
    if (user == users.end()) {
      res.status = 401;
      res.set_content(status_json(401, "Unauthorized", "Unauthorized"), "application/json");
      return;
    }
    const request_target t = parse_target(req.path);
    if (t.ok && deny.contains({user->second, t.resource})) {
      const std::string verb = t.name.empty() ? "list" : "get";
      const std::string scope = t.ns.empty() ? "at the cluster scope" : "in the namespace \"" + t.ns + "\"";
      const std::string full = t.group.empty() ? t.resource : t.resource + "." + t.group;
      res.status = 403;
      res.set_content(status_json(403, "Forbidden",
                                  full + " is forbidden: User \"" + user->second + "\" cannot " + verb +
                                      " resource \"" + t.resource + "\" in API group \"" + t.group + "\" " + scope),
                      "application/json");
      return;
    }
    if (t.ok && t.name.empty()) {  // a list
      if (const auto g = generated.find(t.resource); g != generated.end() && t.group.empty()) {
        serve_list(g->second, t.ns, req, res, continues, expire_at);
        return;
      }
    }
    std::string body;
    if (req.path.find("..") == std::string::npos && read_file(dir + req.path + ".json", body)) {
      if (t.ok && t.name.empty()) {
        const item_list* list = nullptr;
        {
          std::lock_guard lock(recorded_mutex);
          auto it = recorded.find(req.path);
          if (it == recorded.end()) {
            item_list parsed;
            if (recorded_list(body, parsed)) it = recorded.emplace(req.path, std::move(parsed)).first;
          }
          if (it != recorded.end()) list = &it->second;
        }
        if (list != nullptr) {
          serve_list(*list, "", req, res, continues, expire_at);
          return;
        }
      }
      res.set_content(body, "application/json");
      return;
    }
    const std::string what = t.ok ? (t.name.empty() ? t.resource : t.resource + " \"" + t.name + "\"") : req.path;
    res.status = 404;
    res.set_content(status_json(404, "NotFound",
                                t.ok && !t.name.empty() ? (t.group.empty() ? t.resource : t.resource + "." + t.group) +
                                                              " \"" + t.name + "\" not found"
                                                        : "the server could not find the requested resource"),
                    "application/json");
    (void)what;
  });
  const int port = server.bind_to_any_port("127.0.0.1");
  if (port <= 0) {
    std::fprintf(stderr, "volpol-api-double: cannot listen on 127.0.0.1\n");
    return 1;
  }
  {
    std::ofstream pf(port_file + ".tmp");
    pf << port << '\n';
  }
  std::rename((port_file + ".tmp").c_str(), port_file.c_str());
  return server.listen_after_bind() ? 0 : 1;
}
