// The rule registry, the doc generated from it, suppression comments and the output formats.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <set>
#include <sstream>

#include "lint_fixture.h"
#include "volpol/detail/lint/output.h"
#include "volpol/detail/lint/suppression.h"

using namespace volpol::lint;
using volpol::testing::lint_policy;

// ---- registry -----------------------------------------------------------------------------
TEST(lint_rules, every_rule_has_a_unique_code_name_and_documentation) {
  std::set<std::string_view> codes, names;
  for (const rule_info& r : all_rules()) {
    EXPECT_TRUE(codes.insert(r.code).second) << r.code;
    EXPECT_TRUE(names.insert(r.name).second) << r.name;
    EXPECT_EQ(&info(r.id), &r) << r.code;
    EXPECT_EQ(r.code.size(), 5u);
    EXPECT_TRUE(r.code.starts_with(r.scope == rule_scope::document ? "VP1" : "VP2")) << r.code;
    EXPECT_GT(r.explanation.size(), 100u) << r.code;
    EXPECT_NE(r.default_level, level::info) << r.code;  // the issue: warnings or errors by default
  }
  EXPECT_EQ(find_rule("vp110"), &info(rule_id::unreachable_policy));
  EXPECT_EQ(find_rule("unreachable-policy"), &info(rule_id::unreachable_policy));
  EXPECT_EQ(find_rule("VP999"), nullptr);
  for (const rule_info& r : all_rules()) {
    EXPECT_NE(r.check, nullptr) << r.code;  // a row without its check would never find anything
    EXPECT_LE(r.pass, 3) << r.code;
  }
  // The rules that say a policy never matches run before the ones that skip such policies.
  EXPECT_LT(info(rule_id::unknown_volume_type).pass, info(rule_id::contradictory_conditions).pass);
  EXPECT_LT(info(rule_id::contradictory_conditions).pass, info(rule_id::unreachable_policy).pass);
  EXPECT_LT(info(rule_id::unreachable_policy).pass, info(rule_id::unsupported_fs_backup).pass);
}

TEST(lint_rules, doc_lint_rules_md_is_generated_from_the_registry) {
  const std::string path = std::string(VOLPOL_SOURCE_DIR) + "/doc/lint-rules.md";
  if (std::getenv("VOLPOL_UPDATE_GOLDEN") != nullptr) std::ofstream(path) << render_rule_doc();
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), render_rule_doc()) << "refresh with VOLPOL_UPDATE_GOLDEN=1";
}

TEST(lint_rules, explanation_names_code_severity_and_scope) {
  const std::string e = render_explanation(info(rule_id::unknown_volume_type));
  EXPECT_TRUE(e.starts_with("VP101 unknown-volume-type (error by default, document rule): ")) << e;
  for (std::size_t start = 0, end; (end = e.find('\n', start)) != std::string::npos; start = end + 1)
    EXPECT_LE(end - start, 80u);
}

// ---- suppressions ---------------------------------------------------------------------------
TEST(lint_suppression, trailing_and_preceding_comments) {
  const auto s = suppressions::parse(
      "a: 1  # volpol:ignore VP101\n"
      "# volpol:ignore unreachable-policy, VP102 -- a reason\n"
      "\n"
      "b: 2\n"
      "c: 3 # volpol:ignore\n"
      "d: 4 # volpol:ignore VP999\n"
      "e: 5 # volpol:ignored VP101\n");
  EXPECT_TRUE(s.silences(1, rule_id::unknown_volume_type));
  EXPECT_FALSE(s.silences(1, rule_id::unknown_pvc_phase));
  EXPECT_FALSE(s.silences(2, rule_id::unreachable_policy));
  EXPECT_TRUE(s.silences(4, rule_id::unreachable_policy));
  EXPECT_TRUE(s.silences(4, rule_id::unknown_pvc_phase));
  EXPECT_FALSE(s.silences(4, rule_id::unknown_volume_type));
  EXPECT_TRUE(s.silences(5, rule_id::conflicting_pod_annotations));  // no rule named: every rule
  EXPECT_FALSE(s.silences(6, rule_id::unknown_volume_type));         // unknown code: nothing
  EXPECT_FALSE(s.silences(7, rule_id::unknown_volume_type));
}

