// volpol/detail/plan/velero_release.h — which Velero release a plan predicts for: the one named by
// `--velero-version`, else the one the cluster runs (the image tag of the Velero Deployment,
// else of the node-agent DaemonSet, in Velero's namespace), else main, said in a note.
//
//     const auto c = choose_velero_release(std::nullopt, objects, "velero");
//     c.version;  // velero_version::v1_18_2 for image velero/velero:v1.18.1
//     c.source;   // velero_release_source::deployment
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "volpol/core/velero_version.h"
#include "volpol/k8s/cluster.h"

namespace volpol::plan {

/// Where the release came from.
enum class velero_release_source : std::uint8_t {
  flag,        ///< --velero-version
  deployment,  ///< the image tag of Deployment `velero` (its `velero` container)
  daemon_set,  ///< the image tag of DaemonSet `node-agent`
  assumed,     ///< nothing named or showed one: main (default_velero_version)
};

struct velero_release_choice {
  velero_version version = default_velero_version;
  velero_release_source source = velero_release_source::assumed;
  std::string object;  ///< "Deployment velero/velero" when read from the cluster
  std::string image;   ///< the image read ("velero/velero:v1.18.1")
  /// False when the tag is not one of the table's own names (v1.17.0 read as v1.17.2).
  bool exact = true;
  /// A Velero image whose tag names no known release (a digest, a custom tag, v1.16): main
  /// was assumed; the note names the image.
  bool unknown_tag = false;
};

/// The tag of an image reference: `velero/velero:v1.18.1` → "v1.18.1";
/// `reg:5000/velero/velero:v1.17.2@sha256:…` → "v1.17.2"; no tag → "".
[[nodiscard]] std::string_view image_tag(std::string_view image);

/// `flag` when given; else the Deployment `velero` in `velero_namespace` (its container named
/// `velero`, else its first), else the DaemonSet `node-agent` there; else main, assumed.
[[nodiscard]] velero_release_choice choose_velero_release(std::optional<velero_version> flag,
                                                          const k8s::cluster& objects,
                                                          std::string_view velero_namespace);

/// The note a plan prints for a release it did not get from the flag ("" for the flag):
///   "predicted for Velero v1.18.2: Deployment velero/velero runs velero/velero:v1.18.1 (v1.18.1
///    has v1.18.2's volume-policy code)"
///   "predicted for Velero main (d2241adb): no Velero Deployment in the input; --velero-version
///    names the release you run (v1.17, v1.18.0, v1.18, main)"
[[nodiscard]] std::string velero_release_note(const velero_release_choice& c);

}  // namespace volpol::plan
