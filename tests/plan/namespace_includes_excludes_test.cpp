#include "../../src/plan/namespace_includes_excludes.h"
#include "volpol/detail/plan/glob.h"

#include <gtest/gtest.h>

using volpol::plan::glob_match;
using volpol::plan::namespace_includes_excludes;

TEST(glob_match, wildcards_and_classes) {
  struct row {
    const char* pattern;
    const char* text;
    bool match;
  } rows[] = {
      {"*", "anything", true},          {"*", "", true},
      {"app-*", "app-1", true},         {"app-*", "ap", false},
      {"app-?", "app-1", true},         {"app-?", "app-12", false},
      {"ns[abc]", "nsb", true},         {"ns[abc]", "nsd", false},
      {"ns[a-c]x", "nsbx", true},       {"ns[!a-c]", "nsb", false},
      {"ns[!a-c]", "nsz", true},        {"*-prod", "shop-prod", true},
      {"*-prod", "shop-prod-2", false}, {"a*b*c", "aXbYc", true},
      {"a*b*c", "aXbY", false},         {"kube-system", "kube-system", true},
  };
  for (const auto& r : rows) {
    SCOPED_TRACE(std::string(r.pattern) + " ~ " + r.text);
    EXPECT_EQ(glob_match(r.pattern, r.text), r.match);
  }
}

TEST(namespace_includes_excludes, excludes_win_over_includes) {
  auto f = namespace_includes_excludes::make({"shop*", "media"}, {"shop-staging"});
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(f->should_include("shop"));
  EXPECT_TRUE(f->should_include("shop-prod"));
  EXPECT_FALSE(f->should_include("shop-staging"));
  EXPECT_TRUE(f->should_include("media"));
  EXPECT_FALSE(f->should_include("logging"));
  EXPECT_FALSE(f->all_namespaces());
}

TEST(namespace_includes_excludes, empty_includes_mean_all) {
  auto f = namespace_includes_excludes::make({}, {});
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(f->should_include("anything"));
  EXPECT_TRUE(f->all_namespaces());
  auto g = namespace_includes_excludes::make({"*"}, {"kube-system"});
  ASSERT_TRUE(g.ok());
  EXPECT_FALSE(g->should_include("kube-system"));
  EXPECT_TRUE(g->should_include("default"));
  EXPECT_FALSE(g->all_namespaces());
}

TEST(namespace_includes_excludes, unclosed_bracket_is_an_error) {
  auto f = namespace_includes_excludes::make({"ns[abc"}, {});
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.error()->message.find("ns[abc"), std::string::npos);
}
