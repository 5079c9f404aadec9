// `volpol lint` (see lint_command.h).
#include "lint_command.h"

#include "velero_version_flag.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "choice_option.h"
#include "output_format.h"
#include "readable_file.h"
#include "terminal.h"
#include "volpol/cli/app.h"
#include "volpol/detail/lint/output.h"
#include "volpol/detail/lint/suppression.h"
#include "volpol/detail/text_file.h"
#include "volpol/k8s/loader.h"
#include "volpol/lint/linter.h"
#include "volpol/plan/planner.h"
#include "volpol/policy/backup_policies.h"

namespace volpol::cli {

namespace {

constexpr int exit_findings = exit_input_errors;

/// The `# volpol:ignore` comments of a policy file (none for standard input, read once by the
/// policy loader, or for a file that cannot be read: the loader reports that).
lint::suppressions comments_of(const std::string& path) {
  if (path == "-") return {};
  const result<std::string> text = read_text_file(path, k8s::input_limits{}.max_object_bytes);
  if (!text.ok()) return {};  // the policy loader says why
  return lint::suppressions::parse(text.value());
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
        std::fprintf(err,
                     "error: unknown rule `%s`\n  help: rules are codes like VP110 or names like "
                     "unreachable-policy; `volpol lint --list-rules` lists them\n",
                     n.c_str());
        return false;
      }
      on ? sel.enable(r->id) : sel.disable(r->id);
    }
    return true;
  };
  return apply(opt.disable, false) && apply(opt.enable, true);
}

/// What `volpol lint` writes: the findings, for the release they were checked for.
struct lint_output {
  const std::vector<lint::finding>& findings;
  velero_version release;
  const lint_options& opt;
};

/// `volpol lint -o`: the formats, the first the default.
constexpr format_writer<lint_output> lint_writers[] = {
    {output_format::text,
     [](const lint_output& o, std::FILE* out) {
       static constexpr color_rule levels[] = {{": error VP", 2, 5, color::red, false},
                                               {": warning VP", 2, 7, color::yellow, false},
                                               {": info VP", 2, 4, color::cyan, false},
                                               {"error VP", 0, 5, color::red, true},
                                               {"warning VP", 0, 7, color::yellow, true},
                                               {"info VP", 0, 4, color::cyan, true}};
       write_colorized(lint::render_text(o.findings), levels, o.opt.color, out);
     }},
    {output_format::json,
     [](const lint_output& o, std::FILE* out) { write_text(lint::render_json(o.findings, o.release), out); }},
    {output_format::sarif,
     [](const lint_output& o, std::FILE* out) { write_text(lint::render_sarif(o.findings, o.release), out); }},
    {output_format::github,
     [](const lint_output& o, std::FILE* out) { write_text(lint::render_github(o.findings), out); }},
};

}  // namespace

CLI::App* setup_lint(CLI::App& app, lint_options& opt) {
  CLI::App* cmd = app.add_subcommand("lint", "Check that policies do what you meant (with -f: against a cluster)");
  add_plan_input_flags(cmd, opt.plan);
  opt.plan.command = "lint";
  add_output_option(cmd, opt.output, lint_writers);
  add_choice_option(cmd, "--fail-level", opt.fail_level, {"error", "warning", "info"},
                    "Exit 1 when a finding is at least this severe")
      ->default_str("warning");
  cmd->add_option("--disable", opt.disable, "Rules to turn off (codes, names or all)")
      ->delimiter(',')
      ->type_name("RULE");
  cmd->add_option("--enable", opt.enable, "Rules to turn on again, after --disable")->delimiter(',')->type_name("RULE");
  cmd->add_option("--explain", opt.explain, "Print what a rule finds and why, then exit")->type_name("RULE");
  cmd->add_flag("--list-rules", opt.list_rules, "List every rule, then exit");
  add_color_flag(cmd, opt.color);
  return cmd;
}

