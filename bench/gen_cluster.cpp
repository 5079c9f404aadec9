// gen-cluster: writes a realistic, deterministic cluster dump for benchmarks.
//
//     gen-cluster --pods 1350 --namespaces 10 --seed 1 --format json -o cluster.json
//
// JSON is a kubectl `List` as `kubectl get pods,pvc,pv -A -o json` prints it (keys sorted,
// 4-space indent); YAML is the same objects as multi-document YAML. Object counts and
// bytes go to stderr, last line machine-readable: `objects=... pods=... bytes=...`.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "gen/cluster_writer.h"

namespace {

using namespace volpol::bench;

void print_stats(const dump_stats& s, const std::string& path, double seconds) {
  fmt::print(stderr,
             "gen-cluster: {}: {} namespaces, {} pods ({} pending, {} opt-in, {} opt-out), {} PVCs ({} pending, "
             "{} RWX shared), {} PVs (csi {}, awsElasticBlockStore {}, nfs {}, local {}); {} objects, {} bytes "
             "({:.1f} MB) in {:.2f} s\n",
             path, s.namespaces, s.pods, s.pending_pods, s.opt_in_pods, s.opt_out_pods, s.claims, s.pending_claims,
             s.shared_claims, s.volumes, s.volumes_by_kind[0], s.volumes_by_kind[1], s.volumes_by_kind[2],
             s.volumes_by_kind[3], s.objects(), s.bytes, s.bytes / 1e6, seconds);
  fmt::print(stderr, "objects={} pods={} pvcs={} pvs={} bytes={}\n", s.objects(), s.pods, s.claims, s.volumes, s.bytes);
}

}  // namespace

int main(int argc, char** argv) {
  generator_options o;
  std::string format_name = "json", path = "-";
  CLI::App app{"gen-cluster: write a generated cluster dump (pods, PVCs, PVs) for volpol benchmarks"};
  app.add_option("--pods", o.pods, "total pods")->check(CLI::Range(1ULL, 100'000'000ULL));
  app.add_option("--namespaces", o.namespaces, "namespaces")->check(CLI::Range(1U, 10'000'000U));
  app.add_option("--seed", o.seed, "PRNG seed: the same seed gives the same bytes");
  app.add_option("--format", format_name, "json (a kubectl List) or yaml (multi-document)")
      ->check(CLI::IsMember({"json", "yaml"}));
  app.add_option("-o,--output", path, "output file, - for stdout");
  CLI11_PARSE(app, argc, argv);

  std::FILE* out = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (out == nullptr) {
    fmt::print(stderr, "gen-cluster: cannot open `{}`: {}\n", path, std::strerror(errno));
    return 1;
  }
  bool write_failed = false;
  const auto start = std::chrono::steady_clock::now();
  const dump_stats s = write_cluster(o, format_name == "json" ? format::json : format::yaml,
                                     [&](std::string_view chunk) {
                                       write_failed |= std::fwrite(chunk.data(), 1, chunk.size(), out) != chunk.size();
                                     });
  write_failed |= std::fflush(out) != 0;
  if (out != stdout) write_failed |= std::fclose(out) != 0;
  if (write_failed) {
    fmt::print(stderr, "gen-cluster: writing `{}` failed: {}\n", path, std::strerror(errno));
    return 1;
  }
  print_stats(s, path, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}
