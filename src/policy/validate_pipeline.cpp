// Decode + build + validate in one call, every problem collected and sorted by position
// (what `volpol validate` and the conformance runner's loadPolicy do).
#include <algorithm>

#include "config_map.h"
#include "decode_document.h"
#include "policies_build.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {

namespace {

diagnostics sorted(const diagnostics& in) {
  std::vector<diagnostic> items = in.items();
  std::stable_sort(items.begin(), items.end(), [](const diagnostic& a, const diagnostic& b) {
    if (a.where.file != b.where.file) return a.where.file < b.where.file;
    const auto key = [](const diagnostic& d) { return std::pair(d.where.line, d.where.column); };
    return key(a) < key(b);
  });
  diagnostics out;
  for (diagnostic& d : items) out.add(std::move(d));
  return out;
}

checked_policies finish(const resource_policies& doc, policy_use use, diagnostics problems, bool validate) {
  checked_policies r;
  const policy_scope scope = use == policy_use::global ? policy_scope::global : policy_scope::backup;
  // A restore's policy and the global policy are main's: older servers never read them.
  const velero_feature needs = use == policy_use::restore ? velero_feature::restore_policies
                                                          : velero_feature::global_policies;
  if (use != policy_use::backup && !has(doc.origin.version, needs))
    problems.add(
        doc.origin.diagnose({}, "", not_in_version_text(doc.origin.version, needs), detail::version_help(needs)));
  r.built = policies::build(doc, scope, problems);
  if (validate) problems.append(use == policy_use::restore ? r.built.validate_for_restore() : r.built.validate());
  if (use == policy_use::global) r.built = r.built.as_global(&problems);
  r.problems = sorted(problems);
  return r;
}

}  // namespace

checked_policies check_policy_text(std::string_view text, const text_origin& origin, policy_use use, bool validate) {
  diagnostics problems;
  detail::node_decoder d(origin, problems);
  const std::optional<YAML::Node> root = detail::parse_first_document(text, d);
  if (!root) return {policies{}, problems};
  const resource_policies doc = detail::decode_document_node(*root, origin, d);
  return finish(doc, use, std::move(problems), validate);
}

checked_policies check_config_map_text(std::string_view text, std::string_view source, policy_use use, bool validate,
                                       velero_version version) {
  diagnostics problems;
  std::optional<resource_policies> doc = decode_config_map(text, source, problems, version);
  if (!doc) return {policies{}, sorted(problems)};
  return finish(*doc, use, std::move(problems), validate);
}

checked_policies check_policy_or_config_map_text(std::string_view text, const text_origin& origin, policy_use use,
                                                 bool validate) {
  diagnostics problems;
  std::optional<resource_policies> doc = detail::decode_policy_or_config_map(text, origin, problems);
  if (!doc) return {policies{}, sorted(problems)};
  return finish(*doc, use, std::move(problems), validate);
}

checked_policies check_policy_file(const std::string& path, policy_use use, bool validate,
                                   const k8s::input_limits& limits, velero_version version) {
  diagnostics problems;
  std::optional<resource_policies> doc = load_policy_file(path, problems, limits, version);
  if (!doc) return {policies{}, sorted(problems)};
  return finish(*doc, use, std::move(problems), validate);
}

}  // namespace volpol::policy
