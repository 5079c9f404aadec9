// bench/gen/cluster_writer.h — writes a whole generated cluster: a kubectl `List`
// (`kubectl get pods,pvc,pv -A -o json`) or the same objects as multi-document YAML.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "cluster_model.h"
#include "emitter.h"

namespace volpol::bench {

/// What a dump holds.
struct dump_stats {
  std::uint64_t namespaces = 0;
  std::uint64_t pods = 0;
  std::uint64_t pending_pods = 0;
  std::uint64_t claims = 0;                        ///< PVCs
  std::uint64_t pending_claims = 0;                ///< PVCs without volumeName (phase Pending)
  std::uint64_t shared_claims = 0;                 ///< ReadWriteMany PVCs mounted by several pods
  std::uint64_t volumes = 0;                       ///< PVs
  std::array<std::uint64_t, 4> volumes_by_kind{};  ///< indexed by pv_kind
  std::uint64_t opt_in_pods = 0;                   ///< pods with backup.velero.io/backup-volumes
  std::uint64_t opt_out_pods = 0;                  ///< pods with backup.velero.io/backup-volumes-excludes
  std::uint64_t bytes = 0;                         ///< bytes written

  [[nodiscard]] std::uint64_t objects() const { return pods + claims + volumes; }
};

/// Receives the text in chunks, in order.
using chunk_sink = std::function<void(std::string_view)>;

/// Writes the cluster: pods, then PVCs, then PVs (namespace by namespace), calling `sink`
/// whenever `chunk_bytes` are buffered and once at the end.
dump_stats write_cluster(const generator_options& o, format f, const chunk_sink& sink,
                         std::size_t chunk_bytes = std::size_t{8} << 20);

/// The whole dump as one string (for micro-benchmarks and tests).
[[nodiscard]] std::string cluster_text(const generator_options& o, format f, dump_stats* stats = nullptr);

}  // namespace volpol::bench
