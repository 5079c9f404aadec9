#include <cstdio>
#include <string>
#include <vector>

#include "volpol/cli/app.h"

#if defined(__SANITIZE_ADDRESS__)
#define VOLPOL_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define VOLPOL_LEAK_CHECKED 1
#endif
#endif

int main(int argc, char** argv) {
#ifndef VOLPOL_LEAK_CHECKED
  volpol::cli::skip_free_before_exit = true;  // the process ends after one command
#endif
  std::vector<std::string> args(argv + 1, argv + argc);
  return volpol::cli::run(args, stdout, stderr);
}
