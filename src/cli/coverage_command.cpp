// `volpol coverage` (see coverage_command.h).
#include "coverage_command.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <ctime>

#include "capped_problems.h"
#include "choice_option.h"
#include "input_limit_flags.h"
#include "output_format.h"
#include "phase_timings.h"
#include "terminal.h"
#include "velero_version_flag.h"
#include "volpol/cli/app.h"
#include "volpol/plan/coverage.h"
#include "volpol/plan/html_report.h"

namespace volpol::cli {

namespace {

/// What `volpol coverage` writes: the coverage, and the flags that shape the table.
struct coverage_output {
  const plan::coverage_result& coverage;
  const plan_options& opt;
};

void write_coverage_table(const coverage_output& o, std::FILE* out) {
  plan::coverage_table_options table;
  table.wide = o.opt.output == name_of(output_format::wide);
  table.no_headers = o.opt.no_headers;
  const std::string text = plan::render_coverage_table(o.coverage, table);
  write_text(text, out);
}

/// `volpol coverage -o`: the formats, the first the default.
constexpr format_writer<coverage_output> coverage_writers[] = {
    {output_format::table, write_coverage_table},
    {output_format::wide, write_coverage_table},
    {output_format::json, [](const coverage_output& o, std::FILE* out) { plan::write_coverage_json(o.coverage, out); }},
    {output_format::yaml, [](const coverage_output& o, std::FILE* out) { plan::write_coverage_yaml(o.coverage, out); }},
    {output_format::html,
     [](const coverage_output& o, std::FILE* out) { plan::write_html(plan::coverage_html(o.coverage), out); }},
    {output_format::prometheus,
     [](const coverage_output& o, std::FILE* out) {
       const std::string text = plan::coverage_prometheus_text(o.coverage);
       write_text(text, out);
     }},
};

}  // namespace

CLI::App* setup_coverage(CLI::App& app, coverage_options& opt) {
  CLI::App* cmd = app.add_subcommand(
      "coverage",
      "Plan every Schedule of the Velero namespace: which volumes each backs up and how, and which none does");
  plan_options& p = opt.plan;
  p.command = "coverage";
  cmd->add_option("-f,--filename", p.inputs,
                  "Cluster objects with the Schedules, their policy ConfigMaps and (optionally) Backups: files, "
                  "folders, - (stdin), or a Velero backup; or --cluster")
      ->delimiter(',');
  cmd->add_option("--global-policy", p.global_policy_file,
                  "The server's global volume policy: a document or its ConfigMap (applies after each Schedule's)");
  cmd->add_flag("--include-backups", opt.include_backups,
                "Also plan the Backups of the Velero namespace that no Schedule created");
  cmd->add_option("--default-backup-ttl", opt.default_backup_ttl,
                  "The server's --default-backup-ttl: a Schedule without ttl keeps its Backups this long")
      ->type_name("DURATION")
      ->default_str("720h0m0s");
  cmd->add_option("--features", p.features,
                  "Velero server feature flags (default EnableCSI; --features= or --features=none for none)")
      ->expected(0, 1);
  cmd->add_option("--volume-snapshot-locations", p.volume_snapshot_locations,
                  "Volume snapshot locations as NAME=PROVIDER (aws, gcp, azure ...), beside the "
                  "VolumeSnapshotLocation objects in the inputs")
      ->delimiter(',')
      ->type_name("LIST");
  cmd->add_option("--default-volume-snapshot-locations", p.default_volume_snapshot_locations,
                  "The Velero server's default location per provider, as its flag takes it (aws:vsl-west,gcp:gcp-1)");
  add_velero_version_flag(cmd, p.velero_version, /*reads_cluster=*/true);
  add_input_limit_flags(cmd, p.limits);
  cmd->add_option("--threads", p.threads, "Threads that parse a large input and help each plan (0: one per core)")
      ->check(CLI::Range(0u, 256u))
      ->type_name("N")
      ->capture_default_str();
  add_cluster_flags(cmd, p.cluster);
  // Each Schedule names its own policy; the Backup and Schedule are all of them.
  for (const char* name : {"--resource-policies-configmap", "--from-backup", "--from-schedule"})
    cmd->remove_option(cmd->get_option(name));
  add_output_option(cmd, p.output, coverage_writers);
  cmd->add_flag("--no-headers", p.no_headers, "Table rows only: no header row, Schedules, summary or problems");
  add_color_flag(cmd, p.color);
  add_choice_option(cmd, "--fail-on", opt.fail_on, {"unprotected"}, "Exit 1 when any volume is so: unprotected")
      ->delimiter(',')
      ->type_name("LIST");
  return cmd;
}

int run_coverage(const coverage_options& opt, std::FILE* out, std::FILE* err) {
  auto ttl = plan::parse_go_duration(opt.default_backup_ttl);
  if (const diagnostic* e = ttl.error()) {
    std::fprintf(err, "error: --default-backup-ttl: %s\n  help: a Go duration: 720h0m0s, 168h, 24h\n",
                 e->message.c_str());
    std::fputs("see `volpol coverage --help`\n", err);
    return exit_usage;
  }
  plan_options p = opt.plan;
  p.inputs_only = true;
  p.cluster.velero_objects = true;
  prepare_outcome prepared = prepare_plan(p, /*trace=*/false, err);
  if (!prepared.plan) return prepared.exit;
  const prepared_plan& pp = *prepared.plan;
  plan::coverage_input in;
  in.cluster = pp.input.cluster;
  in.global_policies = pp.input.global_policies;
  in.server = pp.input.server;
  in.velero_namespace = p.cluster.velero_namespace;
  in.include_backups = opt.include_backups;
  in.default_backup_ttl = *ttl;
  in.threads = p.threads;
  // Now, as Kubernetes writes times (RFC 3339, UTC), for the Backups' status.expiration.
  {
    const std::time_t t = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char text[32];
    if (std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc) > 0) in.now = text;
  }
  plan::coverage_result c;
  {
    const phase_timing timing("plan");
    c = plan::make_coverage(in);
  }
  // Each problem once, on stderr; the table lists them again after the summary, as the JSON does.
  {
    capped_problems shown(err);
    for (const diagnostic& d : c.problems) shown.write(d);
  }
  const phase_timing timing("output");
  write_output(coverage_writers, p.output, coverage_output{c, p}, out);
  if (pp.unreadable_input) return exit_unreadable;
  int exit = pp.input_errors || c.problems.has_errors() ? exit_input_errors : exit_ok;
  if (!opt.fail_on.empty() && !c.unprotected.empty()) {
    std::fprintf(err, "--fail-on unprotected: %zu volume%s no Schedule protects:\n", c.unprotected.size(),
                 c.unprotected.size() == 1 ? "" : "s");
    for (std::size_t i : c.unprotected)
      std::fprintf(err, "  %s: %s\n", escape_text(c.volumes[i].volume).c_str(),
                   escape_text(plan::why_text(c.volumes[i], c)).c_str());
    exit = exit_input_errors;
  }
  return exit;
}

}  // namespace volpol::cli
