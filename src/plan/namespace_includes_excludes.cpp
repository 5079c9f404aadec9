#include "namespace_includes_excludes.h"

#include <algorithm>

#include "volpol/detail/plan/glob.h"

namespace volpol::plan {

result<namespace_includes_excludes> namespace_includes_excludes::make(std::vector<std::string> includes,
                                                                      std::vector<std::string> excludes) {
  for (const auto* list : {&includes, &excludes})
    for (const auto& p : *list)
      if (!glob_brackets_close(p)) return make_error("invalid namespace pattern `" + p + "`: unclosed `[`");
  namespace_includes_excludes f;
  f.includes_ = std::move(includes);
  f.excludes_ = std::move(excludes);
  return f;
}

bool namespace_includes_excludes::should_include(std::string_view ns) const {
  for (const auto& e : excludes_)
    if (glob_match(e, ns)) return false;
  if (includes_.empty()) return true;
  return std::any_of(includes_.begin(), includes_.end(),
                     [&](const std::string& i) { return i == "*" || glob_match(i, ns); });
}

bool namespace_includes_excludes::all_namespaces() const {
  const bool all_in = includes_.empty() || std::find(includes_.begin(), includes_.end(), "*") != includes_.end();
  return all_in && excludes_.empty();
}

}  // namespace volpol::plan
