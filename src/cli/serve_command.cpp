// `volpol serve` (see serve_command.h): flags to serve::server_options, then serve::run in
// volpol-serve.
#include "serve_command.h"

#include "velero_version_flag.h"

#include <unistd.h>
#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>

#include "volpol/cli/app.h"
#include "volpol/lint/linter.h"
#include "volpol/plan/coverage.h"

namespace volpol::cli {

namespace {

/// The webhook's linter: lint::lint_document with `rules`, each finding a warning diagnostic
/// whose message starts with the rule (`VP110 unreachable-policy: ...`), positions inside the
/// document. Safe from several threads: `rules` is shared read-only.
serve::lint_function document_linter(std::shared_ptr<const lint::rule_selection> rules) {
  return [rules = std::move(rules)](std::string_view document, const policy::text_origin& origin,
                                    policy::policy_use use, const policy::policies& built) {
    diagnostics out;
    for (const lint::finding& f : lint::lint_document(document, use, built, *rules)) {
      const lint::rule_info& r = lint::info(f.rule);
      diagnostic d;
      d.level = severity::warning;
      d.where.line = f.line;
      d.where.column = f.column;
      d.where.path = f.path;
      d.object = origin.object;
      d.message = fmt::format("{} {}: {}", r.code, r.name, f.message);
      d.help = f.help;
      out.add(std::move(d));
    }
    return out;
  };
}

/// --lint-disable, as `volpol lint --disable` reads it. @return false (message on `err`) for an
/// unknown rule.
bool select_rules(const std::vector<std::string>& names, lint::rule_selection& rules, std::FILE* err) {
  for (const std::string& n : names) {
    if (n == "all") {
      rules.disable_all();
      continue;
    }
    const lint::rule_info* r = lint::find_rule(n);
    if (r == nullptr) {
      std::fprintf(err, "error: unknown lint rule `%s`\n  help: `volpol lint --list-rules` lists them\n", n.c_str());
      return false;
    }
    rules.disable(r->id);
  }
  return true;
}

/// A finite number of seconds up to `max`, more than 0 (or 0 too, with `zero_ok`): CLI11's
/// PositiveNumber and Range let NaN through (every comparison with NaN is false), and a huge
/// value overflows the milliseconds the server counts in.
CLI::Validator seconds_up_to(double max, bool zero_ok) {
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        double v = 0;
        if (!CLI::detail::lexical_cast(text, v) || !std::isfinite(v))
          return fmt::format("`{}` is not a number of seconds", text);
        if (v < 0 || (v == 0 && !zero_ok) || v > max)
          return zero_ok ? fmt::format("{} seconds: must be from 0 to {}", text, max)
                         : fmt::format("{} seconds: must be more than 0 and at most {}", text, max);
        return {};
      },
      fmt::format("SECONDS in {}0, {}]", zero_ok ? "[" : "(", max));
}

/// Replaces this process with `volpol-serve` and `args`: the program beside this one
/// (/proc/self/exe's folder); only when there is none there, the first on PATH (a volpol-serve
/// beside that cannot run is an error, not a reason to run another build's). @return only when
/// it cannot run: 1, with the reason on `err`.
int exec_volpol_serve(const std::vector<std::string>& args, std::FILE* err) {
  constexpr const char* program = "volpol-serve";
  std::vector<char*> argv;
  argv.reserve(args.size() + 2);
  argv.push_back(const_cast<char*>(program));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::fflush(stdout);
  std::fflush(err);

  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::string beside = ec ? std::string() : (self.parent_path() / program).string();
  if (!beside.empty()) {
    ::execv(beside.c_str(), argv.data());
    if (errno != ENOENT) {
      std::fprintf(err, "error: cannot run %s: %s\n", beside.c_str(), std::strerror(errno));
      return static_cast<int>(exit_code::input_errors);
    }
  }
  ::execvp(program, argv.data());
  const int path_errno = errno;
  if (!beside.empty())
    std::fprintf(err, "error: cannot run %s: %s; nor %s from PATH: %s\n", beside.c_str(), std::strerror(ENOENT),
                 program, std::strerror(path_errno));
  else std::fprintf(err, "error: cannot run %s from PATH: %s\n", program, std::strerror(path_errno));
  std::fprintf(err,
               "  help: the webhook server is the volpol-serve program, built and installed beside volpol "
               "(cmake --build BUILD --target volpol-serve)\n");
  return static_cast<int>(exit_code::input_errors);
}

}  // namespace

