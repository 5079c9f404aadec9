#include "volpol/cli/version.h"

#include "volpol_commit.h"  // generated at build time by cmake/volpol_commit.cmake

#ifndef VOLPOL_VERSION
#define VOLPOL_VERSION "unknown"
#endif

namespace volpol::cli {

version_info version() {
  // Velero's behaviour, and the conformance corpus, were checked against velero-io/velero main
  // at this commit (the project guide).
  return {VOLPOL_VERSION, VOLPOL_GIT_COMMIT, "d2241adb"};
}

}  // namespace volpol::cli
