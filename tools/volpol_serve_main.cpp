// volpol-serve: the program `volpol serve` runs (src/cli/serve_command.h). It is volpol's
// command line with the webhook server linked in, so it takes the same arguments
// (`volpol-serve serve --tls-cert ...`); only this program loads cpp-httplib and OpenSSL.
#include <cstdio>
#include <string>
#include <vector>

#if VOLPOL_MIMALLOC
#include <mimalloc.h>
#endif

#include "../src/cli/serve_command.h"
#include "volpol/cli/app.h"
#include "volpol/serve/server.h"

int main(int argc, char** argv) {
#if VOLPOL_MIMALLOC
  // mimalloc returns freed memory to the system only after a delay, and only when the thread
  // that freed it allocates again: each worker that once decided a 1 MiB policy kept ~100 MB
  // (32 workers: 3 GB). At once, the server's resident memory falls back to ~20 MB after each
  // request (bench/README.md, "volpol serve's memory").
  mi_option_set(mi_option_decommit_delay, 0);
#endif
  volpol::cli::serve_in_process = &volpol::serve::run;
  std::vector<std::string> args(argv + 1, argv + argc);
  return volpol::cli::run(args, stdout, stderr);
}
