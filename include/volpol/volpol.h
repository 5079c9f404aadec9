// volpol/volpol.h — the one header of the volpol library (volpol::volpol: the layers up to
// the planner). Include it, link volpol::volpol (CMake) or `pkg-config --libs volpol`:
//
//     #include "volpol/volpol.h"
//
// Plan files (or the live cluster) as `volpol plan` does, every problem kept as data
// (volpol/plan/request.h):
//
//     volpol::plan::plan_request request;
//     request.policy_file = "policy.yaml";                 // --policy
//     request.inputs = {"cluster.json"};                    // -f; or request.cluster: --cluster
//     request.velero = volpol::velero_version::v1_18_2;     // --velero-version
//     volpol::plan::prepare_result prepared = volpol::plan::prepare(request);
//     for (const auto& p : prepared.problems) std::puts(p.what.to_string().c_str());
//     if (prepared.plan)
//       std::fputs(volpol::plan::render_table(prepared.plan->result, prepared.plan->context).c_str(), stdout);
//
// Or the steps yourself, from text: load, plan, explain one volume:
//
//     auto doc = volpol::policy::decode_resource_policies(policy_yaml, "policy.yaml");
//     auto policies = volpol::policy::policies::build(doc.value());
//     volpol::k8s::load_result loaded = volpol::k8s::load_text(objects_yaml, "objects.yaml");
//     volpol::plan::plan_input in;
//     in.cluster = &loaded.objects;
//     in.backup_policies = &policies.value();
//     auto plan = volpol::plan::make_plan(in);   // plan->volumes, plan->summary
//     for (const volpol::plan::volume_record& r : plan->volumes)
//       volpol::plan::volume_explanation why = volpol::plan::explain_volume(r, *plan);  // each step
//
// tests/consumer/main.cpp is this example in full, built against an installed volpol.
//
// Layers, each including only the ones above it: core, k8s, policy, helper, plan
// (doc/ARCHITECTURE.md). volpol/detail/ holds the memory-layout and loader types the public
// structs are made of (compact_string, string_map, record_list ...) and helpers such as JSON
// quoting: included where needed, not an API of their own. Left out on purpose, include them
// yourself when you need them: volpol/k8s/object_yaml.h (it takes yaml-cpp nodes) and the
// command line's layers (volpol/lint, volpol/verify, volpol/serve, volpol/cli: volpol::cli).
#pragma once

// core: the types every layer uses: diagnostic, result<T>, value
#include "volpol/core/diagnostic.h"
#include "volpol/core/result.h"
#include "volpol/core/value.h"

// k8s: Kubernetes objects and the loader (files, folders, backup tarballs, kubectl)
#include "volpol/k8s/backup.h"
#include "volpol/k8s/cluster.h"
#include "volpol/k8s/config_map.h"
#include "volpol/k8s/daemon_set.h"
#include "volpol/k8s/kubectl.h"
#include "volpol/k8s/label_selector.h"
#include "volpol/k8s/label_syntax.h"
#include "volpol/k8s/limits.h"
#include "volpol/k8s/live_cluster.h"
#include "volpol/k8s/loader.h"
#include "volpol/k8s/namespace.h"
#include "volpol/k8s/node.h"
#include "volpol/k8s/object_meta.h"
#include "volpol/k8s/object_value.h"
#include "volpol/k8s/persistent_volume.h"
#include "volpol/k8s/persistent_volume_claim.h"
#include "volpol/k8s/pod.h"
#include "volpol/k8s/quantity.h"
#include "volpol/k8s/spelling.h"
#include "volpol/k8s/storage_class.h"
#include "volpol/k8s/volume_snapshot_class.h"
#include "volpol/k8s/volume_snapshot_location.h"
#include "volpol/k8s/volume_source.h"

// policy: resource-policy documents: decode, validate, build, match
#include "volpol/policy/action.h"
#include "volpol/policy/action_type.h"
#include "volpol/policy/backup_policies.h"
#include "volpol/policy/document.h"
#include "volpol/policy/evaluation.h"
#include "volpol/policy/filter_policy.h"
#include "volpol/policy/policies.h"
#include "volpol/policy/structured_volume.h"
#include "volpol/policy/text_origin.h"
#include "volpol/policy/volume_conditions.h"
#include "volpol/policy/volume_policy.h"

// helper: Velero's volume helper: ShouldPerformSnapshot, ShouldPerformFSBackup, ...
#include "volpol/helper/action_parameters.h"
#include "volpol/helper/decision.h"
#include "volpol/helper/factory.h"
#include "volpol/helper/options.h"
#include "volpol/helper/pod_volumes.h"
#include "volpol/helper/problem.h"
#include "volpol/helper/pvc_pv.h"
#include "volpol/helper/reason.h"
#include "volpol/helper/volume_helper.h"

// plan: the whole-backup walk, its records, reports and BackupVolumeInfo
#include "volpol/plan/backup_options.h"
#include "volpol/plan/backup_source.h"
#include "volpol/plan/backup_volume_info.h"
#include "volpol/plan/explain_report.h"
#include "volpol/plan/explanation.h"
#include "volpol/plan/glob.h"
#include "volpol/plan/item_collection.h"
#include "volpol/plan/node_agent.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/reason_text.h"
#include "volpol/plan/report.h"
#include "volpol/plan/request.h"
#include "volpol/plan/resource_kind.h"
#include "volpol/plan/volume_decision.h"
#include "volpol/plan/volume_record.h"
#include "volpol/plan/volume_snapshot_class.h"
#include "volpol/plan/volume_snapshot_location.h"