int run_lint(const lint_options& opt, std::FILE* out, std::FILE* err) {
  if (!opt.explain.empty()) {
    const lint::rule_info* r = lint::find_rule(opt.explain);
    if (r == nullptr) {
      std::fprintf(err, "error: unknown rule `%s`\n  help: `volpol lint --list-rules` lists them\n",
                   opt.explain.c_str());
      return exit_usage;
    }
    write_text(lint::render_explanation(*r), out);
    return exit_ok;
  }
  if (opt.list_rules) {
    for (const lint::rule_info& r : lint::all_rules())
      write_text(fmt::format("{}  {:<28} {:<8} {:<9} {}\n", r.code, r.name, lint::to_string(r.default_level),
                             r.scope == lint::rule_scope::document ? "document" : "cluster", r.summary),
                 out);
    return exit_ok;
  }
  const plan_options& po = opt.plan;
  if (po.policy_file.empty() && po.global_policy_file.empty() && po.inputs.empty() && !po.cluster.cluster) {
    std::fputs(
        "error: give --policy FILE, --global-policy FILE or -f PATH (or --explain RULE)\n"
        "see `volpol lint --help`\n",
        err);
    return exit_usage;
  }
  if (!readable_file("--policy", po.policy_file, err) || !readable_file("--global-policy", po.global_policy_file, err))
    return exit_unreadable;
  lint::rule_selection rules;
  if (!select_rules(opt, rules, err)) return exit_usage;
  const lint::level fail_level = lint::level_from_string(opt.fail_level).value_or(lint::level::warning);

  // The policies, loaded as every command loads them (and, with -f, the cluster planned as
  // `volpol plan` plans it, every step kept).
  lint::lint_input in;
  std::map<std::string, lint::suppressions> comments;
  for (const std::string& path : {po.policy_file, po.global_policy_file})
    if (!path.empty()) comments[path] = comments_of(path);
  std::optional<policy::loaded_policies> policies_only;
  std::unique_ptr<prepared_plan> planned;
  const policy::loaded_policies* policies = nullptr;
  if (po.inputs.empty() && !po.cluster.cluster) {
    policy::backup_policy_files files{.policy_file = po.policy_file, .global_policy_file = po.global_policy_file};
    files.limits = po.limits;
    files.version = velero_version_of_flag(po.velero_version).value_or(default_velero_version);
    policies_only = policy::load_backup_policies(files);
    if (!policies_only->ok()) {
      for (const diagnostic& d : policies_only->problems) std::fprintf(err, "%s\n", d.to_string().c_str());
      return exit_usage;
    }
    policies = &*policies_only;
  } else {
    prepare_outcome prepared = prepare_plan(po, /*trace=*/true, err, /*policy_warnings_to_err=*/false);
    if (!prepared.plan) return prepared.exit;
    planned = std::move(prepared.plan);
    policies = &planned->policies;
    in.cluster = &planned->loaded.objects;
    in.plan = &planned->result;
    in.backup_options = planned->input.backup;
    in.server = planned->input.server;
  }
  in.backup = policies->backup ? &*policies->backup : nullptr;
  in.global = policies->global ? &*policies->global : nullptr;
  for (const diagnostic& d : policies->problems) in.velero_warnings.add(d);
  const bool input_errors = planned && planned->input_errors;

  std::vector<lint::finding> findings = lint::run_lint(in, rules);
  lint::apply_suppressions(findings, comments);

  const velero_version release = planned ? planned->result.server.velero.version
                                         : velero_version_of_flag(po.velero_version).value_or(default_velero_version);
  write_output(lint_writers, opt.output, lint_output{findings, release, opt}, out);

  const bool failing = std::any_of(findings.begin(), findings.end(),
                                   [&](const lint::finding& f) { return lint::at_least(f.severity, fail_level); });
  return failing || input_errors ? exit_findings : exit_ok;
}

}  // namespace volpol::cli
