// `volpol serve` (see serve_command.h): flags to serve::server_options, then serve::run.
#include "volpol/cli/serve_command.h"

#include <CLI/CLI.hpp>

#include <chrono>

#include "volpol/cli/app.h"

namespace volpol::cli {

CLI::App* setup_serve(CLI::App& app, serve_command_options& opt) {
  CLI::App* cmd = app.add_subcommand("serve", "validating admission webhook: reject broken resource policy ConfigMaps at apply time");
  serve::server_options& s = opt.server;
  cmd->add_option("--tls-cert", s.tls_cert, "PEM certificate (and chain) to serve; reloaded when it changes")->required();
  cmd->add_option("--tls-key", s.tls_key, "PEM private key; reloaded when it changes")->required();
  cmd->add_option("--address", s.address, "host:port to listen on (:PORT = every interface)")->capture_default_str();
  cmd->add_flag("--deny-warnings", s.review.deny_warnings,
                "deny policies that have warnings instead of passing the warnings to kubectl");
  cmd->add_option("--workers", s.workers, "threads serving connections (one per open connection, keep-alive ones included)")->capture_default_str()->check(CLI::Range(1, 1024));
  cmd->add_option("--queue", s.queue, "accepted connections waiting for a worker")->capture_default_str()->check(CLI::Range(1, 65536));
  cmd->add_option("--request-timeout", opt.request_timeout_s, "seconds: time limit for one request")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--read-timeout", opt.read_timeout_s, "seconds: time limit for one socket read or write")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--keep-alive-timeout", opt.keep_alive_timeout_s, "seconds a connection may idle between requests")
      ->capture_default_str()->check(CLI::Range(1, 3600));
  cmd->add_option("--shutdown-delay", opt.shutdown_delay_s,
                  "seconds between SIGTERM and closing the listener (not ready, still serving)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  cmd->add_option("--cert-reload-interval", opt.reload_interval_s, "seconds between checks of the certificate files")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_flag("--log-allowed", s.log_allowed, "log every allowed request (denials, warnings and errors always are)");
  return cmd;
}

int run_serve(serve_command_options& opt, std::FILE* err) {
  const auto ms = [](double seconds) { return std::chrono::milliseconds(static_cast<long long>(seconds * 1000)); };
  serve::server_options s = opt.server;
  s.request_timeout = ms(opt.request_timeout_s);
  s.read_timeout = ms(opt.read_timeout_s);
  s.shutdown_delay = ms(opt.shutdown_delay_s);
  s.reload_interval = ms(opt.reload_interval_s);
  s.keep_alive_timeout = std::chrono::seconds(opt.keep_alive_timeout_s);
  s.log = err;
  return serve::run(std::move(s)) == 0 ? static_cast<int>(exit_code::ok) : static_cast<int>(exit_code::input_errors);
}

}  // namespace volpol::cli
