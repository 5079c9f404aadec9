// Private to the helper layer: the two halves of Velero's volume exclusion rules, which
// GetVolumesByPod applies with the opt-out list between them.
#pragma once

#include "volpol/detail/helper/reason.h"
#include "volpol/detail/k8s/pod.h"

namespace volpol::helper::detail {

/// hostPath, secret, configMap, projected, downwardAPI, PVC when backup_exclude_pvc; else none.
[[nodiscard]] volume_exclusion kind_exclusion_of(const k8s::pod_volume& v, bool backup_exclude_pvc);
/// The name starts with "default-token" (service-account token volumes).
[[nodiscard]] bool has_default_token_name(const k8s::pod_volume& v);

}  // namespace volpol::helper::detail
