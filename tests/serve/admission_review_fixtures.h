// AdmissionReview bodies for the serve tests: a ConfigMap with a policy, as the API server sends it.
#pragma once

#include <string>

#include "volpol/detail/json_text.h"
#include "volpol/detail/serve/admission_review.h"

namespace volpol::testing {

/// An AdmissionReview for `operation` on a ConfigMap `velero/NAME` whose labels JSON is `labels`
/// (e.g. R"({"volpol.io/resource-policy":"backup"})") and whose `data` has the one key
/// `policy.yaml` = `policy` (pass data_json to give `data` yourself).
inline std::string config_map_review(const std::string& policy, const std::string& labels,
                                     const std::string& operation = "CREATE", const std::string& name = "backup-policy",
                                     const std::string& data_json = "") {
  const std::string data = data_json.empty() ? "{\"policy.yaml\":" + go_json_string(policy) + "}" : data_json;
  return R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{)"
         R"("uid":"705ab4f5-6393-11e8-b7cc-42010a800002",)"
         R"("kind":{"group":"","version":"v1","kind":"ConfigMap"},)"
         R"("resource":{"group":"","version":"v1","resource":"configmaps"},)"
         R"("name":")" +
         name + R"(","namespace":"velero","operation":")" + operation +
         R"(",)"
         R"("userInfo":{"username":"admin","groups":["system:authenticated"]},)"
         R"("object":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":")" +
         name + R"(","namespace":"velero","labels":)" + labels + R"(},"data":)" + data +
         R"(},)"
         R"("oldObject":null,"dryRun":false,"options":{"apiVersion":"meta.k8s.io/v1","kind":"CreateOptions"}}})";
}

inline const char* backup_label = R"({"volpol.io/resource-policy":"backup"})";
inline const char* global_label = R"({"volpol.io/resource-policy":"global"})";

inline const char* valid_policy =
    "version: v1\n"
    "volumePolicies:\n"
    "- conditions:\n"
    "    storageClass: [gp2]\n"
    "  action:\n"
    "    type: snapshot\n";

/// `storageClas` (line 4, column 5 of the document) is not a condition.
inline const char* invalid_policy =
    "version: v1\n"
    "volumePolicies:\n"
    "- conditions:\n"
    "    storageClas: [gp2]\n"
    "  action:\n"
    "    type: snapshot\n";

/// Valid as a global policy, with a warning: includeExcludePolicy is ignored globally.
inline const char* global_policy_with_filters =
    "version: v1\n"
    "volumePolicies:\n"
    "- conditions:\n"
    "    pvcPhase: [Pending]\n"
    "  action:\n"
    "    type: skip\n"
    "includeExcludePolicy:\n"
    "  excludedNamespaceScopedResources: [secrets]\n";

}  // namespace volpol::testing
