// `volpol explain` output: text for people, JSON / YAML with the whole trace (explain_report.h).
#include <fmt/format.h>

#include "document_model.h"
#include "document_writer.h"
#include "ordered_text.h"
#include "report_fields.h"
#include "volpol/detail/plan/reason_text.h"
#include "volpol/helper/decision.h"
#include "volpol/plan/explain_report.h"

namespace volpol::plan {

namespace {

using namespace detail;

std::string policy_position(const policy::volume_policy& p) {
  const value_mark at = p.origin.file_position(p.mark);
  if (at.line == 0) return {};
  return fmt::format("{}:{}:{}", p.origin.file.empty() ? "policy" : p.origin.file, at.line, at.column);
}

std::string matched_on_text(const policy::volume_filter_data& d) {
  std::vector<std::string> parts;
  if (d.pv != nullptr) parts.push_back("PV " + d.pv->metadata.name);
  if (d.pod_volume != nullptr) parts.push_back("pod volume " + d.pod_volume->name);
  if (d.pvc != nullptr) parts.push_back("PVC " + d.pvc->metadata.namespace_ + "/" + d.pvc->metadata.name);
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string step_subject(const volume_decision& d) {
  if (d.pod != nullptr && d.helper_reason != helper::reason::pod_fs_backup) {
    std::string s = "pod " + d.pod->metadata.namespace_ + "/" + d.pod->metadata.name;
    if (d.pod_volume != nullptr) s += " volume " + d.pod_volume->name;
    return s;
  }
  if (d.pvc != nullptr) return "PVC " + d.pvc->metadata.namespace_ + "/" + d.pvc->metadata.name;
  if (d.pv != nullptr) return "PV " + d.pv->metadata.name;
  if (d.matched_on.pvc != nullptr && d.matched_on.pv == nullptr)
    return "PVC " + d.matched_on.pvc->metadata.namespace_ + "/" + d.matched_on.pvc->metadata.name;
  if (d.matched_on.pv != nullptr) return "PV " + d.matched_on.pv->metadata.name;
  return {};
}

std::string step_conclusion(const volume_decision& d, const volume_record& r, const plan_result& plan, bool deciding) {
  if (d.kind == reason_kind::csi_volume_pvc_not_backed_up && !deciding)
    return "CSI volume: left to the CSI PVC action (EnableCSI)";
  if (d.kind != reason_kind::none) return decision_text(d, r, plan);
  if (d.has_helper) return std::string(d.perform ? "yes: " : "no: ") + helper_decision_text(d.as_helper());
  if (d.policy != nullptr)
    return "no skip: " + helper::policy_label_with_action(*d.policy) + " matched, the step goes on";
  if (d.consulted_policies) return "no volume policy matched, the step goes on";
  return "goes on";
}

std::string legacy_text(const legacy_rules& l) {
  std::string out = l.opt_out_mode ? "opt-out mode (defaultVolumesToFsBackup)" : "opt-in mode";
  if (l.pod != nullptr) {
    const std::string pod = l.pod->metadata.namespace_ + "/" + l.pod->metadata.name;
    if (l.opt_out_mode)
      out += fmt::format("; pod {}: backup.velero.io/backup-volumes-excludes {} `{}`", pod,
                         l.listed_in_excludes ? "lists" : "does not list", l.pod_volume);
    else
      out += fmt::format("; pod {}: backup.velero.io/backup-volumes {} `{}`", pod,
                         l.listed_in_backup_volumes ? "lists" : "does not list", l.pod_volume);
  }
  if (!l.snapshot_volumes) out += "; snapshotVolumes unset (counts as true)";
  else out += fmt::format("; snapshotVolumes {}", *l.snapshot_volumes ? "true" : "false");
  return out;
}

std::string near_miss_text(const near_miss& m, const volume_explanation& x) {
  std::string value;
  if (m.step < x.steps.size())
    if (const auto v = policy::make_structured_volume(x.steps[m.step].step->matched_on))
      value = policy::volume_value_text(m.condition, *v);
  return fmt::format("{} would have matched but for `{}` ({} vs {})", helper::policy_label_with_action(*m.policy),
                     policy::to_string(m.condition), policy::condition_text(m.policy->conditions, m.condition), value);
}

// ---- text ------------------------------------------------------------------------------

void text_policies(std::string& out, const step_explanation& s) {
  if (s.same_as) {
    out += fmt::format("       volume policies: as in step {} (same policies, same volume data)\n", *s.same_as + 1);
    return;
  }
  if (s.policies.empty()) return;
  const auto v = policy::make_structured_volume(s.step->matched_on);
  out += fmt::format("       volume policies ({}) on {}:\n",
                     s.list == policy_list::backup ? "the Backup's only" : "the backup's, then the global ones",
                     matched_on_text(s.step->matched_on));
  bool reached = true;
  for (const policy::policy_evaluation& e : s.policies) {
    const std::string pos = policy_position(*e.policy);
    const std::string head = fmt::format("         {}{}", helper::policy_label_with_action(*e.policy),
                                         pos.empty() ? "" : " at " + pos);
    if (!reached) {
      out += head + ": not reached\n";
      continue;
    }
    const bool first = e.policy == s.first_match;
    out += head + (first ? ": matched  <- first match\n" : ": no match\n");
    if (e.count == 0) out += "           (no conditions: matches every volume)\n";
    for (const policy::condition_verdict& c : e.verdicts())
      out += fmt::format("           {} {} vs {}: {}\n", policy::to_string(c.kind),
                         policy::condition_text(e.policy->conditions, c.kind),
                         v ? policy::volume_value_text(c.kind, *v) : std::string("?"), c.holds ? "yes" : "no");
    if (first) reached = false;
  }
}

std::string volume_line(const volume_record& r) {
  std::vector<std::string> parts;
  if (!r.pvc_name.empty()) parts.push_back(fmt::format("PVC {}/{}", r.pvc_namespace, r.pvc_name));
  if (!r.pv_name.empty()) parts.push_back(fmt::format("PV {}", r.pv_name));
  if (!r.storage_class.empty()) parts.push_back(fmt::format("storage class {}", r.storage_class));
  if (!r.volume_type().empty()) parts.push_back(fmt::format("type {}", r.volume_type()));
  if (!r.pod_name.empty())
    parts.push_back(fmt::format("pod {}/{} volume {}", r.pod_namespace, r.pod_name, r.pod_volume));
  return fmt::format("{}", fmt::join(parts, ", "));
}

void text_volume(std::string& out, const volume_record& r, const plan_result& plan) {
  const volume_explanation x = explain_volume(r, plan);
  out += volume_key(r) + "\n";
  out += "  volume:  " + volume_line(r) + "\n";
  out += fmt::format("  outcome: {} ({} at {})\n", method_label(r), to_string(r.decision.kind),
                     velero_function(r.decision.step));
  if (r.policy != nullptr) {
    const std::string pos = policy_position(*r.policy);
    out += "  policy:  " + helper::policy_label_with_action(*r.policy) + (pos.empty() ? "" : " at " + pos) + "\n";
  }
  out += "  reason:  " + reason_text(r, plan) + "\n";
  if (r.error()) out += "  errors:  " + error_messages(r) + "\n";
  const std::string skipped = skipped_reason_text(r);
  if (!skipped.empty()) out += "  Velero's skippedReason: " + skipped + "\n";
  out += "  steps:\n";
  for (std::size_t i = 0; i < x.steps.size(); ++i) {
    const step_explanation& s = x.steps[i];
    const std::string subject = step_subject(*s.step);
    out += fmt::format("  {} {}. {}{}: {}\n", x.deciding_step == i ? "=>" : "  ", i + 1, velero_function(s.step->step),
                       subject.empty() ? "" : " (" + subject + ")",
                       step_conclusion(*s.step, r, plan, x.deciding_step == i));
    text_policies(out, s);
  }
  out += "  legacy rules: " + legacy_text(x.legacy) + "\n";
  if (!x.near_misses.empty()) {
    out += "  near misses:\n";
    for (const near_miss& m : x.near_misses) out += "    " + near_miss_text(m, x) + "\n";
  }
  if (!x.suggestions.empty()) {
    out += "  to change the outcome:\n";
    for (const suggestion& s : x.suggestions) out += "    - " + suggestion_text(s, x) + "\n";
  }
}

// ---- JSON / YAML ------------------------------------------------------------------------

std::string_view to_string(suggestion_kind k) {
  switch (k) {
    case suggestion_kind::widen_condition: return "widen-condition";
    case suggestion_kind::annotate_opt_in: return "annotate-opt-in";
    case suggestion_kind::remove_opt_out: return "remove-opt-out";
    case suggestion_kind::remove_opt_in: return "remove-opt-in";
    case suggestion_kind::set_snapshot_volumes: return "set-snapshot-volumes";
    case suggestion_kind::add_volume_snapshot_location: return "add-volume-snapshot-location";
    case suggestion_kind::move_policy_to_backup: return "move-policy-to-backup";
    case suggestion_kind::run_pod: return "run-pod";
    case suggestion_kind::mount_volume: return "mount-volume";
    case suggestion_kind::bind_pvc: return "bind-pvc";
    case suggestion_kind::set_storage_class: return "set-storage-class";
    case suggestion_kind::remove_exclude_label: return "remove-exclude-label";
  }
  return "";
}

node policy_ref(const policy::volume_policy& p) {
  fields f;
  f.emplace_back("policy", str(helper::policy_label(p)));
  f.emplace_back("index", num(p.index));
  f.emplace_back("document", str(p.scope == policy::policy_scope::global ? "global" : "backup"));
  f.emplace_back("action", str(p.act.type_name()));
  const value_mark at = p.origin.file_position(p.mark);
  if (!p.origin.file.empty()) f.emplace_back("file", str(p.origin.file));
  if (at.line > 0) {
    f.emplace_back("line", num(at.line));
    f.emplace_back("column", num(at.column));
  }
  return object(std::move(f));
}

/// One policy, described once at the top of the document: evaluations refer to it by label.
node policy_node(const policy::volume_policy& p) {
  node n = policy_ref(p);
  fields conditions;
  for (std::size_t i = 0; i < policy::condition_kind_count; ++i) {
    const auto k = static_cast<policy::condition_kind>(i);
    if (policy::has_condition(p.conditions, k))
      conditions.emplace_back(std::string(policy::to_string(k)), str(policy::condition_text(p.conditions, k)));
  }
  n.members.emplace_back("conditions", object(std::move(conditions)));
  return n;
}

template <class Fields>
void policies_fields(const step_explanation& s, Fields& out) {
  const auto v = policy::make_structured_volume(s.step->matched_on);
  out.text("list", s.list == policy_list::backup ? "backup" : "server");
  out.text("matchedOn", matched_on_text(s.step->matched_on));
  out.list("evaluations", [&](auto& items) {
    bool reached = true;
    for (const policy::policy_evaluation& e : s.policies) {
      items.object([&](auto& p) {
        p.text("policy", helper::policy_label(*e.policy));
        if (!reached) {  // never judged by Velero: no verdicts (as the text says "not reached")
          p.flag("reached", false);
          return;
        }
        p.flag("matched", e.matched());
        if (e.policy == s.first_match) p.flag("firstMatch", true);
        p.list("conditions", [&](auto& conditions) {
          for (const policy::condition_verdict& c : e.verdicts())
            conditions.object([&](auto& cf) {
              cf.text("condition", policy::to_string(c.kind));
              cf.text("volumeValue", v ? policy::volume_value_text(c.kind, *v) : std::string());
              cf.flag("holds", c.holds);
            });
        });
      });
      if (reached && e.policy == s.first_match) reached = false;
    }
  });
}

template <class Fields>
void step_fields(const step_explanation& s, std::size_t i, const volume_explanation& x, const volume_record& r,
                 const plan_result& plan, Fields& f) {
  const volume_decision& d = *s.step;
  f.text("step", to_string(d.step));
  f.text("function", velero_function(d.step));
  f.optional_text("subject", step_subject(d));
  f.text("kind", to_string(d.kind));
  f.flag("perform", d.perform);
  if (d.has_helper) f.text("helperReason", helper::to_string(d.helper_reason));
  f.text("text", step_conclusion(d, r, plan, x.deciding_step == i));
  f.flag("deciding", x.deciding_step == i);
  if (s.same_as) {
    f.object("policies", [&](auto& same) { same.number("sameAsStep", *s.same_as + 1); });
  } else if (!s.policies.empty()) {
    f.object("policies", [&](auto& p) { policies_fields(s, p); });
  }
}

template <class Fields>
void legacy_fields(const legacy_rules& l, Fields& legacy) {
  legacy.text("mode", l.opt_out_mode ? "opt-out" : "opt-in");
  if (l.pod != nullptr) {
    legacy.text("pod", l.pod->metadata.namespace_ + "/" + l.pod->metadata.name);
    legacy.text("podVolume", l.pod_volume);
    legacy.flag("listedInBackupVolumes", l.listed_in_backup_volumes);
    legacy.flag("listedInBackupVolumesExcludes", l.listed_in_excludes);
  }
  legacy.text("snapshotVolumes", !l.snapshot_volumes ? "unset" : (*l.snapshot_volumes ? "true" : "false"));
}

/// One volume's explanation: its record, every step, the legacy rules, near misses and
/// suggestions.
template <class Fields>
void explanation_fields(const volume_record& r, const plan_result& plan, Fields& f) {
  const volume_explanation x = explain_volume(r, plan);
  f.text("volume", volume_key(r));
  f.object("record", [&](auto& rec) { record_fields(r, plan, rec); });
  f.list("steps", [&](auto& steps) {
    for (std::size_t i = 0; i < x.steps.size(); ++i)
      steps.object([&](auto& step) { step_fields(x.steps[i], i, x, r, plan, step); });
  });
  f.object("legacy", [&](auto& legacy) { legacy_fields(x.legacy, legacy); });
  f.list("nearMisses", [&](auto& misses) {
    for (const near_miss& m : x.near_misses)
      misses.object([&](auto& n) {
        n.text("policy", helper::policy_label(*m.policy));
        n.text("condition", policy::to_string(m.condition));
        n.text("text", near_miss_text(m, x));
      });
  });
  f.list("suggestions", [&](auto& suggestions) {
    for (const suggestion& s : x.suggestions)
      suggestions.object([&](auto& n) {
        n.text("kind", to_string(s.kind));
        if (s.policy != nullptr) n.text("policy", helper::policy_label(*s.policy));
        n.text("text", suggestion_text(s, x));
      });
  });
}

/// The plan's notes, then what was read from a live cluster (as `volpol plan` lists them).
node notes_node(const plan_result& plan, const report_context& ctx) {
  std::vector<node> notes;
  for (const plan_note n : plan.notes) notes.push_back(str(plan_note_text(n, plan)));
  for (const std::string& n : ctx.cluster_notes) notes.push_back(str(n));
  return list(std::move(notes));
}

node problems_node(const report_context& ctx) {
  std::vector<node> problems;
  for (const diagnostic& d : ctx.input_problems) problems.push_back(str(d.to_string()));
  return list(std::move(problems));
}

/// Every volume policy the server matched against (backup's, then global), as written.
node all_policies_node(const plan_result& plan) {
  std::vector<node> items;
  if (plan.server_policies != nullptr)
    for (const policy::volume_policy& p : plan.server_policies->volume_policies()) items.push_back(policy_node(p));
  return list(std::move(items));
}

}  // namespace

std::string explanation_text(const volume_record& r, const plan_result& plan) {
  std::string text;
  text_volume(text, r, plan);
  return text;
}

void write_explanations_text(const std::vector<const volume_record*>& records, const plan_result& plan,
                             const report_context& ctx, std::FILE* out) {
  buffered b(out);
  ordered_text(
      records.size(), output_threads(ctx.threads),
      [&](std::size_t i, std::string& chunk) {
        if (i > 0) chunk += '\n';
        text_volume(chunk, *records[i], plan);
      },
      [&b](const std::string& chunk) { b.append(chunk); });
  if (!plan.notes.empty() || !ctx.cluster_notes.empty()) b.text() += '\n';
  for (const plan_note n : plan.notes) b.text() += fmt::format("note: {}\n", plan_note_text(n, plan));
  for (const std::string& n : ctx.cluster_notes) b.text() += fmt::format("note: {}\n", n);
  if (records.empty()) b.text() += "no volume explained: the plan has none\n";
  if (!ctx.input_problems.empty()) {
    b.text() += fmt::format("\n{} input problem(s):\n", ctx.input_problems.size());
    for (const diagnostic& d : ctx.input_problems) b.text() += "  " + d.to_string() + "\n";
  }
}

void write_explanations_json(const std::vector<const volume_record*>& records, const plan_result& plan,
                             const report_context& ctx, std::FILE* out) {
  buffered b(out);
  std::string& text = b.text();
  text += "{\n  \"kind\": \"VolumeExplanation\",\n  \"veleroVersion\": ";
  write_json(str(to_string(plan.server.velero.version)), text, 1);
  text += ",\n  \"notes\": ";
  write_json(notes_node(plan, ctx), text, 1);
  text += ",\n  \"problems\": ";
  write_json(problems_node(ctx), text, 1);
  text += ",\n  \"policies\": ";
  write_json(all_policies_node(plan), text, 1);
  text += ",\n  \"volumes\": [";
  append_json_objects_and_close(b, records.size(), output_threads(ctx.threads),
                                [&](std::size_t i, json_fields& f) { explanation_fields(*records[i], plan, f); });
}

void write_explanations_yaml(const std::vector<const volume_record*>& records, const plan_result& plan,
                             const report_context& ctx, std::FILE* out) {
  buffered b(out);
  {
    YAML::Emitter e;
    e << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << "VolumeExplanation";
    e << YAML::Key << "veleroVersion" << YAML::Value << std::string(to_string(plan.server.velero.version));
    e << YAML::Key << "notes" << YAML::Value;
    write_yaml(notes_node(plan, ctx), e);
    e << YAML::Key << "problems" << YAML::Value;
    write_yaml(problems_node(ctx), e);
    e << YAML::Key << "policies" << YAML::Value;
    write_yaml(all_policies_node(plan), e);
    e << YAML::EndMap;
    b.text() += e.c_str();
  }
  b.text() += records.empty() ? "\nvolumes: []\n" : "\nvolumes:\n";
  ordered_text(
      records.size(), output_threads(ctx.threads),
      [&](std::size_t i, std::string& chunk) {
        node_fields f;
        explanation_fields(*records[i], plan, f);
        append_yaml_item(f.take(), chunk);
      },
      [&b](const std::string& chunk) { b.append(chunk); });
}

}  // namespace volpol::plan
