#include <cstdio>
#include <string>
#include <vector>

#include "volpol/cli/app.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return volpol::cli::run(args, stdout, stderr);
}
