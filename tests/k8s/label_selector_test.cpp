// Label selectors: LabelSelectorAsSelector's checks, Requirement.Matches, SelectorFromSet.
#include <gtest/gtest.h>

#include "volpol/detail/k8s/label_syntax.h"
#include "volpol/k8s/label_selector.h"

namespace volpol::k8s {
namespace {

string_map labels(std::vector<string_map::entry> e) { return string_map(std::move(e)); }

label_selector_requirement req(std::string key, std::string op, std::vector<std::string> values = {}) {
  label_selector_requirement r;
  r.key = std::move(key);
  r.op = std::move(op);
  r.values = std::move(values);
  return r;
}

TEST(label_syntax, qualified_names) {
  EXPECT_TRUE(qualified_name_problems("app").empty());
  EXPECT_TRUE(qualified_name_problems("app.kubernetes.io/name").empty());
  EXPECT_TRUE(qualified_name_problems("My_Name-1.x").empty());
  EXPECT_EQ(qualified_name_problems("my app").size(), 1u);
  EXPECT_EQ(qualified_name_problems("-app").size(), 1u);
  EXPECT_EQ(qualified_name_problems("").size(), 2u);  // empty, and not matching the syntax
  EXPECT_EQ(qualified_name_problems("/app").front(), "prefix part must be non-empty");
  EXPECT_EQ(qualified_name_problems("Example.com/app").size(), 1u);  // prefixes are lower case
  EXPECT_EQ(qualified_name_problems("a/b/c").size(), 1u);
  EXPECT_EQ(qualified_name_problems(std::string(64, 'a')).front(), "name part must be no more than 63 characters");
  EXPECT_TRUE(qualified_name_problems(std::string(63, 'a')).empty());
}

TEST(label_syntax, label_values) {
  EXPECT_TRUE(label_value_problems("").empty());
  EXPECT_TRUE(label_value_problems("prod").empty());
  EXPECT_TRUE(label_value_problems(std::string(63, 'x')).empty());
  EXPECT_EQ(label_value_problems(std::string(64, 'x')).size(), 1u);
  EXPECT_EQ(label_value_problems("prod/eu").size(), 1u);
  EXPECT_EQ(label_value_problems("prod-").size(), 1u);
}

TEST(label_selector, every_problem_is_reported_with_its_path) {
  label_selector_spec spec;
  spec.match_labels = {{"my app", "web"}, {"tier", "front/end"}};
  spec.match_expressions = {req("env", "Equals", {"prod"}), req("zone", "In"), req("x", "Exists", {"a"}),
                            req("ok", "in", {"a"})};
  const auto problems = check_label_selector(spec);
  ASSERT_EQ(problems.size(), 6u);
  EXPECT_EQ(problems[0].path, "matchLabels.my app");
  EXPECT_EQ(problems[1].path, "matchLabels.tier");
  EXPECT_EQ(problems[2].path, "matchExpressions[0].operator");
  EXPECT_EQ(problems[2].message, "`Equals` is not a valid label selector operator");
  EXPECT_EQ(problems[3].path, "matchExpressions[1].values");
  EXPECT_EQ(problems[4].path, "matchExpressions[2].values");
  EXPECT_EQ(problems[5].path, "matchExpressions[3].operator");
}

TEST(label_selector, operators_are_case_sensitive_with_a_hint) {
  label_selector_spec spec;
  spec.match_expressions = {req("env", "in", {"prod"})};
  const auto problems = check_label_selector(spec);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].help, "did you mean `In`? operators are case-sensitive");
}

TEST(label_selector, matching_follows_requirement_semantics) {
  label_selector_spec spec;
  spec.match_labels = {{"app", "web"}};
  spec.match_expressions = {req("env", "In", {"prod", "staging"}), req("skip", "DoesNotExist"),
                            req("tier", "NotIn", {"db"})};
  auto sel = label_selector_as_selector(spec);
  ASSERT_TRUE(sel.ok());
  EXPECT_TRUE(sel->matches(labels({{"app", "web"}, {"env", "prod"}})));
  EXPECT_TRUE(sel->matches(labels({{"app", "web"}, {"env", "staging"}, {"tier", "front"}})));
  EXPECT_FALSE(sel->matches(labels({{"app", "web"}, {"env", "dev"}})));
  EXPECT_FALSE(sel->matches(labels({{"app", "web"}, {"env", "prod"}, {"skip", ""}})));
  EXPECT_FALSE(sel->matches(labels({{"app", "web"}, {"env", "prod"}, {"tier", "db"}})));
  EXPECT_FALSE(sel->matches(labels({{"env", "prod"}})));
}

TEST(label_selector, empty_spec_selects_everything_and_nothing_selects_nothing) {
  auto sel = label_selector_as_selector({});
  ASSERT_TRUE(sel.ok());
  EXPECT_TRUE(sel->is_everything());
  EXPECT_TRUE(sel->matches({}));
  EXPECT_FALSE(label_selector::nothing().matches({}));
}

TEST(label_selector, invalid_spec_gives_the_first_problem) {
  label_selector_spec spec;
  spec.match_expressions = {req("env", "Equals", {"prod"})};
  auto sel = label_selector_as_selector(spec);
  ASSERT_FALSE(sel.ok());
  EXPECT_EQ(sel.error()->where.path, "matchExpressions[0].operator");
}

TEST(label_selector, selector_from_set_is_subset_matching) {
  const string_map set = labels({{"environment", "production"}, {"app", "db"}});
  EXPECT_TRUE(selector_from_set_matches(set, labels({{"app", "db"}, {"environment", "production"}, {"x", "y"}})));
  EXPECT_FALSE(selector_from_set_matches(set, labels({{"environment", "production"}})));
  EXPECT_FALSE(selector_from_set_matches(set, labels({{"environment", "staging"}, {"app", "db"}})));
  EXPECT_TRUE(selector_from_set_matches({}, labels({{"a", "b"}})));
  EXPECT_TRUE(selector_from_set_matches({}, {}));
}

}  // namespace
}  // namespace volpol::k8s
