// Conformance ops for the quantity area (see corpus.h): parseQuantity, compareQuantity.
//
// Each answer is also re-checked a second way: a canonical string parses back to the same
// value and prints the same (a fixed point) — except where Kubernetes' canonical form itself
// drops the power of ten (decimal SI beyond E) —, and a comparison reversed gives the opposite.
#include <fmt/core.h>

#include <optional>
#include <string>

#include "corpus.h"
#include "volpol/k8s/quantity.h"

namespace volpol::conformance {

namespace {

using k8s::quantity;

/// A boolean under `expect`, or nullopt when absent or not a boolean.
std::optional<bool> expect_bool(const YAML::Node& expect, const char* key) {
  const auto text = scalar(expect, key);
  if (text == "true") return true;
  if (text == "false") return false;
  return std::nullopt;
}

/// Kubernetes' CanonicalizeBytes (apimachinery v0.36, the version Velero links) has no decimal
/// SI suffix above E and drops the power of ten: 1000E prints "1". True when `canonical` is
/// `q` written so, i.e. q == canonical * 10^k for a k = 21, 24, ... (a value that does not
/// round-trip in Kubernetes either).
bool drops_power_beyond_exa(const quantity& q, const std::string& canonical) {
  if (q.format() != k8s::quantity_format::decimal_si) return false;
  for (int k = 21; k <= 999; k += 3) {
    const auto scaled = quantity::parse(fmt::format("{}e{}", canonical, k));
    if (scaled.ok() && scaled.value() == q) return true;
  }
  return false;
}

/// "" when `q`'s canonical string parses back to the same value and the same string.
std::string round_trip_problem(const quantity& q) {
  const std::string canonical = q.to_string();
  const auto again = quantity::parse(canonical);
  if (const diagnostic* e = again.error())
    return fmt::format("canonical `{}` does not parse back: {}", canonical, e->message);
  if (again.value() != q && !drops_power_beyond_exa(q, canonical))
    return fmt::format("canonical `{}` parses back to another value", canonical);
  if (again.value() != q) return {};  // Kubernetes' own quirk: nothing more to compare
  if (again.value().to_string() != canonical)
    return fmt::format("canonical `{}` prints back as `{}`", canonical, again.value().to_string());
  return {};
}

outcome run_parse_quantity(const corpus_case& c) {
  const auto input = scalar(c.node, "input");
  const YAML::Node expect = c.node["expect"];
  const auto valid = expect_bool(expect, "valid");
  if (!input || !valid) return outcome::fail("case needs a scalar `input` and a boolean `expect.valid`");
  const auto q = quantity::parse(*input);
  if (const diagnostic* e = q.error()) {
    if (*valid) return outcome::fail(fmt::format("expected valid, got error: {}", e->message));
    const auto missing = missing_mentions(expect, e->message);
    if (!missing.empty())
      return outcome::fail(fmt::format("error `{}` does not mention `{}`", e->message, missing.front()));
    return outcome::pass();
  }
  if (!*valid) return outcome::fail(fmt::format("expected an error, got `{}`", q.value().to_string()));
  if (const auto canonical = scalar(expect, "canonical"); canonical && *canonical != q.value().to_string())
    return outcome::fail(fmt::format("expected canonical `{}`, got `{}`", *canonical, q.value().to_string()));
  if (auto problem = round_trip_problem(q.value()); !problem.empty()) return outcome::fail(std::move(problem));
  return outcome::pass();
}

outcome run_compare_quantity(const corpus_case& c) {
  const auto a_text = scalar(c.node, "a");
  const auto b_text = scalar(c.node, "b");
  const auto want = scalar(c.node["expect"], "value");
  if (!a_text || !b_text || !want) return outcome::fail("case needs scalars `a`, `b` and `expect.value`");
  const auto a = quantity::parse(*a_text);
  const auto b = quantity::parse(*b_text);
  if (const diagnostic* e = a.error()) return outcome::fail("a: " + e->message);
  if (const diagnostic* e = b.error()) return outcome::fail("b: " + e->message);
  const int got = a.value().compare(b.value());
  if (std::to_string(got) != *want) return outcome::fail(fmt::format("expected {}, got {}", *want, got));
  if (b.value().compare(a.value()) != -got) return outcome::fail(fmt::format("compare(b, a) is not {}", -got));
  return outcome::pass();
}

}  // namespace

void register_quantity_ops(op_table& ops) {
  ops.emplace("parseQuantity", run_parse_quantity);
  ops.emplace("compareQuantity", run_compare_quantity);
}

}  // namespace volpol::conformance