CLI::App* setup_serve(CLI::App& app, serve_command_options& opt) {
  CLI::App* cmd = app.add_subcommand(
      "serve", "validating admission webhook: reject broken resource policy ConfigMaps at apply time");
  serve::server_options& s = opt.server;
  cmd->add_option("--tls-cert", s.tls_cert, "PEM certificate (and chain) to serve; reloaded when it changes")
      ->required();
  cmd->add_option("--tls-key", s.tls_key, "PEM private key; reloaded when it changes")->required();
  cmd->add_option("--address", s.address, "host:port to listen on (:PORT = every interface)")->capture_default_str();
  cmd->add_flag("--deny-warnings", s.review.deny_warnings,
                "deny policies that have warnings instead of passing the warnings to kubectl");
  cmd->add_option("--workers", s.workers,
                  "threads deciding requests (each gets a request read whole; slow clients hold none)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--queue", s.queue, "whole requests waiting for a worker")
      ->capture_default_str()
      ->check(CLI::Range(1, 65536));
  cmd->add_option("--max-connections", s.max_connections,
                  "connections open at once (at the limit, the longest waiting without a request closes)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000}));
  cmd->add_option("--max-connections-per-client", s.max_connections_per_client,
                  "connections open at once from one client address")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000}));
  cmd->add_option("--header-timeout", opt.header_timeout_s,
                  "seconds from accept to a request's headers (TLS handshake included)")
      ->capture_default_str()
      ->check(seconds_up_to(3600, false));
  cmd->add_option("--request-timeout", opt.request_timeout_s, "seconds from accept to the whole request")
      ->capture_default_str()
      ->check(seconds_up_to(3600, false));
  cmd->add_option("--read-timeout", opt.read_timeout_s,
                  "seconds without a byte while a request comes in; time limit to write an answer")
      ->capture_default_str()
      ->check(seconds_up_to(3600, false));
  cmd->add_option("--keep-alive-timeout", opt.keep_alive_timeout_s, "seconds a connection may idle between requests")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->add_option("--shutdown-delay", opt.shutdown_delay_s,
                  "seconds between SIGTERM and closing the listener (not ready, still serving)")
      ->capture_default_str()
      ->check(seconds_up_to(3600, true));
  cmd->add_option("--cert-reload-interval", opt.reload_interval_s, "seconds between checks of the certificate files")
      ->capture_default_str()
      ->check(seconds_up_to(86400, false));
  cmd->add_flag("--no-lint", opt.no_lint, "validate only: no lint findings in the responses");
  cmd->add_option("--lint-disable", opt.lint_disable, "lint rules to turn off (codes, names or all)")
      ->delimiter(',')
      ->type_name("RULE");
  // The policy document's limits, with the names `validate` and the diagnostics' help use.
  const char* group = "Policy limits";
  cmd->add_option("--max-depth", s.review.limits.max_depth, "Deepest nesting of mappings and sequences in a policy")
      ->capture_default_str()
      ->check(CLI::Range(1U, 100000U))
      ->group(group);
  cmd->add_option("--max-yaml-nodes", s.review.limits.max_yaml_nodes,
                  "Most nodes in one policy document, aliases counted expanded")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}))
      ->group(group);
  cmd->add_option("--max-volume-policies", s.review.limits.max_volume_policies, "Most volume policies in one policy")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{10'000'000}))
      ->group(group);
  cmd->add_flag("--log-allowed", s.log_allowed, "log every allowed request (denials, warnings and errors always are)");
  add_velero_version_flag(cmd, opt.velero_version);
  // Coverage metrics: `volpol coverage --cluster -o prometheus` every --coverage-interval.
  const char* coverage = "Coverage metrics (volpol coverage --cluster, on /metrics)";
  cluster_flags& cf = opt.coverage.plan.cluster;
  cmd->add_option("--coverage-interval", opt.coverage_interval,
                  "Re-plan every Schedule through kubectl this often (a Go duration: 15m, 1h) and serve "
                  "volpol_volume_protected and volpol_unprotected_volumes on /metrics (default: off)")
      ->type_name("DURATION")
      ->group(coverage);
  // What `volpol coverage --cluster` takes, less what names one Backup (and --cluster itself).
  add_cluster_flags(cmd, cf);
  for (const char* name : {"--cluster", "--resource-policies-configmap", "--from-backup", "--from-schedule"})
    cmd->remove_option(cmd->get_option(name));
  cmd->add_flag("--include-backups", opt.coverage.include_backups, "Also plan the Backups no Schedule created")
      ->group(coverage);
  cmd->add_option("--default-backup-ttl", opt.coverage.default_backup_ttl, "The server's --default-backup-ttl")
      ->type_name("DURATION")
      ->default_str("720h0m0s")
      ->group(coverage);
  return cmd;
}

