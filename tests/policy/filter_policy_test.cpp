// Pattern syntax of filter policies (gobwas/glob, Velero wildcard) and the filter checks.
#include <gtest/gtest.h>

#include "volpol/detail/policy/filter_policy.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {
namespace {

TEST(glob_syntax, compiles_as_gobwas_glob) {
  const char* valid[] = {"my-app-*", "app-**",     "{web,api}-*", "{unclosed", "a,b", "[abc]", "[!a-z]x",
                         "[a-z]",    "\\[literal", "?",           "[\\]]",     "}",   ""};
  for (const char* p : valid) EXPECT_EQ(glob_syntax_error(p), std::nullopt) << p;
  struct row {
    const char* pattern;
    const char* error;
  };
  const row invalid[] = {{"[invalid", "unexpected end of input"},
                         {"[]", "could not parse range"},
                         {"[!]", "could not parse range"},
                         {"[a-]", "unexpected end of input"},
                         {"[a-bc]", "expected close range character"},
                         {"[z-a]", "hi character should be greater than lo"},
                         {"x[", "unexpected end of input"}};
  for (const row& r : invalid) EXPECT_EQ(glob_syntax_error(r.pattern), r.error) << r.pattern;
}

TEST(namespace_pattern, mirrors_velero_wildcard_validation) {
  for (const char* p : {"team-*", "app-?", "ns-[a-z]*", "default", ""})
    EXPECT_EQ(namespace_pattern_error(p), std::nullopt) << p;
  for (const char* p : {"prod**", "{a,b}", "a|b", "[!a]pp", "app[]", "app[ab", "app]", "(x)"})
    EXPECT_NE(namespace_pattern_error(p), std::nullopt) << p;
  EXPECT_EQ(namespace_pattern_error("app[]"), "wildcard pattern contains empty bracket pattern '[]'");
}

TEST(filter_policies, namespaced_problems_are_all_reported) {
  const checked_policies r = check_policy_text(
      "version: v1\n"
      "namespacedFilterPolicies:\n"
      "- namespaces: [prod, prod]\n"
      "  resourceFilters:\n"
      "  - kinds: []\n"
      "    names: [\"[x\"]\n"
      "  - kinds: [\"*\"]\n"
      "    labelSelector: {matchLabels: {a: b}}\n"
      "    orLabelSelectors: [{matchExpressions: [{key: k, operator: Exists, values: [v]}]}]\n",
      {.file = "p.yaml"});
  std::vector<std::string> got;
  for (const diagnostic& d : r.problems) got.push_back(d.where.path);
  EXPECT_EQ(got, (std::vector<std::string>{
                     "namespacedFilterPolicies[0].namespaces[1]",
                     "namespacedFilterPolicies[0].resourceFilters[0].names",
                     "namespacedFilterPolicies[0].resourceFilters[0].names[0]",
                     "namespacedFilterPolicies[0].resourceFilters[1]",
                     "namespacedFilterPolicies[0].resourceFilters[1].labelSelector",
                     "namespacedFilterPolicies[0].resourceFilters[1].orLabelSelectors[0].matchExpressions[0].values",
                 }));
}

}  // namespace
}  // namespace volpol::policy
