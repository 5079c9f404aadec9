// `volpol test --update`: write what the plan says now as the tests' expectations.
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <map>
#include <sstream>

#include "volpol/verify/test_suite.h"

#include "text_escape.h"

namespace volpol::verify {

namespace {

YAML::Node selector_node(const volume_selector& s) {
  YAML::Node n(YAML::NodeType::Map);
  if (!s.volume.empty()) n["volume"] = s.volume;
  if (!s.pvc.empty()) n["pvc"] = s.pvc;
  if (!s.pv.empty()) n["pv"] = s.pv;
  return n;
}

/// The expectations the plan now satisfies, for one test.
YAML::Node new_expectations(const case_result& c) {
  YAML::Node list(YAML::NodeType::Sequence);
  if (c.test->expect.empty()) {
    for (const auto& [select, o] : c.planned_volumes) {
      YAML::Node n = selector_node(select);
      n["method"] = o.method;
      if (!o.policy.empty()) n["policy"] = o.policy;
      n["reasonKind"] = o.reason_kind;
      if (!o.snapshot_class.empty()) n["snapshotClass"] = o.snapshot_class;
      if (!o.data_mover.empty()) n["dataMover"] = o.data_mover;
      list.push_back(n);
    }
    return list;
  }
  for (const expectation_result& r : c.checks) {
    const expectation& e = *r.expect;
    YAML::Node n = selector_node(e.select);
    if (!r.problem.empty()) {  // no single volume to take values from: keep it as written
      if (e.method) n["method"] = *e.method;
      if (e.policy) n["policy"] = *e.policy;
      if (e.reason_kind) n["reasonKind"] = *e.reason_kind;
      if (e.snapshot_class) n["snapshotClass"] = *e.snapshot_class;
      if (e.data_mover) n["dataMover"] = *e.data_mover;
    } else {
      n["method"] = r.got.method;
      if (e.policy) n["policy"] = detail::or_none(r.got.policy);
      if (e.reason_kind) n["reasonKind"] = r.got.reason_kind;
      if (e.snapshot_class) n["snapshotClass"] = detail::or_none(r.got.snapshot_class);
      if (e.data_mover) n["dataMover"] = detail::or_none(r.got.data_mover);
    }
    list.push_back(n);
  }
  return list;
}

}  // namespace

std::vector<std::string> update_test_files(const run_summary& s, const std::vector<test_file>& files,
                                           diagnostics& problems) {
  std::map<std::string, std::vector<const case_result*>> by_file;
  for (const case_result& c : s.cases) by_file[c.file].push_back(&c);
  std::vector<std::string> written;
  for (const test_file& f : files) {
    const auto it = by_file.find(f.path);
    if (it == by_file.end()) continue;
    bool runnable = true;
    for (const case_result* c : it->second) runnable = runnable && c->planned;
    if (!runnable) {
      diagnostic d = make_error("not updated: a test could not run (see above)");
      d.where.file = f.path;
      problems.add(std::move(d));
      continue;
    }
    YAML::Node root;
    try {
      root = YAML::LoadFile(f.path);
    } catch (const YAML::Exception& e) {
      diagnostic d = make_error("not updated: " + e.msg);
      d.where.file = f.path;
      problems.add(std::move(d));
      continue;
    }
    for (const case_result* c : it->second) {
      if (c->test->file_level) root["expect"] = new_expectations(*c);
      else root["tests"][c->test->index]["expect"] = new_expectations(*c);
    }
    const std::string text = detail::yaml_text(root);
    std::ofstream out(f.path, std::ios::binary | std::ios::trunc);
    out << text << "\n";
    if (!out) {
      diagnostic d = make_error("cannot write the test file");
      d.where.file = f.path;
      problems.add(std::move(d));
      continue;
    }
    written.push_back(f.path);
  }
  return written;
}

}  // namespace volpol::verify
