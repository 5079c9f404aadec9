#include "resource_includes_excludes.h"

#include <algorithm>
#include <string_view>

namespace volpol::plan {

namespace {

bool names(const std::vector<std::string>& list, resource_kind kind) {
  return std::any_of(list.begin(), list.end(),
                     [&](const std::string& n) { return resource_kind_from_name(n) == kind; });
}

bool has_star(const std::vector<std::string>& list) { return std::find(list.begin(), list.end(), "*") != list.end(); }

}  // namespace

bool resource_includes_excludes::should_include(resource_kind kind) const {
  if (names(excludes_, kind)) return false;
  if (kind == resource_kind::persistent_volumes) return true;  // cluster-scoped: only explicit excludes
  return includes_.empty() || has_star(includes_) || names(includes_, kind);
}

}  // namespace volpol::plan
