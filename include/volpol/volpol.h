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
// (doc/ARCHITECTURE.md). The headers included here are the API, 42 in all with the command
// line's. volpol/detail/ holds what they are made of: the memory-layout and loader types
// (compact_string, string_map, record_list ...), helpers such as JSON quoting, and per layer
// (detail/k8s/, detail/policy/, detail/helper/, detail/plan/ ...) the structs of each
// Kubernetes kind (gathered by k8s/objects.h), of a policy's conditions and actions, of the
// helper's options and reasons: included where needed, not an API of their own, and free to
// change. Left out on purpose, include them yourself when you need them:
// volpol/detail/k8s/object_yaml.h (it takes yaml-cpp nodes) and the command line's layers
// (volpol/lint, volpol/verify, volpol/serve, volpol/cli: volpol::cli).
#pragma once

// core: the types every layer uses: diagnostic, result<T>, value; the Velero releases
#include "volpol/core/diagnostic.h"
#include "volpol/core/result.h"
#include "volpol/core/value.h"
#include "volpol/core/velero_version.h"

// k8s: Kubernetes objects, the loader (files, folders, backup tarballs) and the live cluster
#include "volpol/k8s/cluster.h"
#include "volpol/k8s/kubectl.h"
#include "volpol/k8s/label_selector.h"
#include "volpol/k8s/limits.h"
#include "volpol/k8s/live_cluster.h"
#include "volpol/k8s/loader.h"
#include "volpol/k8s/objects.h"
#include "volpol/k8s/quantity.h"
#include "volpol/k8s/spelling.h"

// policy: resource-policy documents: decode, validate, build, match
#include "volpol/policy/action.h"
#include "volpol/policy/backup_policies.h"
#include "volpol/policy/document.h"
#include "volpol/policy/evaluation.h"
#include "volpol/policy/policies.h"

// helper: Velero's volume helper: ShouldPerformSnapshot, ShouldPerformFSBackup, ...
#include "volpol/helper/decision.h"
#include "volpol/helper/factory.h"
#include "volpol/helper/volume_helper.h"

// plan: plan these inputs (request.h), the whole-backup walk, its records, reports and
// BackupVolumeInfo
#include "volpol/plan/backup_options.h"
#include "volpol/plan/backup_volume_info.h"
#include "volpol/plan/coverage.h"
#include "volpol/plan/explain_report.h"
#include "volpol/plan/explanation.h"
#include "volpol/plan/html_report.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"
#include "volpol/plan/request.h"
#include "volpol/plan/volume_decision.h"
#include "volpol/plan/volume_record.h"
