// `volpol plan`'s table never passes control bytes of the inputs to the terminal: an ESC in a
// name or a newline in a YAML block scalar is escaped as in messages, and each volume stays on
// one row; a huge name does not widen every row. `-o yaml` escapes what YAML does not allow.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <yaml-cpp/yaml.h>

#include "cli_runner.h"

using volpol::testing::run_cli;

namespace {

TEST(plan_table, control_bytes_of_names_are_escaped) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("volpol-table-escape-" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << R"({"apiVersion":"v1","kind":"PersistentVolumeClaim",)"
                      << R"("metadata":{"name":"a\u001b[31mX","namespace":"ns"},)"
                      << R"("spec":{"storageClassName":"gp\u001b3\nz"}})";
  const auto r = run_cli({"plan", "-f", path.string(), "-o", "wide"});
  std::filesystem::remove(path);
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("a\\x1B[31mX"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("gp\\x1B3\\nz"), std::string::npos) << r.out;
  // Header and one row before the blank line of the summary.
  const std::string rows = r.out.substr(0, r.out.find("\n\n"));
  EXPECT_EQ(std::count(rows.begin(), rows.end(), '\n'), 1) << r.out;
}

// A name far past Kubernetes' limits (a hand-made or corrupted dump) overflows its column; it
// does not widen every row (3,000 rows and a 1 MB name made a 3 GB table, then bad_alloc).
TEST(plan_table, a_huge_name_does_not_widen_every_row) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("volpol-table-wide-" + std::to_string(::getpid()) + ".json");
  {
    std::ofstream f(path);
    f << R"({"apiVersion":"v1","kind":"List","items":[)";
    for (int i = 0; i < 300; ++i)
      f << (i ? "," : "") << R"({"kind":"PersistentVolumeClaim","metadata":{"name":")"
        << (i == 7 ? std::string(100000, 'x') : "pvc-" + std::to_string(i)) << R"(","namespace":"ns"}})";
    f << "]}";
  }
  const auto r = run_cli({"plan", "-f", path.string(), "-o", "wide"});
  std::filesystem::remove(path);
  EXPECT_NE(r.out.find(std::string(100000, 'x')), std::string::npos);  // printed whole
  EXPECT_LT(r.out.size(), 100000U + 301U * 1500U) << "every row padded to the huge name";
  // A short row: its PVC column padded to 253 at most.
  const std::size_t at = r.out.find("pvc-8 ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(r.out.find_first_not_of(' ', at + 5), at + 253 + 2);
}

// YAML allows no DEL (0x7F) in any scalar, and yaml-cpp writes it raw: a name with one is
// written escaped, and reads back the same.
TEST(plan_yaml, a_del_byte_in_a_name_is_escaped) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("volpol-yaml-del-" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << R"({"apiVersion":"v1","kind":"PersistentVolumeClaim",)"
                      << R"("metadata":{"name":"a\u007fb\u00e9","namespace":"ns"},"spec":{"storageClassName":"gp3"}})";
  const auto r = run_cli({"plan", "-f", path.string(), "-o", "yaml"});
  std::filesystem::remove(path);
  EXPECT_EQ(r.out.find('\x7f'), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(R"(pvcName: "a\x7fb\xe9")"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(R"(pvcNamespace: "ns")"), std::string::npos) << r.out;  // others as before
  const YAML::Node doc = YAML::Load(r.out);
  EXPECT_EQ(doc["volumes"][0]["pvcName"].as<std::string>(),
            "a\x7f"
            "b\xc3\xa9");
}

}  // namespace
