// serve_command.h (private to the cli layer) — `volpol serve`: the validating admission webhook (volpol/serve).
//
//     volpol serve --tls-cert FILE --tls-key FILE [--address :8443] [--deny-warnings] ...
//
// A valid policy is also linted (volpol lint's document rules, lint::lint_document): findings
// become the response's warnings (`VP110 unreachable-policy: ...`), or denials with
// --deny-warnings; --lint-disable RULE,... turns rules off, --no-lint all of them.
// Serves AdmissionReview admission.k8s.io/v1 at POST /validate over HTTPS until SIGTERM or
// SIGINT; /healthz, /readyz, /metrics; JSON log lines on stderr. See serve/server.h.
// Exit codes: 0 after a graceful shutdown; 1 the server could not start (certificate, key or
// address unusable: logged; or no volpol-serve program to run); 2 bad usage.
//
// The server runs in the `volpol-serve` program (tools/volpol_serve_main.cpp), built and
// installed beside `volpol`: only it links the HTTPS stack (cpp-httplib, OpenSSL), so the other
// commands do not load those libraries (about 3.7 MB resident at start). `volpol serve ...`
// checks its flags, then replaces itself with `volpol-serve serve ...` (same arguments, same
// process id: signals and exit codes are the server's).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "coverage_command.h"
#include "volpol/serve/server.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct serve_command_options {
  serve::server_options server;
  double request_timeout_s = 10, header_timeout_s = 5, read_timeout_s = 5, shutdown_delay_s = 5, reload_interval_s = 1;
  int keep_alive_timeout_s = 5;
  bool no_lint = false;                   ///< --no-lint: validation only
  std::vector<std::string> lint_disable;  ///< --lint-disable: rule codes or names (or `all`)
  std::string velero_version;             ///< --velero-version ("" = main)
  /// --coverage-interval (a Go duration; "" or 0 = off): re-plan `volpol coverage --cluster`
  /// this often and serve its metrics on /metrics (coverage_command.h); `coverage` holds its
  /// flags (--context, --kubeconfig, --velero-namespace ...).
  std::string coverage_interval;
  coverage_options coverage;
};

/// Declares the `serve` subcommand and its options on `app`.
CLI::App* setup_serve(CLI::App& app, serve_command_options& opt);

/// Runs the server in this process: set by volpol-serve's main to serve::run. Unset (nullptr)
/// in `volpol`, whose run_serve execs volpol-serve instead.
inline int (*serve_in_process)(serve::server_options) = nullptr;

/// Runs a parsed `serve` (blocks until SIGTERM/SIGINT): with serve_in_process set, the server
/// itself; otherwise execs `volpol-serve` with `args` (volpol's arguments after the program
/// name), found beside the running program, then on PATH. @return the exit code: 1 (with a
/// message on `err`) when volpol-serve cannot be run; it does not return when the exec works.
int run_serve(serve_command_options& opt, const std::vector<std::string>& args, std::FILE* err);

}  // namespace volpol::cli
