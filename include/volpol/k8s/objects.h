// volpol/k8s/objects.h — the Kubernetes and Velero objects volpol reads, as typed structs, one
// per kind (their headers are in volpol/detail/k8s/, one Kubernetes kind per file):
//
//   PersistentVolume (k8s::persistent_volume), PersistentVolumeClaim (persistent_volume_claim),
//   Pod (pod) with its volume sources (volume_source), StorageClass (storage_class),
//   VolumeSnapshotClass (volume_snapshot_class), Velero's VolumeSnapshotLocation
//   (volume_snapshot_location_object), Backup and Schedule (backup, schedule; and the Backup a
//   plan is for: chosen_backup), ConfigMap (config_map), Deployment, DaemonSet, Namespace, Node;
//   each with its metadata (object_meta: name, namespace, labels, annotations) and where it
//   was read (object_origin: file, line).
//
//     k8s::load_result loaded = k8s::load_text(objects_yaml, "objects.yaml");  // k8s/loader.h
//     for (const k8s::pod& p : loaded.objects.pods())                           // k8s/cluster.h
//       for (const k8s::pod_volume& v : p.volumes) use(p.metadata.key(), v.name);
//
// The names are Kubernetes' (k8s.io/api/core/v1 ...) and Velero's (pkg/apis/velero/v1) in
// snake case; only the fields a Velero backup decision reads are kept.
#pragma once

#include "volpol/detail/k8s/backup.h"
#include "volpol/detail/k8s/config_map.h"
#include "volpol/detail/k8s/daemon_set.h"
#include "volpol/detail/k8s/deployment.h"
#include "volpol/detail/k8s/namespace.h"
#include "volpol/detail/k8s/node.h"
#include "volpol/detail/k8s/object_meta.h"
#include "volpol/detail/k8s/object_value.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"
#include "volpol/detail/k8s/storage_class.h"
#include "volpol/detail/k8s/volume_snapshot_class.h"
#include "volpol/detail/k8s/volume_snapshot_location.h"
#include "volpol/detail/k8s/volume_source.h"