namespace {

/// server_options::coverage: `volpol coverage --cluster -o prometheus`, its output captured.
result<std::string> coverage_text(const coverage_options& opt) {
  char *out_data = nullptr, *err_data = nullptr;
  std::size_t out_size = 0, err_size = 0;
  std::FILE* out = open_memstream(&out_data, &out_size);
  std::FILE* err = open_memstream(&err_data, &err_size);
  if (out == nullptr || err == nullptr) {
    if (out) std::fclose(out);
    if (err) std::fclose(err);
    return make_error("cannot capture the coverage output");
  }
  const int rc = run_coverage(opt, out, err);
  std::fclose(out);
  std::fclose(err);
  std::string text(out_data, out_size), problems(err_data, err_size);
  std::free(out_data);
  std::free(err_data);
  // Exit 1 is a plan with problems (a Schedule's missing policy ...): its metrics still hold.
  if (rc == static_cast<int>(exit_code::ok) || rc == static_cast<int>(exit_code::input_errors)) return text;
  while (!problems.empty() && problems.back() == '\n') problems.pop_back();
  return make_error(problems.empty() ? fmt::format("volpol coverage exited with {}", rc) : problems);
}

}  // namespace

int run_serve(serve_command_options& opt, const std::vector<std::string>& args, std::FILE* err) {
  if (serve_in_process == nullptr) return exec_volpol_serve(args, err);
  const auto ms = [](double seconds) { return std::chrono::milliseconds(static_cast<long long>(seconds * 1000)); };
  serve::server_options s = opt.server;
  s.request_timeout = ms(opt.request_timeout_s);
  s.header_timeout = ms(opt.header_timeout_s);
  s.read_timeout = ms(opt.read_timeout_s);
  s.shutdown_delay = ms(opt.shutdown_delay_s);
  s.reload_interval = ms(opt.reload_interval_s);
  s.keep_alive_timeout = std::chrono::seconds(opt.keep_alive_timeout_s);
  s.log = err;
  s.review.velero = velero_version_of_flag(opt.velero_version).value_or(default_velero_version);
  if (!opt.no_lint) {
    auto rules = std::make_shared<lint::rule_selection>();
    if (!select_rules(opt.lint_disable, *rules, err)) return static_cast<int>(exit_code::invalid_usage);
    s.review.lint = document_linter(std::move(rules));
  }
  // The coverage flags do nothing without the interval: say so rather than start without it.
  const cluster_flags& cf = opt.coverage.plan.cluster;
  const bool coverage_flags = opt.coverage.include_backups || opt.coverage.default_backup_ttl != "720h0m0s" ||
                              !cf.context.empty() || !cf.kubeconfig.empty() || cf.kubectl != "kubectl" ||
                              cf.velero_namespace != "velero" || !cf.global_policies_configmap.empty() ||
                              cf.chunk_size != 500;
  if (coverage_flags && opt.coverage_interval.empty()) {
    std::fputs(
        "error: the coverage flags (--include-backups, --default-backup-ttl, --context, --kubeconfig, "
        "--kubectl, --velero-namespace, --global-backup-volume-policies-configmap, --chunk-size) need "
        "--coverage-interval\nsee `volpol serve --help`\n",
        err);
    return static_cast<int>(exit_code::invalid_usage);
  }
  if (!opt.coverage_interval.empty()) {
    auto interval = plan::parse_go_duration(opt.coverage_interval);
    // Below a second rounds to 0, which turns coverage off: refused rather than done quietly.
    const std::string& given = opt.coverage_interval;
    if (interval.ok() && *interval == 0 &&
        std::any_of(given.begin(), given.end(), [](char ch) { return ch >= '1' && ch <= '9'; }))
      interval = make_error(fmt::format("`{}` is below a second (0 turns coverage off)", escape_text(given)));
    // A year at most: a longer wait overflows the clock's nanoseconds (and re-plans at once).
    if (interval.ok() && *interval > std::int64_t{8760} * 3600)
      interval = make_error(fmt::format("`{}` is longer than a year (8760h)", escape_text(given)));
    auto ttl = plan::parse_go_duration(opt.coverage.default_backup_ttl);
    if (!interval.ok() || *interval < 0 || !ttl.ok()) {
      std::fprintf(err, "error: %s: %s\n  help: a Go duration: 15m, 1h, 24h\nsee `volpol serve --help`\n",
                   interval.ok() && *interval >= 0 ? "--default-backup-ttl" : "--coverage-interval",
                   !interval.ok()  ? interval.error()->message.c_str()
                   : *interval < 0 ? "a negative interval"
                                   : ttl.error()->message.c_str());
      return static_cast<int>(exit_code::invalid_usage);
    }
    if (*interval > 0) {
      coverage_options c = opt.coverage;
      c.plan.cluster.cluster = true;
      c.plan.output = "prometheus";
      c.plan.command = "serve";
      c.plan.velero_version = opt.velero_version;
      s.coverage_interval = std::chrono::seconds(*interval);
      s.coverage = [c] { return coverage_text(c); };
    }
  }
  return serve_in_process(std::move(s)) == 0 ? static_cast<int>(exit_code::ok)
                                             : static_cast<int>(exit_code::input_errors);
}

}  // namespace volpol::cli
