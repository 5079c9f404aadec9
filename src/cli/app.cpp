// `volpol` command line: wires the subcommands (one file each) to CLI11, and the commands about
// volpol itself (version, help, completion, man).
#include "volpol/cli/app.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>

#include "audit_command.h"
#include "choice_option.h"
#include "coverage_command.h"
#include "diff_command.h"
#include "explain_command.h"
#include "kubectl_grammar.h"
#include "lint_command.h"
#include "plan_command.h"
#include "schema_command.h"
#include "serve_command.h"
#include "shell_help.h"
#include "test_command.h"
#include "validate_command.h"
#include "volpol/cli/version.h"

namespace volpol::cli {

namespace {

void print_version(std::FILE* out) {
  const version_info v = version();
  std::fprintf(out, "volpol %.*s (commit %.*s)\nmirrors Velero (velero-io/velero) at commit %.*s\n",
               static_cast<int>(v.version.size()), v.version.data(), static_cast<int>(v.commit.size()), v.commit.data(),
               static_cast<int>(v.velero_commit.size()), v.velero_commit.data());
}

/// The subcommand the parse reached (for "see `volpol plan --help`"), or nullptr.
const CLI::App* reached_subcommand(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->parsed()) return sub;
  return nullptr;
}

}  // namespace

namespace {

int run_command(const std::vector<std::string>& args, std::FILE* out, std::FILE* err);

}  // namespace

int run(const std::vector<std::string>& args, std::FILE* out, std::FILE* err) {
  const int rc = run_command(args, out, err);
  // Every write to `out` is checked here, once: a write that failed (a full disk, an I/O
  // error) leaves the stream's error flag set, and what was meant to be written is not there.
  // A closed pipe (`| head`) ends the process with SIGPIPE before this, quietly.
  // errno of the failed write when the last call that set it was one (a stale errno of
  // another kind is not named).
  const auto write_errno = [](int e) { return e == ENOSPC || e == EIO || e == EPIPE || e == EFBIG || e == EDQUOT; };
  int e = errno;
  errno = 0;
  if (std::fflush(out) != 0) e = errno;
  else if (std::ferror(out) == 0) return rc;
  if (e == EPIPE) return rc;
  std::fprintf(err, "error: cannot write the output to standard output: %s\n",
               write_errno(e) ? std::strerror(e) : "the write failed");
  return exit_output_failed;
}

