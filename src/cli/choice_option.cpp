// The closed sets of the options added by add_choice_option (see choice_option.h).
#include "choice_option.h"

#include <map>
#include <mutex>

namespace volpol::cli {

namespace {

struct registry {
  std::mutex mutex;
  std::map<const CLI::Option*, std::vector<std::string>> choices;
};

registry& the_registry() {
  static registry r;
  return r;
}

}  // namespace

void remember_choices(const CLI::Option* o, std::vector<std::string> values) {
  registry& r = the_registry();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.choices[o] = std::move(values);
}

const std::vector<std::string>* choices_of(const CLI::Option* o) {
  registry& r = the_registry();
  const std::lock_guard<std::mutex> lock(r.mutex);
  const auto it = r.choices.find(o);
  return it == r.choices.end() ? nullptr : &it->second;
}

}  // namespace volpol::cli
