// volpol/detail/api_list.h — reads Kubernetes lists from the API server page by page, through a
// `kubectl proxy` child (volpol/k8s/kubectl.h: kubectl authenticates, volpol takes the bytes
// raw), straight into the loader: no list is ever held whole, by volpol or by kubectl.
//
//     k8s::kubectl_call failed;
//     auto proxy = k8s::kubectl_proxy::start(config, failed);
//     if (!proxy) return report(k8s::explain_kubectl_failure(config, failed));
//     const k8s::api_list lists[] = {{"/api/v1/persistentvolumes", "persistentvolumes"},
//                                    {"/api/v1/pods", "pods"}};
//     k8s::api_lists_result r = k8s::load_api_lists(*proxy, lists, "the cluster", {});
//     if (r.failure) report(k8s::explain_kubectl_failure(config, *r.failure));
//
// Paging is the API server's (client-go's pager, k8s.io/client-go/tools/pager): `limit` items a
// page, the next page asked with the `continue` token of the last. Every list is fetched at the
// same time on its own thread, each at most `prefetch_bytes` ahead of the loader, which reads
// them one after another in the order given (the same objects in the same order as one
// `kubectl get` of those lists).
//
// A continue token that expired (410 Gone, reason Expired: etcd compacted the revision the list
// was read at) restarts the list from its start, as client-go's pager does with
// FullListIfExpired. The pages before were already read, so the restarted list is read from the
// key the expired token names on (the API server's token is base64url JSON
// {"v", "rv", "start"}, k8s.io/apiserver/pkg/storage/continue.go EncodeContinue; lists come in
// key order): objects are neither lost nor read twice. A token that does not say where it was
// is an error, never a list read twice.
//
// Errors (as kubectl_call, for explain_kubectl_failure): 401 unauthorized, 403 forbidden (the
// RBAC rule from the API server's message), 404 not served, 502/503 from kubectl proxy
// (the API server unreachable), a connection or HTTP protocol error. The first list that
// failed is named; the objects read are then dropped (a partial list is not the cluster).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "volpol/k8s/kubectl.h"
#include "volpol/k8s/loader.h"

namespace volpol::k8s {

/// One list to read.
struct api_list {
  std::string path;      ///< its URL path: `/api/v1/pods`, `/apis/GROUP/VERSION/RESOURCE`
  std::string resource;  ///< kubectl's name for it, for messages: `pods`
};

/// How lists are paged.
struct api_list_options {
  /// Items per page (`limit`; kubectl's --chunk-size, default 500). 0: one request, no paging.
  std::size_t chunk_size = 500;
  /// Bytes each list may be read ahead of the loader (memory per list, bounded).
  std::size_t prefetch_bytes = std::size_t{16} << 20;
  /// Seconds one request (a page) may take, connection to last byte.
  int timeout_seconds = 60;
  /// Times a list is restarted after its continue token expired (410) before it is an error.
  int max_restarts = 3;
  /// Ask for gzip pages (`Accept-Encoding: gzip`, as kubectl's own client asks) and inflate them
  /// here with zlib: kubectl proxy then passes the compressed bytes through instead of inflating
  /// and copying every byte of every list (doc/live-cluster.md).
  bool accept_gzip = true;
};

/// What load_api_lists read.
struct api_lists_result {
  load_result loaded;                   ///< the objects (empty when `failure` is set)
  std::optional<kubectl_call> failure;  ///< the first list that failed, as a `kubectl get RESOURCE` call
  std::size_t pages = 0;                ///< pages read, over all lists
  std::size_t restarts = 0;             ///< lists restarted after a 410
};

/// One GET of `path` (a small object or list) through `proxy`, standing for the kubectl call
/// `kubectl_args` (`{"get", "nodes"}`: what failures name, as run_kubectl's would). On success
/// the whole answer is in `body` (the API server's JSON: list items carry no kind); a failure is
/// classified as kubectl's (401, 403 with the RBAC rule, 404 object not found or resource type
/// not served, 502/503 unreachable). An answer over `max_bytes` is an error, not read.
[[nodiscard]] kubectl_call get_through_proxy(const kubectl_proxy& proxy, const std::string& path,
                                             std::vector<std::string> kubectl_args, std::string& body,
                                             int timeout_seconds = 60, std::size_t max_bytes = std::size_t{64} << 20);

/// Reads `lists` through `proxy` into one cluster, as if they were one stream named `name`
/// (the name problems in objects carry). Never throws.
[[nodiscard]] api_lists_result load_api_lists(const kubectl_proxy& proxy, std::span<const api_list> lists,
                                              std::string_view name, const load_options& load,
                                              const api_list_options& options = {});

}  // namespace volpol::k8s
