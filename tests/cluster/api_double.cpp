// volpol-api-double: a loopback stand-in for a Kubernetes API server, for the live-cluster
// tests. It serves recorded responses over HTTPS on 127.0.0.1 only, so the real kubectl can
// talk to it with an ordinary kubeconfig.
//
//     volpol-api-double --dir tests/data/cluster/recorded --cert C --key K --port-file F
//                       [--user TOKEN=NAME ...] [--deny NAME=RESOURCE ...]
//
// A request for URL path /P is answered with the file DIR/P.json (discovery: /api, /apis,
// /api/v1, /apis/GROUP/VERSION; lists: /api/v1/pods, /api/v1/namespaces/NS/configmaps; single
// objects: .../backups/NAME), query strings ignored. Authorization: `Bearer TOKEN`; a token not
// given with --user gets 401. --deny NAME=RESOURCE answers 403 to that user for that resource,
// with the API server's RBAC message. A missing file is 404 with a Status object, as the API
// server answers. The chosen port is written to the port file once the server listens.
#include <httplib.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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
  std::string escaped;
  for (char c : message) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"" + escaped +
         "\",\"reason\":\"" + reason + "\",\"code\":" + std::to_string(code) + "}";
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir, cert, key, port_file;
  std::map<std::string, std::string> users;            // token -> user name
  std::set<std::pair<std::string, std::string>> deny;  // (user, resource)
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    const std::size_t eq = value.find('=');
    if (flag == "--dir") dir = value;
    else if (flag == "--cert") cert = value;
    else if (flag == "--key") key = value;
    else if (flag == "--port-file") port_file = value;
    else if (flag == "--user" && eq != std::string::npos) users[value.substr(0, eq)] = value.substr(eq + 1);
    else if (flag == "--deny" && eq != std::string::npos) deny.insert({value.substr(0, eq), value.substr(eq + 1)});
    else {
      std::fprintf(stderr, "volpol-api-double: unknown argument %s\n", flag.c_str());
      return 2;
    }
  }
  if (dir.empty() || cert.empty() || key.empty() || port_file.empty()) {
    std::fprintf(stderr,
                 "usage: volpol-api-double --dir DIR --cert CERT --key KEY --port-file FILE "
                 "[--user TOKEN=NAME] [--deny NAME=RESOURCE]\n");
    return 2;
  }

  httplib::SSLServer server(cert.c_str(), key.c_str());
  if (!server.is_valid()) {
    std::fprintf(stderr, "volpol-api-double: cannot use the certificate %s / key %s\n", cert.c_str(), key.c_str());
    return 1;
  }
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
    std::string body;
    if (req.path.find("..") == std::string::npos && read_file(dir + req.path + ".json", body)) {
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
