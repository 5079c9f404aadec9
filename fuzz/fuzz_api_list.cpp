// A page of a live-cluster list as the API server (or anything on the other end of kubectl
// proxy) sends it: ListMeta from the page's first and last bytes, a continue token's start key,
// and the items of a restarted list from a key on (src/k8s/api_list_parse.h).
// Input: byte 0 picks the entry point; the rest is the page (or the token).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../src/k8s/api_list_parse.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  using namespace volpol::k8s::detail;
  switch (data[0] % 3) {
    case 0: {
      list_meta m;
      const std::size_t half = text.size() / 2;
      (void)list_metadata(text, text.substr(half), m);
      (void)list_metadata({}, text, m);
      break;
    }
    case 1: {
      const auto start = continue_start(std::string(text));
      if (start && start->empty()) __builtin_trap();  // a start key is never empty
      break;
    }
    default: {
      bool passed = false, ok = false;
      const std::string kept = items_from(text, "b/", passed, ok);
      if (!kept.empty() && (!ok || !passed)) __builtin_trap();  // kept items mean a list, passed
      break;
    }
  }
  return 0;
}
