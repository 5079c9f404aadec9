// string_map: a sorted Go map[string]string.
#include "volpol/k8s/object_meta.h"

#include <algorithm>

namespace volpol::k8s {
namespace {

bool key_less(const string_map::entry& a, const string_map::entry& b) { return a.first < b.first; }

}  // namespace

string_map::string_map(std::vector<entry> entries) : entries_(std::move(entries)) {
  if (std::is_sorted(entries_.begin(), entries_.end(), key_less) &&
      std::adjacent_find(entries_.begin(), entries_.end(),
                         [](const entry& a, const entry& b) { return a.first == b.first; }) == entries_.end())
    return;  // the common case: JSON from the API server has sorted, unique keys
  std::stable_sort(entries_.begin(), entries_.end(), key_less);
  // Duplicate keys: keep the last one of each run (a Go map decoded from JSON keeps the last).
  std::vector<entry> unique;
  unique.reserve(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (i + 1 < entries_.size() && entries_[i + 1].first == entries_[i].first) continue;
    unique.push_back(std::move(entries_[i]));
  }
  entries_ = std::move(unique);
}

const std::string* string_map::find(std::string_view key) const {
  // Most maps (labels, kept annotations) hold a few entries: a scan that compares sizes
  // first does almost no memcmp; larger maps are searched (they are sorted by key).
  if (entries_.size() <= 8) {
    for (const entry& e : entries_)
      if (e.first.size() == key.size() && e.first == key) return &e.second;
    return nullptr;
  }
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                                   [](const entry& e, std::string_view k) { return e.first < k; });
  return it != entries_.end() && it->first == key ? &it->second : nullptr;
}

void string_map::set(std::string key, std::string val) {
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                                   [](const entry& e, const std::string& k) { return e.first < k; });
  if (it != entries_.end() && it->first == key) {
    it->second = std::move(val);
    return;
  }
  entries_.insert(it, entry{std::move(key), std::move(val)});
}

}  // namespace volpol::k8s

namespace volpol::k8s {

std::string describe(const object_origin& origin) {
  if (origin.file.empty()) return {};
  std::string out(origin.file.view());
  if (origin.line > 0) return out + ":" + std::to_string(origin.line);
  return out + ": byte " + std::to_string(origin.offset);
}

}  // namespace volpol::k8s
