// Running the real kubectl (see volpol/k8s/kubectl.h).
#include "volpol/k8s/kubectl.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <regex>
#include <string_view>

extern char** environ;

namespace volpol::k8s {

namespace {

std::vector<std::string> full_args(const kubectl_config& config, const std::vector<std::string>& args) {
  std::vector<std::string> all{config.program};
  if (!config.kubeconfig.empty()) all.push_back("--kubeconfig=" + config.kubeconfig);
  if (!config.context.empty()) all.push_back("--context=" + config.context);
  if (!config.request_timeout.empty()) all.push_back("--request-timeout=" + config.request_timeout);
  all.insert(all.end(), args.begin(), args.end());
  return all;
}

/// An unlinked temporary file for kubectl's standard error.
int temp_file() {
  const char* dir = std::getenv("TMPDIR");
  std::string tmpl = std::string(dir && *dir ? dir : "/tmp") + "/volpol-kubectl-XXXXXX";
  const int fd = mkstemp(tmpl.data());
  if (fd >= 0) unlink(tmpl.c_str());
  return fd;
}

std::string read_all(int fd) {
  std::string text;
  if (lseek(fd, 0, SEEK_SET) < 0) return text;
  char buf[4096];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<std::size_t>(n));
  return text;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::string joined(const std::vector<std::string>& args) {
  std::string s = "kubectl";
  for (const std::string& a : args) {
    if (a == "-o" || a.starts_with("-o=")) break;  // the output flags say nothing to the reader
    s += ' ';
    s += a;
  }
  return s;
}

/// kubectl's first error line, without its `error: ` prefix.
std::string first_error_line(std::string_view text) {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    static const std::regex klog(R"(^[IWEF]\d{4} \d\d:\d\d:\d\d)");  // klog lines: I1201 18:11:07.1 ...
    if (!line.empty() && !std::regex_search(line.begin(), line.end(), klog)) {
      if (line.starts_with("error: ")) line.remove_prefix(7);
      return std::string(line);
    }
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return {};
}

/// A started kubectl: its pid, the read end of its standard output, and its standard error
/// (an unlinked temporary file, -1 when none could be made).
struct spawned_kubectl {
  pid_t pid = -1;
  int out = -1, err = -1;
};

/// Starts `kubectl [global flags] ARGS` (stdin /dev/null). On failure the pid is -1 and `call`
/// says why (kubectl missing: not_installed, with the errno; no pipe: other).
spawned_kubectl spawn_kubectl(const kubectl_config& config, const std::vector<std::string>& args, kubectl_call& call) {
  spawned_kubectl child;
  const std::vector<std::string> all = full_args(config, args);
  std::vector<char*> argv;
  for (const std::string& a : all) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int out_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    call.exit_status = -1;
    call.failure = kubectl_failure::other;
    call.error_output = fmt::format("cannot create a pipe: {}", std::strerror(errno));
    return child;
  }
  child.err = temp_file();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  if (child.err >= 0) posix_spawn_file_actions_adddup2(&actions, child.err, 2);
  // kubectl starts with no signal blocked and SIGPIPE, SIGINT, SIGTERM, SIGHUP at their
  // defaults, whatever this thread has: `volpol serve` blocks SIGTERM and SIGINT in every thread
  // (serve/run.cpp) and ignores SIGPIPE, and a kubectl proxy that inherited that would not stop
  // at the SIGTERM that ends it.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (const int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) sigaddset(&defaults, sig);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const int spawned = posix_spawnp(&child.pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  if (spawned != 0) {
    close(out_pipe[0]);
    if (child.err >= 0) close(child.err);
    child = spawned_kubectl{};
    call.exit_status = -1;
    call.spawn_errno = spawned;
    classify_kubectl_failure(call);
    return child;
  }
  child.out = out_pipe[0];
  return child;
}

}  // namespace

