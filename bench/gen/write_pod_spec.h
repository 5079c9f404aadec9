// bench/gen/write_pod_spec.h — the spec part of a generated Pod.
#pragma once

#include "pod_model.h"
#include "writers.h"

namespace volpol::bench {

/// `"spec": {...}`: containers, scheduling fields, tolerations and volumes of pod model `p`.
void write_pod_spec(emitter& e, const object_context& c, const pod_model& p);

}  // namespace volpol::bench
