// The webhook's decision for one request (see admission.h).
#include "volpol/serve/admission.h"

#include <fmt/format.h>

namespace volpol::serve {

namespace {

std::optional<policy::policy_use> side_of(std::string_view label) {
  if (label == "backup") return policy::policy_use::backup;
  if (label == "global") return policy::policy_use::global;
  if (label == "restore") return policy::policy_use::restore;
  return std::nullopt;
}

std::string object_of(const admitted_config_map& cm, const admission_request& r) {
  const std::string& name = !cm.name.empty() ? cm.name : r.name;
  return fmt::format("ConfigMap {}{}", cm.namespace_.empty() ? "" : cm.namespace_ + "/",
                     name.empty() ? "<unnamed>" : name);
}

/// One problem as one line of a denial message or one warning.
std::string line_of(const diagnostic& d, const admission_decision& decision) {
  std::string out = d.object.empty() ? decision.object : d.object;
  if (!decision.data_key.empty()) {
    out += fmt::format(", data key `{}`", decision.data_key);
    if (d.where.line > 0) out += fmt::format(", line {}, column {}", d.where.line, d.where.column);
  }
  out += ": ";
  if (!d.where.path.empty()) out += d.where.path + ": ";
  out += d.message;
  if (!d.help.empty()) {
    std::string help = d.help;
    for (std::size_t p; (p = help.find("\n  help: ")) != std::string::npos;) help.replace(p, 9, "; ");
    out += " (help: " + help + ")";
  }
  return out;
}

}  // namespace

std::string_view side_name(policy::policy_use use) {
  switch (use) {
    case policy::policy_use::backup: return "backup";
    case policy::policy_use::global: return "global";
    case policy::policy_use::restore: return "restore";
  }
  return "backup";
}

admission_decision review(const admission_request& request, const review_options& options) {
  admission_decision d;
  if (!request.is_config_map()) return d;
  if (request.operation != admission_operation::create && request.operation != admission_operation::update) {
    d.reason = admission_reason::delete_or_connect;
    return d;
  }
  if (!request.has_object) {
    d.reason = admission_reason::no_object;
    return d;
  }
  const admitted_config_map& cm = request.config_map;
  d.object = object_of(cm, request);
  const std::string* label = cm.label(resource_policy_label);
  if (label == nullptr) {
    d.reason = admission_reason::not_labelled;
    return d;
  }
  d.label_value = *label;
  d.side = side_of(*label);
  if (!d.side) {
    d.reason = admission_reason::unknown_side;
    diagnostic w;
    w.level = severity::warning;
    w.object = d.object;
    w.where.path = fmt::format("metadata.labels.{}", resource_policy_label);
    w.message = fmt::format("label value `{}` is not `backup`, `global` or `restore`: the policy was not checked",
                            *label);
    d.problems.add(std::move(w));
    return d;
  }

  policy::checked_policies checked;
  std::string_view document;
  policy::text_origin origin;
  origin.object = d.object;
  origin.limits = options.limits;
  origin.version = options.velero;
  if (cm.data.size() == 1) {
    // The usual case: the document's positions are reported inside the document itself.
    d.data_key = cm.data.front().first;
    document = cm.data.front().second;
    origin.data_key = d.data_key;
    checked = policy::check_policy_text(document, origin, *d.side);
  } else {
    // 0 or 2+ keys: Velero's `getResourcePoliciesFromConfig` refuses it; the policy layer says so
    // (with the keys found) from the whole ConfigMap.
    checked = policy::check_config_map_text(cm.json, "", *d.side, true, options.velero);
  }
  d.problems = checked.problems;
  if (checked.ok() && options.lint && !d.data_key.empty()) {
    for (diagnostic f : options.lint(document, origin, *d.side, checked.built)) {
      f.level = severity::warning;
      if (f.object.empty()) f.object = d.object;
      d.problems.add(std::move(f));
    }
  }
  const bool has_warnings = !d.problems.empty() && !d.problems.has_errors();
  d.allowed = !d.problems.has_errors() && !(options.deny_warnings && has_warnings);
  d.reason = d.allowed ? admission_reason::valid : admission_reason::invalid;
  return d;
}

admission_response respond(const admission_request& request, const admission_decision& decision,
                           const review_options& options) {
  admission_response r;
  r.uid = request.uid;
  r.allowed = decision.allowed;
  std::vector<std::string> denial_lines;
  for (const diagnostic& p : decision.problems) {
    const bool denies = p.level == severity::error || (!decision.allowed && options.deny_warnings);
    std::vector<std::string>& into = denies ? denial_lines : r.warnings;
    if (into.size() < options.max_messages) {
      into.push_back(line_of(p, decision));
    } else if (into.size() == options.max_messages) {
      into.push_back("... and more problems (run `volpol validate` on the ConfigMap for all of them)");
    }
  }
  if (!decision.allowed) {
    r.status_code = 422;
    r.status_reason = "Invalid";
    std::string message =
        decision.problems.has_errors()
            ? fmt::format("volpol: the {} resource policy in {} is invalid", side_name(*decision.side), decision.object)
            : fmt::format(
                  "volpol: the {} resource policy in {} has warnings, and this webhook denies warnings "
                  "(--deny-warnings)",
                  side_name(*decision.side), decision.object);
    for (const std::string& l : denial_lines) message += "\n" + l;
    r.message = std::move(message);
  }
  return r;
}

}  // namespace volpol::serve
