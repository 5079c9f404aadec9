// interners.h (private) — what the objects one thread builds share with their neighbours:
// equal label and annotation maps (map_interner.h) and equal repeated values such as
// namespaces and node names (string_interner.h). One per thread that builds objects (a parsing
// worker's scratch, the sink's own).
#pragma once

#include "map_interner.h"
#include "string_interner.h"

namespace volpol::k8s::detail {

struct interners {
  map_interner maps;
  string_interner strings;
};

}  // namespace volpol::k8s::detail
