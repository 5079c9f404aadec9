// volpol-serve: the program `volpol serve` runs (volpol/cli/serve_command.h). It is volpol's
// command line with the webhook server linked in, so it takes the same arguments
// (`volpol-serve serve --tls-cert ...`); only this program loads cpp-httplib and OpenSSL.
#include <cstdio>
#include <string>
#include <vector>

#include "volpol/cli/app.h"
#include "volpol/cli/serve_command.h"
#include "volpol/serve/server.h"

int main(int argc, char** argv) {
  volpol::cli::serve_in_process = &volpol::serve::run;
  std::vector<std::string> args(argv + 1, argv + argc);
  return volpol::cli::run(args, stdout, stderr);
}
