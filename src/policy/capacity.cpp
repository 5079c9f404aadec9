// The capacity condition: parsing "lower,upper" and range membership. Mirrors `parseCapacity`
// and `capacity.isInRange` (velero internal/resourcepolicies/volume_resources.go).
#include <fmt/core.h>

#include <array>

#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

namespace {

// White space as Go's unicode.IsSpace defines it, UTF-8 encoded (strings.TrimSpace trims these).
constexpr std::array<std::string_view, 25> go_spaces = {" ",
                                                        "\t",
                                                        "\n",
                                                        "\v",
                                                        "\f",
                                                        "\r",
                                                        "\xC2\x85",
                                                        "\xC2\xA0",
                                                        "\xE1\x9A\x80",
                                                        "\xE2\x80\x80",
                                                        "\xE2\x80\x81",
                                                        "\xE2\x80\x82",
                                                        "\xE2\x80\x83",
                                                        "\xE2\x80\x84",
                                                        "\xE2\x80\x85",
                                                        "\xE2\x80\x86",
                                                        "\xE2\x80\x87",
                                                        "\xE2\x80\x88",
                                                        "\xE2\x80\x89",
                                                        "\xE2\x80\x8A",
                                                        "\xE2\x80\xA8",
                                                        "\xE2\x80\xA9",
                                                        "\xE2\x80\xAF",
                                                        "\xE2\x81\x9F",
                                                        "\xE3\x80\x80"};

std::size_t space_prefix(std::string_view s) {
  for (std::string_view w : go_spaces)
    if (s.starts_with(w)) return w.size();
  return 0;
}

std::size_t space_suffix(std::string_view s) {
  for (std::string_view w : go_spaces)
    if (s.ends_with(w)) return w.size();
  return 0;
}

// Go strings.TrimSpace.
std::string_view trim_space(std::string_view s) {
  for (std::size_t n; (n = space_prefix(s)) != 0;) s.remove_prefix(n);
  for (std::size_t n; (n = space_suffix(s)) != 0;) s.remove_suffix(n);
  return s;
}

result<k8s::quantity> parse_side(std::string_view side) {
  const std::string_view trimmed = trim_space(side);
  if (trimmed.empty()) return k8s::quantity{};  // "10Gi," — an empty side is 0
  auto q = k8s::quantity::parse(trimmed);
  if (const diagnostic* e = q.error())
    return make_error(fmt::format("wrong format of capacity `{}`: {}", side, e->message));
  return q;
}

}  // namespace

result<capacity_range> parse_capacity(std::string_view text) {
  const std::string_view t = text.empty() ? std::string_view(",") : text;
  const std::size_t comma = t.find(',');
  if (comma == std::string_view::npos || t.find(',', comma + 1) != std::string_view::npos)
    return make_error(fmt::format("wrong format of capacity `{}`, expected `lower,upper`", text));
  auto lower = parse_side(t.substr(0, comma));
  if (const diagnostic* e = lower.error()) return *e;
  auto upper = parse_side(t.substr(comma + 1));
  if (const diagnostic* e = upper.error()) return *e;
  return capacity_range{std::move(lower).value(), std::move(upper).value()};
}

bool capacity_range::contains(const k8s::quantity& y) const {
  const bool lower_zero = lower.is_zero();
  const bool upper_zero = upper.is_zero();
  if (lower_zero && upper.compare(y) >= 0) return true;                                   // [0, a]
  if (upper_zero && lower.compare(y) <= 0) return true;                                   // [b, 0]
  if (!lower_zero && !upper_zero) return lower.compare(y) <= 0 && upper.compare(y) >= 0;  // [a, b]
  return false;
}

}  // namespace volpol::policy
