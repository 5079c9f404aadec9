// Issue 12: hostile policy files. Alias bombs and huge lists end quickly with a clear error,
// nesting is reported where it happens, characters are checked as yaml.v3 checks them, and a
// policy that cannot be read says why (a folder, a closed standard input), never "empty".
#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {
namespace {

namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t) { return std::chrono::duration<double>(clock_type::now() - t).count(); }

std::string problems_of(std::string_view text, const k8s::input_limits& limits = {}) {
  text_origin origin;
  origin.file = "p.yaml";
  origin.limits = limits;
  const checked_policies c = check_policy_text(text, origin);
  std::string s;
  for (const auto& d : c.problems) s += d.to_string() + "\n";
  return s;
}

// Issue 12: "the policy alias budget stops a 693-byte bomb only after 12 s and 491 MB".
TEST(hostile_policy, alias_bomb_is_refused_before_it_is_walked) {
  std::string text = "version: v1\nvolumePolicies:\n- conditions:\n    x0: &a0 [x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 9; ++i) {
    text += fmt::format("    x{}: &a{} [", i, i);
    for (int k = 0; k < 9; ++k) text += fmt::format("{}*a{}", k ? "," : "", i - 1);
    text += "]\n";
  }
  text += "  action: {type: skip}\n";
  ASSERT_LT(text.size(), 700U);
  const auto t0 = clock_type::now();
  const std::string p = problems_of(text);
  EXPECT_LT(seconds_since(t0), 0.5);
  EXPECT_NE(p.find("p.yaml:10:"), std::string::npos) << p;
  EXPECT_NE(p.find("not valid YAML: the document has more than 1000000 nodes (aliases counted as the nodes they "
                   "refer to)\n  help: raise the limit with --max-yaml-nodes"),
            std::string::npos)
      << p;
}

// Issue 36, found by fuzz_policy: a second `&a` whose content names `*a` is a node that contains
// itself (yaml-cpp binds the anchor first; yaml.v3 refuses it as "anchor 'a' value contains
// itself"). Reading it ran until memory was gone; now it ends, with the document's problems.
TEST(hostile_policy, an_anchor_that_contains_itself_ends) {
  const std::string p = problems_of("version: v1\nx: &a [1]\ny: &a [*a, *a, *a]\n");
  EXPECT_NE(p.find("p.yaml:3:1: y: unknown field `y` in the policy document"), std::string::npos) << p;
}

// Issue 12: "a policy of 200,000 aliased entries: 49 s and 1.16 GB".
TEST(hostile_policy, many_aliased_volume_policies_are_refused) {
  std::string text = "version: v1\nvolumePolicies:\n- &p {conditions: {storageClass: [gp2]}, action: {type: skip}}\n";
  for (int i = 0; i < 200000; ++i) text += "- *p\n";
  const auto t0 = clock_type::now();
  const std::string p = problems_of(text);
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_NE(p.find("more than 1000000 nodes"), std::string::npos) << p.substr(0, 300);
  k8s::input_limits many;
  many.max_yaml_nodes = 10'000'000;
  const std::string q = problems_of(text, many);
  EXPECT_NE(q.find("p.yaml:3:1: volumePolicies: more than 10000 volume policies (200001): not read\n"
                   "  help: raise the limit with --max-volume-policies"),
            std::string::npos)
      << q.substr(0, 300);
}

TEST(hostile_policy, deep_json_policy_says_where) {
  const std::string text = R"({"version": "v1", "volumePolicies": )" + std::string(1000, '[') + std::string(1000, ']') +
                           "}";
  const std::string p = problems_of(text);
  // The document mapping is level 1: the 512th `[` is one too many.
  EXPECT_NE(p.find(
                "p.yaml:1:548: not valid YAML: nested more than 512 levels\n  help: raise the limit with --max-depth"),
            std::string::npos)
      << p;
}

TEST(hostile_policy, nul_and_invalid_utf8_are_rejected) {
  std::string nul = "version: v1\nvolumePolicies:\n- conditions: {storageClass: [\"gp";
  nul += '\0';
  nul += "2\"]}\n  action: {type: skip}\n";
  EXPECT_NE(problems_of(nul).find("p.yaml:3:34: not valid YAML: control characters are not allowed (0x00)"),
            std::string::npos)
      << problems_of(nul);
  const std::string bad =
      "version: v1\nvolumePolicies:\n- conditions: {storageClass: [gp\xfe]}\n  action: {type: skip}\n";
  EXPECT_NE(problems_of(bad).find("not valid YAML: invalid leading UTF-8 octet (0xFE)"), std::string::npos)
      << problems_of(bad);
}

// Velero reads the first document only (yaml.v3 Decode): what follows is not read, and said.
TEST(hostile_policy, content_after_the_document_is_reported) {
  const std::string flow = "{version: v1}\n{version: v2}\n";
  EXPECT_NE(problems_of(flow).find("p.yaml:2:1: warning: content after the first document is not read (did not find "
                                   "expected <document start>)\n  help: keep one policy document per file"),
            std::string::npos)
      << problems_of(flow);
  const std::string two = "version: v1\n---\nversion: v2\n";
  EXPECT_NE(problems_of(two).find("p.yaml:2:1: warning: content after the first document is not read: Velero reads "
                                  "only the first"),
            std::string::npos)
      << problems_of(two);
  EXPECT_EQ(problems_of("version: v1\n...\n"), "");
}

TEST(hostile_policy, a_folder_is_not_an_empty_policy) {
  const fs::path dir = fs::path(testing::TempDir()) / fmt::format("volpol-policy-dir-{}", ::getpid());
  fs::create_directories(dir);
  diagnostics out;
  EXPECT_FALSE(load_policy_file(dir.string(), out).has_value());
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out.items()[0].to_string(),
            dir.string() + ": cannot read the policy file: it is a folder; give the policy file itself");
}

TEST(hostile_policy, closed_standard_input_is_not_an_empty_policy) {
  const int saved = ::dup(STDIN_FILENO);
  ::close(STDIN_FILENO);
  diagnostics out;
  const auto doc = load_policy_file("-", out);
  ::dup2(saved, STDIN_FILENO);
  ::close(saved);
  EXPECT_FALSE(doc.has_value());
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out.items()[0].to_string(),
            "-: cannot read the policy file: standard input is not open (Bad file descriptor)");
}

TEST(hostile_policy, policy_through_a_fifo) {
  const fs::path fifo = fs::path(testing::TempDir()) / fmt::format("volpol-policy-fifo-{}", ::getpid());
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    std::ofstream(fifo)
        << "version: v1\nvolumePolicies:\n- conditions: {storageClass: [gp2]}\n  action: {type: skip}\n";
  });
  diagnostics out;
  const auto doc = load_policy_file(fifo.string(), out);
  writer.join();
  fs::remove(fifo);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->volume_policies.size(), 1U);
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace volpol::policy
