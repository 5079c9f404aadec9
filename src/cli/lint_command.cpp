// `volpol lint` (see lint_command.h).
#include "volpol/cli/lint_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>

#include "volpol/cli/app.h"
#include "volpol/k8s/loader.h"
#include "volpol/lint/linter.h"
#include "volpol/lint/output.h"
#include "volpol/lint/suppression.h"
#include "volpol/plan/planner.h"
#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::cli {

namespace {

constexpr int exit_ok = static_cast<int>(exit_code::ok);
constexpr int exit_findings = static_cast<int>(exit_code::input_errors);
constexpr int exit_usage = static_cast<int>(exit_code::invalid_usage);

/// The file's text ("-" = standard input), or nullopt when it cannot be read.
std::optional<std::string> read_text(const std::string& path) {
  if (path == "-") return std::string(std::istreambuf_iterator<char>(std::cin), {});
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A policy file checked as `validate` checks it (`use`), with its text kept for suppressions.
struct loaded_policy {
  policy::checked_policies checked;
  std::string text;
};

loaded_policy load(const std::string& path, policy::policy_use use) {
  std::optional<std::string> text = read_text(path);
  if (!text) return {policy::check_policy_file(path, use), {}};  // the same "cannot read" problem validate gives
  loaded_policy l;
  l.checked = policy::looks_like_config_map(*text) ? policy::check_config_map_text(*text, path, use)
                                                  : policy::check_policy_text(*text, {.file = path}, use);
  l.text = std::move(*text);
  return l;
}

/// Applies --disable then --enable. @return false (and a message on `err`) for an unknown rule.
bool select_rules(const lint_options& opt, lint::rule_selection& sel, std::FILE* err) {
  auto apply = [&](const std::vector<std::string>& names, bool on) {
    for (const std::string& n : names) {
      if (n == "all") {
        on ? sel.enable_all() : sel.disable_all();
        continue;
      }
      const lint::rule_info* r = lint::find_rule(n);
      if (r == nullptr) {
        std::fprintf(err, "volpol lint: unknown rule `%s` (rules are codes like VP110 or names like "
                          "unreachable-policy; `volpol lint --list-rules` lists them)\n",
                     n.c_str());
        return false;
      }
      on ? sel.enable(r->id) : sel.disable(r->id);
    }
    return true;
  };
  return apply(opt.disable, false) && apply(opt.enable, true);
}

void write(const std::string& s, std::FILE* out) { std::fwrite(s.data(), 1, s.size(), out); }

}  // namespace

CLI::App* setup_lint(CLI::App& app, lint_options& opt) {
  CLI::App* cmd = app.add_subcommand("lint", "Check that policies do what you meant (with -f: against a cluster)");
  add_plan_options(cmd, opt.plan, false);
  cmd->add_option("-o,--output", opt.output, "Output format")
      ->check(CLI::IsMember({"text", "json", "sarif", "github"}))
      ->default_str("text");
  cmd->add_option("--fail-level", opt.fail_level, "Exit 1 when a finding is at least this severe")
      ->check(CLI::IsMember({"error", "warning", "info"}))
      ->default_str("warning");
  cmd->add_option("--disable", opt.disable, "Rules to turn off (codes, names or all)")->delimiter(',')->type_name("RULE");
  cmd->add_option("--enable", opt.enable, "Rules to turn on again, after --disable")->delimiter(',')->type_name("RULE");
  cmd->add_option("--explain", opt.explain, "Print what a rule finds and why, then exit")->type_name("RULE");
  cmd->add_flag("--list-rules", opt.list_rules, "List every rule, then exit");
  return cmd;
}

int run_lint(const lint_options& opt, std::FILE* out, std::FILE* err) {
  if (!opt.explain.empty()) {
    const lint::rule_info* r = lint::find_rule(opt.explain);
    if (r == nullptr) {
      std::fprintf(err, "volpol lint: unknown rule `%s` (`volpol lint --list-rules` lists them)\n", opt.explain.c_str());
      return exit_usage;
    }
    write(lint::render_explanation(*r), out);
    return exit_ok;
  }
  if (opt.list_rules) {
    for (const lint::rule_info& r : lint::all_rules())
      write(fmt::format("{}  {:<28} {:<8} {:<9} {}\n", r.code, r.name, lint::to_string(r.default_level),
                        r.scope == lint::rule_scope::document ? "document" : "cluster", r.summary),
            out);
    return exit_ok;
  }
  const plan_options& po = opt.plan;
  if (po.policy_file.empty() && po.global_policy_file.empty() && po.inputs.empty()) {
    std::fputs("volpol lint: give --policy FILE, --global-policy FILE or -f PATH (or --explain RULE)\n", err);
    return exit_usage;
  }
  lint::rule_selection rules;
  if (!select_rules(opt, rules, err)) return exit_usage;
  const lint::level fail_level = lint::level_from_string(opt.fail_level).value_or(lint::level::warning);

  // The policies, checked exactly as `volpol validate` (and `--global`) checks them.
  lint::lint_input in;
  std::map<std::string, lint::suppressions> comments;
  std::optional<loaded_policy> backup_doc, global_doc;
  bool rejected = false;
  auto take = [&](const std::string& path, policy::policy_use use, std::optional<loaded_policy>& slot) {
    if (path.empty()) return;
    slot = load(path, use);
    for (const diagnostic& d : slot->checked.problems) {
      if (d.level == severity::error) {
        std::fprintf(err, "%s\n", d.to_string().c_str());
        rejected = true;
      } else {
        in.velero_warnings.add(d);
      }
    }
    comments[path] = lint::suppressions::parse(slot->text);
  };
  take(po.policy_file, policy::policy_use::backup, backup_doc);
  take(po.global_policy_file, policy::policy_use::global, global_doc);
  if (rejected) return exit_usage;
  in.backup = backup_doc ? &backup_doc->checked.built : nullptr;
  in.global = global_doc ? &global_doc->checked.built : nullptr;

  // The cluster, planned as `volpol plan` plans it.
  k8s::load_result loaded;
  std::optional<plan::plan_result> planned;
  bool input_errors = false;
  if (!po.inputs.empty()) {
    auto backup = backup_options_from(po);
    if (const diagnostic* e = backup.error()) {
      std::fprintf(err, "error: %s\n", e->to_string().c_str());
      return exit_usage;
    }
    auto server = server_options_from(po);
    if (const diagnostic* e = server.error()) {
      std::fprintf(err, "error: %s\n", e->to_string().c_str());
      return exit_usage;
    }
    k8s::load_options load_opts;
    load_opts.annotations = k8s::annotation_filter::velero;
    loaded = k8s::load_objects(po.inputs, load_opts);
    for (const diagnostic& d : loaded.problems) {
      if (d.level == severity::error) input_errors = true;
      std::fprintf(err, "%s\n", d.to_string().c_str());
    }
    plan::plan_input pin;
    pin.cluster = &loaded.objects;
    pin.backup_policies = in.backup;
    pin.global_policies = in.global;
    pin.backup = backup.value();
    pin.server = server.value();
    auto p = plan::make_plan(pin);
    if (const diagnostic* e = p.error()) {
      std::fprintf(err, "error: %s\n", e->to_string().c_str());
      return exit_usage;
    }
    planned = std::move(p).value();
    in.cluster = &loaded.objects;
    in.plan = &*planned;
    in.backup_options = pin.backup;
    in.server = pin.server;
  }

  std::vector<lint::finding> findings = lint::run_lint(in, rules);
  lint::apply_suppressions(findings, comments);

  if (opt.output == "json") write(lint::render_json(findings), out);
  else if (opt.output == "sarif") write(lint::render_sarif(findings), out);
  else if (opt.output == "github") write(lint::render_github(findings), out);
  else write(lint::render_text(findings), out);

  const bool failing = std::any_of(findings.begin(), findings.end(),
                                   [&](const lint::finding& f) { return lint::at_least(f.severity, fail_level); });
  return failing || input_errors ? exit_findings : exit_ok;
}

}  // namespace volpol::cli