TEST(lint_suppression, comment_above_the_policy_silences_its_findings) {
  const std::string text =
      "version: v1\nvolumePolicies:\n# volpol:ignore VP101\n- conditions:\n    volumeTypes: [emptydir]\n"
      "  action: {type: skip}\n- conditions:\n    volumeTypes: [configmap] # volpol:ignore VP101\n"
      "  action: {type: skip}\n- conditions:\n    volumeTypes: [secrets]\n  action: {type: skip}\n";
  auto r = lint_policy(text);
  ASSERT_EQ(r->of(rule_id::unknown_volume_type).size(), 3u) << r->dump();
  std::map<std::string, suppressions> by_file{{"p.yaml", suppressions::parse(text)}};
  EXPECT_EQ(apply_suppressions(r->findings, by_file), 2u);
  ASSERT_EQ(r->findings.size(), 1u);
  EXPECT_EQ(r->findings[0].line, 11u);
}

// ---- output ---------------------------------------------------------------------------------
namespace {
std::vector<finding> sample() {
  finding doc;
  doc.rule = rule_id::unknown_volume_type;
  doc.severity = level::error;
  doc.file = "dir/my policy.yaml";
  doc.line = 7;
  doc.column = 9;
  doc.path = "volumePolicies[1].conditions.volumeTypes[0]";
  doc.message = "volumeTypes `emptydir` is no volume's type: volumePolicies[1] (skip) never matches";
  doc.help = "did you mean `emptyDir`?";
  finding obj;
  obj.rule = rule_id::volume_not_backed_up;
  obj.severity = level::warning;
  obj.object = "PersistentVolumeClaim shop/data";
  obj.message = "nothing backs up this volume's data, 100% sure";
  obj.help = "a, b: c";
  return {doc, obj};
}
}  // namespace

TEST(lint_output, text) {
  EXPECT_EQ(render_text(sample()),
            "dir/my policy.yaml:7:9: error VP101 unknown-volume-type: volumeTypes `emptydir` is no volume's type: "
            "volumePolicies[1] (skip) never matches\n"
            "  help: did you mean `emptyDir`?\n"
            "PersistentVolumeClaim shop/data: warning VP205 volume-not-backed-up: nothing backs up this volume's data, "
            "100% sure\n"
            "  help: a, b: c\n"
            "2 findings: 1 error, 1 warning, 0 info\n");
  EXPECT_EQ(render_text({}), "no findings\n");
}

TEST(lint_output, json_carries_every_field) {
  const YAML::Node doc = YAML::Load(render_json(sample()));
  ASSERT_TRUE(doc["findings"].IsSequence());
  ASSERT_EQ(doc["findings"].size(), 2u);
  const YAML::Node a = doc["findings"][0];
  EXPECT_EQ(a["rule"].as<std::string>(), "VP101");
  EXPECT_EQ(a["name"].as<std::string>(), "unknown-volume-type");
  EXPECT_EQ(a["severity"].as<std::string>(), "error");
  EXPECT_EQ(a["file"].as<std::string>(), "dir/my policy.yaml");
  EXPECT_EQ(a["line"].as<int>(), 7);
  EXPECT_EQ(a["column"].as<int>(), 9);
  EXPECT_EQ(a["path"].as<std::string>(), "volumePolicies[1].conditions.volumeTypes[0]");
  EXPECT_FALSE(a["object"]);
  EXPECT_EQ(a["help"].as<std::string>(), "did you mean `emptyDir`?");
  EXPECT_EQ(doc["findings"][1]["object"].as<std::string>(), "PersistentVolumeClaim shop/data");
  EXPECT_EQ(doc["summary"]["errors"].as<int>(), 1);
  EXPECT_EQ(doc["summary"]["warnings"].as<int>(), 1);
  EXPECT_EQ(YAML::Load(render_json({}))["findings"].size(), 0u);
}

