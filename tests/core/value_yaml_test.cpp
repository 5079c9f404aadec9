// repair_yaml_escapes: yaml-cpp's `\N` and `\_` as Go's yaml.v3 decodes them.
#include <yaml-cpp/yaml.h>

#include <gtest/gtest.h>
#include <pthread.h>

#include <string>

#include "volpol/detail/value_yaml.h"

namespace volpol {
namespace {

TEST(repair_yaml_escapes, nel_and_nbsp_escapes_become_utf8) {
  const std::string text = "{\"k\\_\": \"\\N1\\_\", plain: a\\_b, list: [\"\\_\", \"\\u00a0\", \"\\x85\"]}";
  YAML::Node n = YAML::Load(text);
  repair_yaml_escapes(n, text);
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
  const std::string text = "a: \"\xC2\xA0\xE3\x80\x80x\" # \\_";
  YAML::Node n = YAML::Load(text);
  repair_yaml_escapes(n, text);
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
    std::string text;
  } j{YAML::Load(text), text};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_t t;
  ASSERT_EQ(pthread_create(
                &t, &attr,
                [](void* p) -> void* {
                  repair_yaml_escapes(static_cast<job*>(p)->root, static_cast<job*>(p)->text);
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
  const std::string text = "x: &a [1]\ny: &a [*a, *a, *a]\nz: \"\\_\"\n";
  YAML::Node root = YAML::Load(text);
  ASSERT_TRUE(root["y"][0].is(root["y"]));  // the cycle, as yaml-cpp builds it
  repair_yaml_escapes(root, text);
  const result<value> v = value_from_yaml(root);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error()->message, "document is nested too deeply (or an alias refers to itself)");
}

// Found by fuzz_policy (issue 36, the 1M-run campaign): an alias to a list listed 30 times in a
// list aliased again put 30 million nodes on the walk's stack while 2 million were taken off
// (6 s under ASan). Nodes waiting count now: the walk meets 2 million at most, and a text
// without `\N` or `\_` is not walked at all.
TEST(repair_yaml_escapes, aliases_listed_many_times_are_counted_when_met) {
  std::string text = "a0: &a0 [\"\\_\", x]\n";
  for (int i = 1; i < 12; ++i) {
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 30; ++k) text += (k ? ", *a" : "*a") + std::to_string(i - 1);
    text += "]\n";
  }
  YAML::Node root = YAML::Load(text);  // 30^11 paths to the first scalar
  repair_yaml_escapes(root, text);
  EXPECT_EQ(root["a0"][0].Scalar(), "\xC2\xA0");
  const result<value> v = value_from_yaml(root);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error()->message, "document contains excessive aliasing");
}

TEST(repair_yaml_escapes, only_texts_with_the_escapes_are_walked) {
  EXPECT_TRUE(may_hold_yaml_escapes("a: \"\\_x\""));
  EXPECT_TRUE(may_hold_yaml_escapes("a: \"\\N\""));
  EXPECT_FALSE(may_hold_yaml_escapes("a: \"\\n\\t\\\\\" # \xC2\xA0"));
  EXPECT_FALSE(may_hold_yaml_escapes("trailing \\"));
  // A raw 0xA0 byte outside UTF-8 is not an escape: checked texts are UTF-8, and it stays.
  const std::string text = "a: \"x\"";
  YAML::Node n = YAML::Load(text);
  repair_yaml_escapes(n, text);
  EXPECT_EQ(n["a"].Scalar(), "x");
}

}  // namespace
}  // namespace volpol
