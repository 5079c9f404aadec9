// json-floor: the least work any tool must do on a kubectl List dump — read the file and
// visit every item (simdjson On-Demand; counts items and sums metadata.name lengths).
// `volpol plan` is measured against this floor.
//
//     json-floor cluster.json     # prints: items=2998 name_bytes=61234
#include <cstdio>

#include <simdjson.h>

int main(int argc, char** argv) {
  using namespace simdjson;
  if (argc != 2) {
    std::fprintf(stderr, "usage: json-floor FILE.json\n");
    return 2;
  }
  padded_string json;
  if (auto err = padded_string::load(argv[1]).get(json)) {
    std::fprintf(stderr, "json-floor: %s: %s\n", argv[1], error_message(err));
    return 1;
  }
  ondemand::parser parser;  // default max capacity: 4 GB documents
  std::size_t items = 0, name_bytes = 0;
  auto visit = [&]() -> error_code {
    ondemand::document doc;
    SIMDJSON_TRY(parser.iterate(json).get(doc));
    ondemand::array list;
    SIMDJSON_TRY(doc["items"].get_array().get(list));
    for (auto item : list) {
      std::string_view name;
      SIMDJSON_TRY(item["metadata"]["name"].get_string().get(name));
      ++items;
      name_bytes += name.size();
    }
    return SUCCESS;
  };
  if (auto err = visit()) {
    std::fprintf(stderr, "json-floor: %s: %s\n", argv[1], error_message(err));
    return 1;
  }
  std::printf("items=%zu name_bytes=%zu\n", items, name_bytes);
  return 0;
}
