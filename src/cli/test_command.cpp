// `volpol test [PATH...] [-o text|json|junit] [--update]` (see test_command.h).
#include "test_command.h"

#include "velero_version_flag.h"

#include <CLI/CLI.hpp>

#include "output_format.h"
#include "readable_file.h"
#include "terminal.h"

#include "volpol/cli/app.h"
#include "volpol/verify/test_suite.h"

namespace volpol::cli {

namespace {

/// What `volpol test` writes: the suite's results.
struct test_output {
  const verify::run_summary& suite;
  const test_options& opt;
};

/// `volpol test -o`: the formats, the first the default.
constexpr format_writer<test_output> test_writers[] = {
    {output_format::text,
     [](const test_output& o, std::FILE* out) {
       static constexpr color_rule outcomes[] = {{"FAIL ", 0, 4, color::red, true},
                                                 {"PASS ", 0, 4, color::green, true},
                                                 {"    - ", 4, 1, color::red, true},
                                                 {"    + ", 4, 1, color::green, true}};
       write_colorized(verify::render_test_text(o.suite), outcomes, o.opt.color, out);
     }},
    {output_format::json,
     [](const test_output& o, std::FILE* out) { write_text(verify::render_test_json(o.suite), out); }},
    {output_format::junit,
     [](const test_output& o, std::FILE* out) { write_text(verify::render_test_junit(o.suite), out); }},
};

}  // namespace

CLI::App* setup_test(CLI::App& app, test_options& opt) {
  CLI::App* cmd = app.add_subcommand("test", "Run policy tests: what the plan must do with each volume");
  cmd->add_option("PATH", opt.paths, "Test files, or folders searched for volpol-test.yaml / *.volpol-test.yaml");
  add_output_option(cmd, opt.output, test_writers);
  cmd->add_flag("--update", opt.update, "Write what the plan says now as the tests' expectations");
  add_color_flag(cmd, opt.color);
  add_velero_version_flag(cmd, opt.velero_version, /*reads_cluster=*/true);
  return cmd;
}

int run_test_command(const test_options& opt, std::FILE* out, std::FILE* err) {
  const std::vector<std::string> paths = opt.paths.empty() ? std::vector<std::string>{"."} : opt.paths;
  for (const std::string& p : paths) {
    if (p.empty()) {
      std::fputs("error: an empty PATH\nsee `volpol test --help`\n", err);
      return static_cast<int>(exit_code::invalid_usage);
    }
    if (!readable_file("", p, err, /*folder_ok=*/true)) return static_cast<int>(exit_code::unreadable_input);
  }
  std::vector<verify::test_file> files;
  const verify::run_summary s = verify::run_tests(paths, files, velero_version_of_flag(opt.velero_version));
  if (opt.update) {
    diagnostics problems;
    const std::vector<std::string> written = verify::update_test_files(s, files, problems);
    for (const std::string& w : written) std::fprintf(out, "updated %s\n", w.c_str());
    for (const diagnostic& d : s.problems) std::fprintf(err, "%s\n", d.to_string().c_str());
    for (const diagnostic& d : problems) std::fprintf(err, "%s\n", d.to_string().c_str());
    const bool ok = problems.empty() && s.problems.empty();
    return ok ? static_cast<int>(exit_code::ok) : static_cast<int>(exit_code::input_errors);
  }
  write_output(test_writers, opt.output, test_output{s, opt}, out);
  return s.failed > 0 ? static_cast<int>(exit_code::input_errors) : static_cast<int>(exit_code::ok);
}

}  // namespace volpol::cli
