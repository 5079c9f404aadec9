// A page of a live-cluster list as the API server (or anything on the other end of kubectl
// proxy) sends it: ListMeta from the page's first and last bytes, a continue token's start key,
// the items of a restarted list from a key on, and a gzip page inflated (src/k8s/api_list_parse.h).
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
  switch (data[0] % 4) {
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
    case 2: {  // a gzip body, in two pieces; at most 64 MiB inflated (a gzip bomb stops there)
      gunzip g;
      std::size_t out = 0;
      const auto sink = [&](const char*, std::size_t n) { return (out += n) <= (std::size_t{64} << 20); };
      const std::size_t half = text.size() / 2;
      if (g.feed(text.data(), half, sink)) (void)g.feed(text.data() + half, text.size() - half, sink);
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