// The SARIF 2.1.0 schema is not packaged for Debian (checked: no package ships
// sarif-schema-2.1.0.json), so the structure the schema requires is checked field by field:
// sarifLog {version "2.1.0", runs[]}; run {tool.driver.name (required), results[]};
// reportingDescriptor {id (required)}; result {message.text (required), ruleId, ruleIndex
// within driver.rules, level in none|note|warning|error}; physicalLocation {artifactLocation.uri,
// region.startLine >= 1, startColumn >= 1}; logicalLocation {fullyQualifiedName, kind}.
TEST(lint_output, sarif_2_1_0_structure) {
  const YAML::Node log = YAML::Load(render_sarif(sample()));
  EXPECT_EQ(log["version"].as<std::string>(), "2.1.0");
  EXPECT_EQ(log["$schema"].as<std::string>(), "https://json.schemastore.org/sarif-2.1.0.json");
  ASSERT_TRUE(log["runs"].IsSequence());
  ASSERT_EQ(log["runs"].size(), 1u);
  const YAML::Node run = log["runs"][0];
  const YAML::Node driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"].as<std::string>(), "volpol");
  ASSERT_EQ(driver["rules"].size(), all_rules().size());
  for (std::size_t i = 0; i < all_rules().size(); ++i) {
    const YAML::Node r = driver["rules"][i];
    EXPECT_EQ(r["id"].as<std::string>(), all_rules()[i].code);
    EXPECT_EQ(r["name"].as<std::string>(), all_rules()[i].name);
    EXPECT_FALSE(r["shortDescription"]["text"].as<std::string>().empty());
    EXPECT_FALSE(r["fullDescription"]["text"].as<std::string>().empty());
    const std::string lvl = r["defaultConfiguration"]["level"].as<std::string>();
    EXPECT_TRUE(lvl == "error" || lvl == "warning" || lvl == "note") << lvl;
  }
  EXPECT_EQ(run["columnKind"].as<std::string>(), "unicodeCodePoints");
  ASSERT_EQ(run["results"].size(), 2u);
  const YAML::Node a = run["results"][0];
  EXPECT_EQ(a["ruleId"].as<std::string>(), "VP101");
  EXPECT_EQ(driver["rules"][a["ruleIndex"].as<std::size_t>()]["id"].as<std::string>(), "VP101");
  EXPECT_EQ(a["level"].as<std::string>(), "error");
  EXPECT_EQ(a["message"]["text"].as<std::string>(),
            "volumeTypes `emptydir` is no volume's type: volumePolicies[1] (skip) never matches\nhelp: did you mean "
            "`emptyDir`?");
  const YAML::Node phys = a["locations"][0]["physicalLocation"];
  EXPECT_EQ(phys["artifactLocation"]["uri"].as<std::string>(), "dir/my%20policy.yaml");
  EXPECT_EQ(phys["region"]["startLine"].as<int>(), 7);
  EXPECT_EQ(phys["region"]["startColumn"].as<int>(), 9);
  EXPECT_EQ(a["locations"][0]["logicalLocations"][0]["fullyQualifiedName"].as<std::string>(),
            "volumePolicies[1].conditions.volumeTypes[0]");
  const YAML::Node b = run["results"][1];
  EXPECT_EQ(b["level"].as<std::string>(), "warning");
  EXPECT_FALSE(b["locations"][0]["physicalLocation"]);
  EXPECT_EQ(b["locations"][0]["logicalLocations"][0]["fullyQualifiedName"].as<std::string>(),
            "PersistentVolumeClaim shop/data");
  EXPECT_EQ(b["locations"][0]["logicalLocations"][0]["kind"].as<std::string>(), "resource");
  EXPECT_EQ(YAML::Load(render_sarif({}))["runs"][0]["results"].size(), 0u);
}

TEST(lint_output, github_annotations_are_escaped) {
  EXPECT_EQ(render_github(sample()),
            "::error file=dir/my policy.yaml,line=7,col=9,title=VP101 unknown-volume-type::volumeTypes `emptydir` is "
            "no volume's type: volumePolicies[1] (skip) never matches%0Ahelp: did you mean `emptyDir`?\n"
            "::warning title=VP205 volume-not-backed-up::PersistentVolumeClaim shop/data: nothing backs up this "
            "volume's data, 100%25 sure%0Ahelp: a, b: c\n");
}