void classify_kubectl_failure(kubectl_call& call) {
  const std::string& e = call.error_output;
  if (call.spawn_errno != 0) {
    call.failure = kubectl_failure::not_installed;
    return;
  }
  if (contains(e, "Error from server (Forbidden)")) {
    call.failure = kubectl_failure::forbidden;
    static const std::regex rbac(
        R"re(User "([^"]*)" cannot ([a-z]+) resource "([^"]*)" in API group "([^"]*)" (at the cluster scope|in the namespace "([^"]*)"))re");
    std::smatch m;
    if (std::regex_search(e, m, rbac)) {
      call.user = m[1];
      call.verb = m[2];
      call.resource = m[3];
      call.api_group = m[4];
      call.scope = m[6].matched ? fmt::format("in namespace `{}`", m[6].str()) : "at the cluster scope";
    }
    return;
  }
  if (contains(e, "context was not found for specified context") ||
      (contains(e, "context \"") && contains(e, "does not exist"))) {
    call.failure = kubectl_failure::unknown_context;
    return;
  }
  if (contains(e, "(Unauthorized)") || contains(e, "You must be logged in")) {
    call.failure = kubectl_failure::unauthorized;
    return;
  }
  if (contains(e, "the server doesn't have a resource type")) {
    call.failure = kubectl_failure::not_served;
    return;
  }
  if (contains(e, "Error from server (NotFound)")) {
    call.failure = kubectl_failure::not_found;
    return;
  }
  if (contains(e, "Unable to connect to the server") || contains(e, "The connection to the server") ||
      contains(e, "dial tcp") || contains(e, "no such host")) {
    call.failure = kubectl_failure::unreachable;
    return;
  }
  call.failure = call.exit_status == 0 ? kubectl_failure::none : kubectl_failure::other;
}

kubectl_call run_kubectl(const kubectl_config& config, std::vector<std::string> args,
                         const std::function<void(std::FILE*)>& consume) {
  kubectl_call call;
  call.args = std::move(args);
  const spawned_kubectl child = spawn_kubectl(config, call.args, call);
  if (child.pid < 0) return call;
  const pid_t pid = child.pid;
  const int err_fd = child.err;
  if (std::FILE* out = fdopen(child.out, "rb")) {
    if (consume) consume(out);
    char buf[65536];
    while (std::fread(buf, 1, sizeof buf, out) > 0) {
    }
    std::fclose(out);
  } else {
    close(child.out);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  call.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (err_fd >= 0) {
    call.error_output = read_all(err_fd);
    close(err_fd);
  }
  classify_kubectl_failure(call);
  if (call.exit_status != 0 && call.failure == kubectl_failure::none) call.failure = kubectl_failure::other;
  return call;
}

kubectl_call run_kubectl_capture(const kubectl_config& config, std::vector<std::string> args, std::string& out) {
  out.clear();
  return run_kubectl(config, std::move(args), [&](std::FILE* f) {
    char buf[65536];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  });
}

std::vector<std::string> kubectl_contexts(const kubectl_config& config, kubectl_call* call_out) {
  kubectl_config c = config;
  c.context.clear();
  c.request_timeout.clear();
  std::string out;
  const kubectl_call call = run_kubectl_capture(c, {"config", "get-contexts", "-o", "name"}, out);
  if (call_out != nullptr) *call_out = call;
  std::vector<std::string> names;
  if (!call.ok()) return names;
  std::size_t start = 0;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    if (end == std::string::npos) end = out.size();
    if (end > start) names.push_back(out.substr(start, end - start));
    start = end + 1;
  }
  std::sort(names.begin(), names.end());
  return names;
}

diagnostic explain_kubectl_failure(const kubectl_config& config, const kubectl_call& call) {
  diagnostic d;
  d.where.file = joined(call.args);
  const std::string kubeconfig = config.kubeconfig.empty() ? "the kubeconfig" : "`" + config.kubeconfig + "`";
  switch (call.failure) {
    case kubectl_failure::none: d.message = "no error"; break;
    case kubectl_failure::not_installed:
      d.message = fmt::format("cannot run `{}`: {}", config.program, std::strerror(call.spawn_errno));
      d.help =
          "volpol reads a live cluster through kubectl: install it (https://kubernetes.io/docs/tasks/tools/) "
          "or name it with --kubectl PATH";
      break;
    case kubectl_failure::unknown_context: {
      d.message = fmt::format("context `{}` is not in {}", config.context, kubeconfig);
      const std::vector<std::string> known = kubectl_contexts(config);
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "`" : ", `") + k + "`";
      d.help = known.empty() ? "it has no contexts" : fmt::format("contexts there: {}", list);
      break;
    }
    case kubectl_failure::forbidden:
      if (!call.verb.empty()) {
        const std::string resource = call.api_group.empty() ? call.resource
                                                            : fmt::format("{}.{}", call.resource, call.api_group);
        d.message = fmt::format("access denied: user `{}` cannot {} {} {}", call.user, call.verb, resource, call.scope);
        d.help = fmt::format(
            "volpol only reads; this user needs a {} rule {{apiGroups: [\"{}\"], resources: [{}], "
            "verbs: [{}]}}",
            call.scope.starts_with("in ") ? "Role (or ClusterRole)" : "ClusterRole", call.api_group, call.resource,
            call.verb);
      } else {
        d.message = fmt::format("access denied: {}", first_error_line(call.error_output));
      }
      break;
    case kubectl_failure::unauthorized:
      d.message = "the API server does not accept the credentials (401 Unauthorized)";
      d.help = fmt::format("log in again or check the user of the context in {}", kubeconfig);
      break;
    case kubectl_failure::not_served:
      d.message = fmt::format("the server does not serve this resource type: {}", first_error_line(call.error_output));
      d.help = "is the CRD installed (Velero, the CSI snapshot controller)?";
      break;
    case kubectl_failure::not_found:
      d.message = fmt::format("not found: {}", first_error_line(call.error_output));
      break;
    case kubectl_failure::unreachable:
      d.message = fmt::format("cannot reach the API server: {}", first_error_line(call.error_output));
      d.help = fmt::format("check the server address and the network for the context in {}", kubeconfig);
      break;
    case kubectl_failure::other: {
      const std::string line = first_error_line(call.error_output);
      d.message = line.empty() ? fmt::format("kubectl exited with status {}", call.exit_status)
                               : fmt::format("kubectl failed: {}", line);
      break;
    }
  }
  return d;
}