namespace {

int run_command(const std::vector<std::string>& args, std::FILE* out, std::FILE* err) {
  CLI::App app{"volpol: predict what a Velero backup does with every volume, and why", "volpol"};
  app.require_subcommand(0, 1);
  use_volpol_help_format(app);  // before the subcommands, which inherit it
  app.set_help_flag("-h,--help", "Print this help");
  bool show_version = false;
  app.add_flag("--version", show_version, "Print volpol's version, commit and the Velero commit it mirrors");

  validate_options validate;
  CLI::App* validate_cmd = setup_validate(app, validate);
  plan_options plan;
  CLI::App* plan_cmd = setup_plan(app, plan);
  explain_options explain;
  CLI::App* explain_cmd = setup_explain(app, explain);
  lint_options lint;
  CLI::App* lint_cmd = setup_lint(app, lint);
  test_options test;
  CLI::App* test_cmd = setup_test(app, test);
  diff_options diff;
  CLI::App* diff_cmd = setup_diff(app, diff);
  audit_options audit;
  CLI::App* audit_cmd = setup_audit(app, audit);
  coverage_options coverage;
  CLI::App* coverage_cmd = setup_coverage(app, coverage);
  serve_command_options serve;
  CLI::App* serve_cmd = setup_serve(app, serve);
  std::string schema_version;
  CLI::App* schema_cmd = setup_schema(app, schema_version);

  CLI::App* version_cmd = app.add_subcommand("version",
                                             "Print volpol's version, commit and the Velero commit it mirrors");
  std::string help_topic;
  CLI::App* help_cmd = app.add_subcommand("help", "Print the help of volpol or of one command");
  help_cmd->add_option(
      "COMMAND", help_topic,
      "plan, explain, coverage, lint, validate, test, diff, audit, serve, schema, completion, version");
  std::string shell;
  CLI::App* completion_cmd = app.add_subcommand("completion", "Print a shell completion script (bash, zsh or fish)");
  add_choice_option(completion_cmd, "SHELL", shell, {"bash", "zsh", "fish"}, "bash, zsh or fish")->required();
  completion_cmd->footer(
      "  bash: source <(volpol completion bash)   (or save it in /etc/bash_completion.d/volpol)\n"
      "  zsh:  volpol completion zsh > \"${fpath[1]}/_volpol\"\n"
      "  fish: volpol completion fish > ~/.config/fish/completions/volpol.fish");
  std::string man_topic;
  CLI::App* man_cmd = app.add_subcommand("man", "Print a man page (roff) for volpol or one command");
  man_cmd->group("");  // hidden: the build installs its output
  man_cmd->add_option("COMMAND", man_topic, "plan, validate, ...");

  // After the subcommands, which would inherit it.
  app.footer(
      "Run `volpol help COMMAND` or `volpol COMMAND --help` for a command's options.\n"
      "Exit codes: 0 clean; 1 findings (volumes with errors, invalid policies); 2 bad usage or an\n"
      "invalid policy given to plan; 3 input that cannot be read or holds no objects; 4 the output\n"
      "could not be written.");

  take_one_value_per_flag(app);
  normalized_args given = normalize_args(app, args);
  if (!given.error.empty()) {
    std::fprintf(err, "error: %s\n", given.error.c_str());
    if (!given.help.empty()) std::fprintf(err, "  help: %s\n", given.help.c_str());
    std::fprintf(err, "see `volpol %s--help`\n", given.command.empty() ? "" : (given.command + " ").c_str());
    return exit_usage;
  }
  std::vector<std::string> rev(given.args.rbegin(), given.args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help
      std::fputs(app.help().c_str(), out);
      return exit_ok;
    }
    const CLI::App* sub = reached_subcommand(app);
    report_parse_error(e, sub ? sub->get_name() : given.command, err);
    return exit_usage;
  }
  if (show_version || version_cmd->parsed()) {
    print_version(out);
    return exit_ok;
  }
  if (validate_cmd->parsed()) return run_validate(validate, out, err);
  if (plan_cmd->parsed()) return run_plan(plan, out, err);
  if (explain_cmd->parsed()) return run_explain(explain, out, err);
  if (lint_cmd->parsed()) return run_lint(lint, out, err);
  if (test_cmd->parsed()) return run_test_command(test, out, err);
  if (diff_cmd->parsed()) return run_diff(diff, out, err);
  if (audit_cmd->parsed()) return run_audit(audit, out, err);
  if (coverage_cmd->parsed()) return run_coverage(coverage, out, err);
  if (serve_cmd->parsed()) return run_serve(serve, args, err);
  if (schema_cmd->parsed()) return run_schema(schema_version, out);
  if (completion_cmd->parsed()) {
    const std::string script = completion_script(app, shell);
    std::fwrite(script.data(), 1, script.size(), out);
    return exit_ok;
  }
  if (help_cmd->parsed() || man_cmd->parsed()) {
    const std::string& topic = help_cmd->parsed() ? help_topic : man_topic;
    const CLI::App* target = &app;
    if (!topic.empty()) {
      try {
        target = app.get_subcommand(topic);
      } catch (const CLI::OptionNotFound&) {
        target = nullptr;
      }
      if (target == nullptr || target->get_group().empty()) {
        std::fprintf(
            err,
            "error: no command `%s`: the commands are plan, explain, coverage, lint, validate, test, diff, audit, "
            "serve, schema, completion, version, help\n",
            topic.c_str());
        std::fputs("see `volpol --help`\n", err);
        return exit_usage;
      }
    }
    // app.help() would print `help`'s own help: CLI11 hands it to the command parsed.
    const std::string text = help_cmd->parsed()
                                 ? (target == &app ? app.get_formatter()->make_help(&app, app.get_name(),
                                                                                    CLI::AppFormatMode::Normal)
                                                   : target->help("volpol"))
                                 : man_page(app, target == &app ? nullptr : target);
    std::fputs(text.c_str(), out);
    return exit_ok;
  }
  // No command: the overview (as kubectl and velero do).
  std::fputs(app.help().c_str(), out);
  return exit_ok;
}

}  // namespace

}  // namespace volpol::cli
