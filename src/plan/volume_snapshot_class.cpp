// The CSI plugin's VolumeSnapshotClass choice (see volume_snapshot_class.h).
#include "volpol/detail/plan/volume_snapshot_class.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "volpol/detail/k8s/volume_snapshot_class.h"
#include "volpol/k8s/spelling.h"

namespace volpol::plan {

namespace {

constexpr std::string_view class_label = "velero.io/csi-volumesnapshot-class";
constexpr std::string_view default_class_annotation = "snapshot.storage.kubernetes.io/is-default-class";

/// GetVolumeSnapshotClassFrom{PVCAnnotations,VolumePolicy,BackupAnnotations}ForDriver: the
/// class named `name` if it is for `driver`; a fall-through entry otherwise.
const k8s::volume_snapshot_class* named_class(const k8s::cluster& c, std::string_view name, std::string_view driver,
                                              snapshot_class_source source, snapshot_class_choice& out) {
  for (const k8s::volume_snapshot_class& vsc : c.volume_snapshot_classes()) {
    if (!equal_fold(name, vsc.metadata.name)) continue;
    if (!equal_fold(vsc.driver, driver)) {
      out.fell_through.push_back({source, std::string(name), true});
      return nullptr;
    }
    return &vsc;
  }
  out.fell_through.push_back({source, std::string(name), false});
  return nullptr;
}

}  // namespace

snapshot_class_choice choose_volume_snapshot_class(const k8s::cluster& c, const k8s::persistent_volume_claim& pvc,
                                                   const k8s::string_map* backup_annotations,
                                                   std::string_view policy_snapshot_class) {
  snapshot_class_choice out;
  // validatePVCAndPV (pkg/backup/actions/csi/pvc_action.go)
  if (!pvc.storage_class_name) {
    out.source = snapshot_class_source::no_storage_class_name;
    return out;
  }
  // createVolumeSnapshot: the StorageClass Get. An empty name fails in client-go
  // (rest.Request.Name: "resource name may not be empty") before any request, so whether the
  // input holds StorageClasses does not matter.
  if (pvc.storage_class_name->empty()) {
    out.source = snapshot_class_source::empty_storage_class_name;
    return out;
  }
  if (c.storage_classes().empty() && c.volume_snapshot_classes().empty()) return out;  // not_checked
  out.storage_class = *pvc.storage_class_name;
  const k8s::storage_class* sc = c.find_storage_class(*pvc.storage_class_name);
  if (sc == nullptr) {
    out.source = snapshot_class_source::storage_class_not_found;
    return out;
  }
  out.driver = sc->provisioner;
  auto pick = [&](const k8s::volume_snapshot_class* vsc, snapshot_class_source s) {
    if (vsc == nullptr) return false;
    out.source = s;
    out.name = vsc->metadata.name;
    return true;
  };
  // 1. the PVC's annotation
  if (const auto name = pvc.metadata.annotation(class_label))
    if (pick(named_class(c, *name, out.driver, snapshot_class_source::pvc_annotation, out),
             snapshot_class_source::pvc_annotation))
      return out;
  // 2. the volume policy
  if (!policy_snapshot_class.empty())
    if (pick(named_class(c, policy_snapshot_class, out.driver, snapshot_class_source::volume_policy, out),
             snapshot_class_source::volume_policy))
      return out;
  // 3. the Backup's annotation for the driver
  if (backup_annotations != nullptr)
    if (const auto name = backup_annotations->find(fmt::format("{}_{}", class_label, ascii_lower(out.driver))))
      if (pick(named_class(c, *name, out.driver, snapshot_class_source::backup_annotation, out),
               snapshot_class_source::backup_annotation))
        return out;
  // 4-6. GetVolumeSnapshotClassForStorageClass
  std::size_t n = 0;
  const k8s::volume_snapshot_class* last = nullptr;
  for (const k8s::volume_snapshot_class& vsc : c.volume_snapshot_classes()) {
    if (vsc.driver != out.driver) continue;
    ++n;
    last = &vsc;
    if (vsc.metadata.labels.contains(class_label) && pick(&vsc, snapshot_class_source::class_label)) return out;
  }
  for (const k8s::volume_snapshot_class& vsc : c.volume_snapshot_classes())
    if (vsc.driver == out.driver && vsc.metadata.annotation(default_class_annotation) &&
        pick(&vsc, snapshot_class_source::default_annotation))
      return out;
  if (n == 1 && pick(last, snapshot_class_source::only_class)) return out;
  out.source = snapshot_class_source::no_class_for_driver;
  return out;
}

std::string describe(const snapshot_class_choice& c, const k8s::persistent_volume_claim& pvc,
                     std::string_view backup_name) {
  switch (c.source) {
    case snapshot_class_source::pvc_annotation: return fmt::format("PVC annotation {}", class_label);
    case snapshot_class_source::volume_policy: return "the volume policy's snapshotClass";
    case snapshot_class_source::backup_annotation:
      return fmt::format("Backup {} annotation {}_{}", backup_name, class_label, ascii_lower(c.driver));
    case snapshot_class_source::class_label: return fmt::format("the class's label {}", class_label);
    case snapshot_class_source::default_annotation:
      return fmt::format("the class's annotation {}", default_class_annotation);
    case snapshot_class_source::only_class: return fmt::format("the only VolumeSnapshotClass for driver {}", c.driver);
    case snapshot_class_source::no_storage_class_name:
      return fmt::format("Cannot snapshot PVC {}/{}, PVC has no storage class.", pvc.metadata.namespace_,
                         pvc.metadata.name);
    case snapshot_class_source::empty_storage_class_name:
      return "error getting storage class: resource name may not be empty";
    case snapshot_class_source::storage_class_not_found:
      return fmt::format("error getting storage class: storageclasses.storage.k8s.io \"{}\" not found",
                         c.storage_class);
    case snapshot_class_source::no_class_for_driver:
      return fmt::format(
          "failed to get VolumeSnapshotClass for StorageClass {}: error getting VolumeSnapshotClass: failed to get "
          "VolumeSnapshotClass for provisioner {}: ensure that the desired VolumeSnapshotClass has the {} label or {} "
          "annotation, and that its driver matches the StorageClass provisioner",
          c.storage_class, c.driver, class_label, default_class_annotation);
    case snapshot_class_source::not_checked:
      return "not checked: the input has no StorageClasses or VolumeSnapshotClasses";
  }
  return "";
}

}  // namespace volpol::plan