namespace {

/// The kubectl proxies running, stopped at exit and on SIGINT, SIGTERM and SIGHUP too: a
/// program may leave objects undestroyed at exit on purpose (volpol skips freeing a large plan),
/// and kubectl proxy must not outlive it. Slots a signal handler can read (no lock, no
/// allocation): a pid (0 = free) and the socket's folder and path.
struct proxy_slot {
  std::atomic<pid_t> pid{0};
  char folder[256] = {};
  char socket[300] = {};
};
std::array<proxy_slot, 16> proxy_slots;

/// Stops a slot's proxy and removes its socket and folder (kill, waitpid, unlink and rmdir only:
/// async-signal-safe). A signal handler does not wait.
void stop_slot(proxy_slot& slot, bool wait) {
  const pid_t pid = slot.pid.exchange(0);
  if (pid <= 0) return;
  kill(pid, SIGTERM);
  while (wait && waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  unlink(slot.socket);
  rmdir(slot.folder);
}

void stop_running_proxies() {
  for (proxy_slot& slot : proxy_slots) stop_slot(slot, true);
}

/// The signal then does what it did before (SIGKILL cannot be caught).
extern "C" void stop_proxies_on_signal(int sig) {
  for (proxy_slot& slot : proxy_slots) stop_slot(slot, false);
  signal(sig, SIG_DFL);
  raise(sig);
}

void track_proxy(pid_t pid, const std::string& folder, const std::string& socket) {
  static std::once_flag registered;
  std::call_once(registered, [] {
    std::atexit(stop_running_proxies);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old_action {};
      if (sigaction(sig, nullptr, &old_action) != 0 || old_action.sa_handler != SIG_DFL) continue;  // someone's own
      struct sigaction action {};
      action.sa_handler = stop_proxies_on_signal;
      sigemptyset(&action.sa_mask);
      sigaction(sig, &action, nullptr);
    }
  });
  for (proxy_slot& slot : proxy_slots) {
    if (slot.pid.load() != 0) continue;
    std::snprintf(slot.folder, sizeof slot.folder, "%s", folder.c_str());
    std::snprintf(slot.socket, sizeof slot.socket, "%s", socket.c_str());
    pid_t none = 0;
    if (slot.pid.compare_exchange_strong(none, pid)) return;
  }
}

void untrack_proxy(pid_t pid) {
  for (proxy_slot& slot : proxy_slots) {
    pid_t expected = pid;
    if (slot.pid.compare_exchange_strong(expected, 0)) return;
  }
}

}  // namespace

