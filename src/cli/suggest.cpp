#include "suggest.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace volpol::cli {

std::string backticked_list(const std::vector<std::string>& words, std::string_view last_joint) {
  std::string s;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) s += i + 1 == words.size() ? std::string(" ") + std::string(last_joint) + " " : std::string(", ");
    s += "`" + words[i] + "`";
  }
  return s;
}

}  // namespace volpol::cli
