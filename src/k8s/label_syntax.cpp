// Label key and value syntax, as k8s.io/apimachinery/pkg/util/validation checks it.
#include "volpol/detail/k8s/label_syntax.h"

namespace volpol::k8s {

namespace {

constexpr std::size_t qualified_name_max = 63;
constexpr std::size_t label_value_max = 63;
constexpr std::size_t dns1123_subdomain_max = 253;

constexpr std::string_view name_syntax =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName', 'my.name' or '123-abc')";

bool is_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]  — non-empty
bool is_qualified_name_part(std::string_view s) {
  if (s.empty() || !is_alnum(s.front()) || !is_alnum(s.back())) return false;
  for (char c : s)
    if (!is_alnum(c) && c != '-' && c != '_' && c != '.') return false;
  return true;
}

/// [a-z0-9]([-a-z0-9]*[a-z0-9])?  — one label of a subdomain
bool is_dns1123_label_part(std::string_view s) {
  auto lower_alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (s.empty() || !lower_alnum(s.front()) || !lower_alnum(s.back())) return false;
  for (char c : s)
    if (!lower_alnum(c) && c != '-') return false;
  return true;
}

std::string max_len(std::size_t n) { return "must be no more than " + std::to_string(n) + " characters"; }

}  // namespace

std::vector<std::string> dns1123_subdomain_problems(std::string_view v) {
  std::vector<std::string> out;
  if (v.size() > dns1123_subdomain_max) out.push_back(max_len(dns1123_subdomain_max));
  bool ok = !v.empty();
  std::size_t start = 0;
  while (ok) {
    const std::size_t dot = v.find('.', start);
    ok = is_dns1123_label_part(v.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  if (!ok)
    out.emplace_back(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
        "and must start and end with an alphanumeric character (e.g. 'example.com')");
  return out;
}

std::vector<std::string> qualified_name_problems(std::string_view key) {
  std::vector<std::string> out;
  std::string_view name = key;
  const std::size_t slash = key.find('/');
  if (slash != std::string_view::npos) {
    if (key.find('/', slash + 1) != std::string_view::npos) {
      out.push_back(std::string("a qualified name ") + std::string(name_syntax) +
                    " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
      return out;
    }
    const std::string_view prefix = key.substr(0, slash);
    name = key.substr(slash + 1);
    if (prefix.empty()) out.emplace_back("prefix part must be non-empty");
    else
      for (const std::string& p : dns1123_subdomain_problems(prefix)) out.push_back("prefix part " + p);
  }
  if (name.empty()) out.emplace_back("name part must be non-empty");
  else if (name.size() > qualified_name_max) out.push_back("name part " + max_len(qualified_name_max));
  if (!is_qualified_name_part(name)) out.push_back("name part " + std::string(name_syntax));
  return out;
}

std::vector<std::string> label_value_problems(std::string_view v) {
  std::vector<std::string> out;
  if (v.size() > label_value_max) out.push_back(max_len(label_value_max));
  if (!v.empty() && !is_qualified_name_part(v))
    out.emplace_back(
        "a valid label value must be an empty string or consist of alphanumeric characters, '-', '_' "
        "or '.', and must start and end with an alphanumeric character (e.g. 'MyValue', 'my_value' "
        "or '12345')");
  return out;
}

}  // namespace volpol::k8s