std::unique_ptr<kubectl_proxy> kubectl_proxy::start(const kubectl_config& config, kubectl_call& call,
                                                    int startup_seconds) {
  call = kubectl_call{};
  call.args = {"proxy"};
  const char* tmp = std::getenv("TMPDIR");
  std::string folder = std::string(tmp && *tmp ? tmp : "/tmp") + "/volpol-proxy-XXXXXX";
  if (mkdtemp(folder.data()) == nullptr) {  // mode 0700
    call.exit_status = -1;
    call.failure = kubectl_failure::other;
    call.error_output = fmt::format("cannot create a temporary folder for kubectl proxy's socket: {}",
                                    std::strerror(errno));
    return nullptr;
  }
  std::unique_ptr<kubectl_proxy> proxy(new kubectl_proxy);
  proxy->config_ = config;
  proxy->folder_ = folder;
  proxy->socket_ = folder + "/kubectl-proxy.sock";
  // --request-timeout bounds each request kubectl forwards (a page), not the proxy's life.
  const spawned_kubectl child = spawn_kubectl(config, {"proxy", "--unix-socket=" + proxy->socket_}, call);
  if (child.pid < 0) return nullptr;
  const pid_t pid = child.pid;
  const int err_fd = child.err;
  proxy->pid_ = pid;
  proxy->out_fd_ = child.out;
  track_proxy(pid, proxy->folder_, proxy->socket_);
  // kubectl prints "Starting to serve on SOCKET" once it listens; it exits on a bad context.
  std::string said;
  bool serving = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(startup_seconds);
  while (!serving) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) break;
    pollfd p{proxy->out_fd_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char buf[512];
    const ssize_t n = read(proxy->out_fd_, buf, sizeof buf);
    if (n <= 0) break;  // kubectl exited
    said.append(buf, static_cast<std::size_t>(n));
    serving = said.find("Starting to serve on") != std::string::npos;
  }
  if (serving) {
    if (err_fd >= 0) close(err_fd);
    return proxy;
  }
  const bool timed_out = std::chrono::steady_clock::now() >= deadline;
  kill(pid, SIGTERM);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  untrack_proxy(pid);
  proxy->pid_ = -1;
  call.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (err_fd >= 0) {
    call.error_output = read_all(err_fd);
    close(err_fd);
  }
  if (timed_out) {  // kubectl did not exit: it was stopped here
    call.exit_status = -1;
    call.failure = kubectl_failure::other;
    call.error_output = fmt::format("error: kubectl proxy did not start serving within {} s{}", startup_seconds,
                                    call.error_output.empty() ? "" : ": " + first_error_line(call.error_output));
    return nullptr;
  }
  classify_kubectl_failure(call);
  if (call.failure == kubectl_failure::none) {
    call.failure = kubectl_failure::other;
    if (call.error_output.empty()) call.error_output = "error: kubectl proxy exited before it served";
  }
  return nullptr;
}

std::unique_ptr<kubectl_proxy> kubectl_proxy::attach(std::string socket_path, kubectl_config config) {
  std::unique_ptr<kubectl_proxy> proxy(new kubectl_proxy);
  proxy->config_ = std::move(config);
  proxy->socket_ = std::move(socket_path);
  return proxy;
}

kubectl_proxy::~kubectl_proxy() {
  if (pid_ > 0) {
    untrack_proxy(pid_);
    kill(pid_, SIGTERM);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (out_fd_ >= 0) close(out_fd_);
  if (!folder_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(folder_, ec);
  }
}

}  // namespace volpol::k8s
