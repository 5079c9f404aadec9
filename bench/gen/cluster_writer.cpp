#include "cluster_writer.h"

#include <algorithm>
#include <vector>

#include "object_names.h"
#include "writers.h"

namespace volpol::bench {
namespace {

class dump {
 public:
  dump(const generator_options& o, format f, const chunk_sink& sink, std::size_t chunk)
      : options_(o), emit_(f, buf_), sink_(sink), chunk_(chunk) {
    buf_.reserve(chunk + (std::size_t{1} << 20));
    for (std::uint32_t i = 0; i < o.namespaces; ++i) plans_.push_back(plan_namespace(o, i));
    stats_.namespaces = o.namespaces;
  }

  dump_stats run() {
    const bool json = emit_.output_format() == format::json;
    if (json) {
      emit_.begin_object();
      emit_.field("apiVersion", "v1");
      emit_.array_field("items");
    }
    each_workload([&](const object_context& c) { pods(c); });
    each_workload([&](const object_context& c) { claims(c); });
    each_workload([&](const object_context& c) { volumes(c); });
    if (json) {
      emit_.end_array();
      emit_.field("kind", "List");
      emit_.object_field("metadata");
      emit_.field("resourceVersion", "");
      emit_.end_object();
      emit_.end_object();
      emit_.finish_document();
    }
    flush();
    return stats_;
  }

 private:
  template <class F>
  void each_workload(F&& f) {
    for (const auto& ns : plans_)
      for (const auto& w : ns.workloads) f(object_context{options_, ns, w});
  }

  template <class F>
  void object(F&& write) {
    emit_.document_start();
    write();
    if (buf_.size() >= chunk_) flush();
  }

  void pods(object_context c) {
    for (c.ordinal = 0; c.ordinal < c.w.replicas; ++c.ordinal) {
      object([&] { write_pod(emit_, c); });
      ++stats_.pods;
      stats_.pending_pods += is_pending(c);
      stats_.opt_in_pods += c.w.opt_in;
      stats_.opt_out_pods += c.w.opt_out;
    }
  }

  void claims(object_context c) {
    if (c.w.kind == workload_kind::shared_deployment) {
      object([&] { write_claim(emit_, c); });
      ++stats_.claims;
      ++stats_.shared_claims;
      return;
    }
    if (c.w.kind != workload_kind::stateful_set) return;
    for (c.ordinal = 0; c.ordinal < c.w.replicas; ++c.ordinal)
      for (c.claim = 0; c.claim < c.w.claim_templates; ++c.claim) {
        object([&] { write_claim(emit_, c); });
        ++stats_.claims;
        stats_.pending_claims += is_pending(c);
      }
  }

  void volumes(object_context c) {
    const int replicas = c.w.kind == workload_kind::shared_deployment ? 1 : std::min(c.w.replicas, c.w.pending_from);
    const int per_replica = c.w.kind == workload_kind::shared_deployment ? 1 : c.w.claim_templates;
    for (c.ordinal = 0; c.ordinal < replicas; ++c.ordinal)
      for (c.claim = 0; c.claim < per_replica; ++c.claim) {
        object([&] { write_volume(emit_, c); });
        ++stats_.volumes;
        ++stats_.volumes_by_kind[static_cast<std::size_t>(c.w.storage)];
      }
  }

  void flush() {
    if (buf_.empty()) return;
    sink_(buf_);
    stats_.bytes += buf_.size();
    buf_.clear();
  }

  const generator_options& options_;
  std::vector<namespace_plan> plans_;
  std::string buf_;
  emitter emit_;
  const chunk_sink& sink_;
  std::size_t chunk_;
  dump_stats stats_;
};

}  // namespace

dump_stats write_cluster(const generator_options& o, format f, const chunk_sink& sink, std::size_t chunk_bytes) {
  return dump(o, f, sink, chunk_bytes).run();
}

std::string cluster_text(const generator_options& o, format f, dump_stats* stats) {
  std::string all;
  const dump_stats s = write_cluster(o, f, [&](std::string_view chunk) { all.append(chunk); });
  if (stats != nullptr) *stats = s;
  return all;
}

}  // namespace volpol::bench
