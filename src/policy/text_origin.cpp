// text_origin: mapping positions inside a policy document to the file the user gave.
#include <fmt/format.h>

#include "volpol/detail/policy/text_origin.h"

namespace volpol::policy {

diagnostic text_origin::map(diagnostic d) const {
  d.where.file = file;
  if (d.object.empty()) d.object = object;
  if (d.where.line == 0 && !data_key.empty()) {  // about the whole data value
    d.where.line = fallback.line;
    d.where.column = fallback.column;
    return d;
  }
  if (d.where.line == 0) return d;
  if (exact) {
    d.where.line += line_offset;
    d.where.column += column_offset;
    return d;
  }
  const std::string inner = fmt::format("the problem is at line {}, column {} of data key `{}`", d.where.line,
                                        d.where.column, data_key);
  d.help = d.help.empty() ? inner : d.help + "\n  help: " + inner;
  d.where.line = fallback.line;
  d.where.column = fallback.column;
  return d;
}

value_mark text_origin::file_position(value_mark at) const {
  if (at.line == 0) return at;
  if (!exact) return fallback;
  return {at.line + line_offset, at.column + column_offset};
}

diagnostic text_origin::diagnose(value_mark at, std::string path, std::string message, std::string help,
                                 severity level) const {
  diagnostic d;
  d.level = level;
  d.where.line = at.line;
  d.where.column = at.column;
  d.where.path = std::move(path);
  d.message = std::move(message);
  d.help = std::move(help);
  return map(std::move(d));
}

}  // namespace volpol::policy
