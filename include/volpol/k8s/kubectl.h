// volpol/k8s/kubectl.h — reads a live cluster through the real `kubectl` (which brings every
// kubeconfig auth method: client certificates, tokens, exec plugins, OIDC).
//
//     k8s::kubectl_config kc;            // kubectl on PATH, its default kubeconfig and context
//     kc.context = "prod";
//     k8s::kubectl_call call = k8s::run_kubectl(kc, {"get", "pods", "-A", "-o", "json"},
//                                                [&](std::FILE* out) { consume(out); });
//     if (!call.ok()) report(k8s::explain_kubectl_failure(kc, call));
//
// The standard output of kubectl is handed to the consumer as a stdio stream while kubectl
// runs (the loader reads it in chunks: nothing holds the whole response twice); standard error
// goes to a temporary file, read once kubectl has exited. No shell is involved: arguments go to
// kubectl as given (posix_spawnp).
//
// Errors: a failed call is classified from kubectl's exit status and the API server's messages
// it prints (`Error from server (Forbidden): ...`); explain_kubectl_failure turns that into one
// diagnostic that says what was asked (`kubectl get persistentvolumes`), what went wrong (kubectl
// missing, context unknown, access denied — which resource, which verb, which scope —, not
// logged in, server unreachable, resource type not served) and what to do.
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "volpol/core/diagnostic.h"

namespace volpol::k8s {

/// How to call kubectl: the global flags every call gets.
struct kubectl_config {
  std::string program = "kubectl";      ///< looked up on PATH when it has no '/'
  std::string kubeconfig;               ///< --kubeconfig ("" = kubectl's default: $KUBECONFIG, ~/.kube/config)
  std::string context;                  ///< --context ("" = the kubeconfig's current context)
  std::string request_timeout = "60s";  ///< --request-timeout (no call hangs forever)
};

/// Why a kubectl call failed.
enum class kubectl_failure : unsigned char {
  none,             ///< it did not
  not_installed,    ///< the program could not be started (errno in `spawn_errno`)
  unknown_context,  ///< --context names no context of the kubeconfig
  forbidden,        ///< the API server answered 403 (see `user`, `verb`, `resource`, `scope`)
  unauthorized,     ///< the API server answered 401 (credentials missing or expired)
  not_served,       ///< the server has no such resource type (a CRD that is not installed)
  not_found,        ///< the named object does not exist (404)
  unreachable,      ///< the API server could not be reached
  other,            ///< anything else: kubectl's own message is kept
};

/// One finished kubectl call.
struct kubectl_call {
  std::vector<std::string> args;  ///< what was asked (without the global flags)
  int exit_status = 0;            ///< kubectl's exit status; -1 when it was not started or was killed
  int spawn_errno = 0;            ///< errno of posix_spawnp when it could not start
  std::string error_output;       ///< kubectl's standard error
  kubectl_failure failure = kubectl_failure::none;
  // For `forbidden`, from the API server's message
  // (`User "u" cannot list resource "pods" in API group "" at the cluster scope`):
  std::string user, verb, resource, api_group, scope;  ///< scope: "at the cluster scope" or "in namespace `ns`"
  [[nodiscard]] bool ok() const { return failure == kubectl_failure::none; }
};

/// Runs `kubectl [global flags] ARGS`. `consume` (may be empty) reads kubectl's standard
/// output while it runs; whatever it leaves unread is drained. Never throws.
[[nodiscard]] kubectl_call run_kubectl(const kubectl_config& config, std::vector<std::string> args,
                                       const std::function<void(std::FILE*)>& consume);

/// Runs kubectl and returns its whole standard output in `out` (for small answers).
[[nodiscard]] kubectl_call run_kubectl_capture(const kubectl_config& config, std::vector<std::string> args,
                                               std::string& out);

/// Reads kubectl's error output into `call.failure` (and the forbidden fields). Used by
/// run_kubectl; exposed for tests.
void classify_kubectl_failure(kubectl_call& call);

/// One error that says what was asked, what went wrong and what to do
/// (`kubectl get persistentvolumes: access denied: user `viewer` cannot list persistentvolumes
/// at the cluster scope`, help: the RBAC rule that is missing). Lines kubectl logs with klog
/// (`E1201 18:11:07 ... memcache.go`) are passed over for kubectl's own last word.
[[nodiscard]] diagnostic explain_kubectl_failure(const kubectl_config& config, const kubectl_call& call);

/// The contexts of the kubeconfig (`kubectl config get-contexts -o name`; config.context is not
/// passed), sorted; empty when kubectl fails, and then `call` (when given) says why.
[[nodiscard]] std::vector<std::string> kubectl_contexts(const kubectl_config& config, kubectl_call* call = nullptr);

/// A `kubectl proxy --unix-socket=SOCKET` child: kubectl authenticates (every kubeconfig
/// method, once for all requests) and forwards plain HTTP from the socket to the API server.
/// The socket lives in a fresh temporary folder of mode 0700 (no TCP port another local user
/// could reach). Requests must send `Host: localhost` (kubectl proxy's --accept-hosts).
/// volpol/detail/api_list.h reads lists through it, page by page (doc/live-cluster.md says why a
/// proxy and not `kubectl get --raw` per page).
class kubectl_proxy {
 public:
  /// Starts kubectl proxy and waits until it says it serves (at most `startup_seconds`). On
  /// failure returns null and `call` says why (classified as run_kubectl does: kubectl
  /// missing, unknown context ...). Never throws.
  [[nodiscard]] static std::unique_ptr<kubectl_proxy> start(const kubectl_config& config, kubectl_call& call,
                                                            int startup_seconds = 30);
  /// A proxy someone else runs (`kubectl proxy --unix-socket=SOCKET`): volpol only connects to
  /// it, and neither stops it nor removes the socket. `config` names calls in messages.
  [[nodiscard]] static std::unique_ptr<kubectl_proxy> attach(std::string socket_path, kubectl_config config = {});
  /// Stops kubectl (SIGTERM, then waits) and removes the socket and its folder (only for a
  /// proxy it started).
  ~kubectl_proxy();
  kubectl_proxy(const kubectl_proxy&) = delete;
  kubectl_proxy& operator=(const kubectl_proxy&) = delete;

  /// The Unix socket kubectl proxy listens on.
  [[nodiscard]] const std::string& socket_path() const { return socket_; }
  /// The global flags the proxy was started with (for messages: `kubectl get pods`).
  [[nodiscard]] const kubectl_config& config() const { return config_; }

 private:
  kubectl_proxy() = default;
  kubectl_config config_;
  std::string folder_, socket_;
  int pid_ = -1;
  int out_fd_ = -1;
};

}  // namespace volpol::k8s
