// repair_yaml_escapes: yaml-cpp's `\N` and `\_` as Go's yaml.v3 decodes them.
#include <yaml-cpp/yaml.h>

#include <gtest/gtest.h>
#include <pthread.h>

#include <string>

#include "volpol/core/value_yaml.h"

namespace volpol {
namespace {

TEST(repair_yaml_escapes, nel_and_nbsp_escapes_become_utf8) {
  YAML::Node n = YAML::Load("{\"k\\_\": \"\\N1\\_\", plain: a\\_b, list: [\"\\_\", \"\\u00a0\", \"\\x85\"]}");
  repair_yaml_escapes(n);
  EXPECT_EQ(n["k\xC2\xA0"].Scalar(),
            "\xC2\x85"
            "1\xC2\xA0");
  EXPECT_EQ(n["k\xC2\xA0"].Tag(), "!");     // still a quoted scalar
  EXPECT_EQ(n["plain"].Scalar(), "a\\_b");  // no escapes outside double quotes
  EXPECT_EQ(n["list"][0].Scalar(), "\xC2\xA0");
  EXPECT_EQ(n["list"][1].Scalar(), "\xC2\xA0");  // yaml-cpp gets \u and \x right already
  EXPECT_EQ(n["list"][2].Scalar(), "\xC2\x85");
}

TEST(repair_yaml_escapes, valid_utf8_is_left_alone) {
  YAML::Node n = YAML::Load("a: \"\xC2\xA0\xE3\x80\x80x\"");
  repair_yaml_escapes(n);
  EXPECT_EQ(n["a"].Scalar(), "\xC2\xA0\xE3\x80\x80x");
}

// Found by fuzz_policy under ASan: aliases nest 40 x 400 brackets 16,000 levels deep although the
// text is 400 deep at most, and a recursive walk ran out of stack. On a 256 KiB stack the walk must
// still reach the innermost scalar and repair it.
TEST(repair_yaml_escapes, alias_chains_deeper_than_the_stack_are_walked) {
  constexpr int depth = 400, links = 40;
  std::string text = "a0: &a0 " + std::string(depth, '[') + "\"\\_\"" + std::string(depth, ']') + "\n";
  for (int i = 1; i < links; ++i)
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " " + std::string(depth, '[') + "*a" +
            std::to_string(i - 1) + std::string(depth, ']') + "\n";
  struct job {
    YAML::Node root;
  } j{YAML::Load(text)};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_t t;
  ASSERT_EQ(pthread_create(
                &t, &attr,
                [](void* p) -> void* {
                  repair_yaml_escapes(static_cast<job*>(p)->root);
                  return nullptr;
                },
                &j),
            0);
  pthread_join(t, nullptr);
  pthread_attr_destroy(&attr);
  YAML::Node n = j.root["a0"];
  for (int i = 0; i < depth; ++i) n = n[0];
  EXPECT_EQ(n.Scalar(), "\xC2\xA0");
}

// Found by fuzz_policy (issue 36): yaml-cpp binds `&a` before the node's content, so the second
// `&a` below contains itself, and the walk went round it until memory ran out. It stops now, and
// value_from_yaml refuses the document with a message.
TEST(repair_yaml_escapes, a_node_that_contains_itself_ends_the_walk) {
  YAML::Node root = YAML::Load("x: &a [1]\ny: &a [*a, *a, *a]\n");
  ASSERT_TRUE(root["y"][0].is(root["y"]));  // the cycle, as yaml-cpp builds it
  repair_yaml_escapes(root);
  const result<value> v = value_from_yaml(root);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error()->message, "document is nested too deeply (or an alias refers to itself)");
}

}  // namespace
}  // namespace volpol
