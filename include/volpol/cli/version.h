// volpol/cli/version.h — what `volpol version` prints: volpol's version, the commit it was built
// from, and the Velero commit whose behaviour it mirrors.
#pragma once

#include <string_view>

namespace volpol::cli {

struct version_info {
  std::string_view version;        ///< the CMake project version, "0.1.0"
  std::string_view commit;         ///< `git rev-parse --short=12 HEAD` at build time (+"-dirty"), or "unknown"
  std::string_view velero_commit;  ///< velero-io/velero commit the behaviour and test data were checked against
};

/// The build's version information.
[[nodiscard]] version_info version();

}  // namespace volpol::cli
