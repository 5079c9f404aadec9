// `# volpol:ignore` comments (see suppression.h).
#include "volpol/detail/lint/suppression.h"

#include <algorithm>

#include "volpol/detail/policy/volume_policy.h"

namespace volpol::lint {

namespace {

constexpr std::string_view marker = "volpol:ignore";

bool blank(std::string_view s) { return s.find_first_not_of(" \t\r") == std::string_view::npos; }

/// The rules named after the marker (empty: every rule). `typo` is set when the first word that
/// ends the list looks like a rule code (`VP999`): such a comment silences nothing.
std::vector<rule_id> rules_named(std::string_view rest, bool& typo) {
  typo = false;
  std::vector<rule_id> ids;
  std::size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\t' || rest[i] == ',')) ++i;
    std::size_t j = i;
    while (j < rest.size() && rest[j] != ' ' && rest[j] != '\t' && rest[j] != ',' && rest[j] != '\r') ++j;
    if (j == i) break;
    const std::string_view word = rest.substr(i, j - i);
    const rule_info* r = find_rule(word);
    if (r == nullptr) {
      typo = word.size() > 2 && (word[0] == 'V' || word[0] == 'v') && (word[1] == 'P' || word[1] == 'p') &&
             word[2] >= '0' && word[2] <= '9';
      break;
    }
    ids.push_back(r->id);
    i = j;
  }
  return ids;
}

}  // namespace

suppressions suppressions::parse(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  suppressions s;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string_view line = lines[n];
    const std::size_t hash = line.find('#');
    if (hash == std::string_view::npos) continue;
    std::string_view comment = line.substr(hash + 1);
    comment.remove_prefix(std::min(comment.find_first_not_of(" \t"), comment.size()));
    if (!comment.starts_with(marker)) continue;
    const std::string_view rest = comment.substr(marker.size());
    if (!rest.empty() && rest[0] != ' ' && rest[0] != '\t' && rest[0] != ',' && rest[0] != '\r') continue;
    std::size_t target = n;
    if (blank(line.substr(0, hash))) {  // alone on its line: the next line with YAML on it
      target = n + 1;
      while (target < lines.size()) {
        const std::string_view t = lines[target];
        const std::size_t first = t.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && t[first] != '#') break;
        ++target;
      }
      if (target >= lines.size()) continue;
    }
    bool typo = false;
    const std::vector<rule_id> ids = rules_named(rest, typo);
    if (typo) continue;
    const auto at = static_cast<std::uint32_t>(target + 1);
    if (ids.empty()) s.all_lines_.insert(at);
    else s.by_line_[at].insert(s.by_line_[at].end(), ids.begin(), ids.end());
  }
  return s;
}

bool suppressions::silences(std::uint32_t line, rule_id rule) const {
  if (all_lines_.contains(line)) return true;
  const auto it = by_line_.find(line);
  return it != by_line_.end() && std::find(it->second.begin(), it->second.end(), rule) != it->second.end();
}

bool silenced(const finding& f, const suppressions& comments) {
  if (f.line != 0 && comments.silences(f.line, f.rule)) return true;
  if (f.policy != nullptr) {
    const diagnostic d = f.policy->origin.diagnose(f.policy->mark, "", "");
    if (d.where.line != 0 && comments.silences(d.where.line, f.rule)) return true;
  }
  return false;
}

std::size_t apply_suppressions(std::vector<finding>& findings, const std::map<std::string, suppressions>& by_file) {
  const std::size_t before = findings.size();
  std::erase_if(findings, [&](const finding& f) {
    if (f.file.empty()) return false;
    const auto it = by_file.find(f.file);
    return it != by_file.end() && silenced(f, it->second);
  });
  return before - findings.size();
}

}  // namespace volpol::lint
