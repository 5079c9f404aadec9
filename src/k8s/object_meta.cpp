// object_meta: where an object came from.
#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

std::string describe(const object_origin& origin) {
  if (origin.file.empty()) return {};
  std::string out(origin.file.view());
  if (origin.line > 0) return out + ":" + std::to_string(origin.line);
  return out + ": byte " + std::to_string(origin.offset);
}

}  // namespace volpol::k8s
