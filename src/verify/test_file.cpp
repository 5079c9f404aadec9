// Reading test files (the format: doc/test-files.md, schema/volpol-test.schema.json).
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "volpol/detail/plan/backup_source.h"
#include "volpol/detail/text_file.h"
#include "volpol/k8s/limits.h"
#include "volpol/plan/report.h"
#include "volpol/plan/request.h"
#include "volpol/verify/test_suite.h"

#include "text_escape.h"

namespace volpol::verify {

namespace fs = std::filesystem;

bool is_test_file_name(std::string_view name) {
  constexpr std::string_view exact = "volpol-test.yaml";
  constexpr std::string_view suffix = ".volpol-test.yaml";
  if (name == exact) return true;
  return name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix;
}

std::vector<std::string> find_test_files(const std::vector<std::string>& paths, diagnostics& problems) {
  std::set<std::string> found;
  for (const std::string& p : paths) {
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      diagnostic d = make_error("no such file or folder");
      d.where.file = p;
      problems.add(std::move(d));
      continue;
    }
    if (!fs::is_directory(st)) {
      found.insert(p);
      continue;
    }
    std::size_t here = 0;
    for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_regular_file(ec) && is_test_file_name(it->path().filename().string())) {
        found.insert(it->path().lexically_normal().string());
        ++here;
      }
    }
    if (ec) {
      diagnostic d = make_error(fmt::format("cannot read folder: {}", ec.message()));
      d.where.file = p;
      problems.add(std::move(d));
    } else if (here == 0) {
      diagnostic d = make_error("no test files (volpol-test.yaml, *.volpol-test.yaml) in this folder");
      d.where.file = p;
      problems.add(std::move(d));
    }
  }
  return {found.begin(), found.end()};
}

// ---- decoding -----------------------------------------------------------------------

namespace {

/// "fs-backup, csi-snapshot, ... or error": every method a test may expect.
std::string method_list() {
  std::string out;
  const std::size_t n = std::size(plan::method_labels);
  for (std::size_t i = 0; i < n; ++i)
    out += fmt::format("{}{}", i == 0 ? "" : (i + 1 == n ? " or " : ", "), plan::method_labels[i]);
  return out;
}

/// plan::reason_kind's names, from `none` to `error` (the last).
bool is_reason_kind(std::string_view s) {
  for (auto k = static_cast<std::uint8_t>(plan::reason_kind::none);; ++k) {
    const auto kind = static_cast<plan::reason_kind>(k);
    if (plan::to_string(kind) == s) return true;
    if (kind == plan::reason_kind::error) return false;
  }
}

std::string reason_kinds() {
  std::string out;
  for (auto k = static_cast<std::uint8_t>(plan::reason_kind::none);; ++k) {
    const auto kind = static_cast<plan::reason_kind>(k);
    out += fmt::format("{}{}", out.empty() ? "" : ", ", plan::to_string(kind));
    if (kind == plan::reason_kind::error) return out;
  }
}

class reader {
 public:
  reader(std::string path, diagnostics& problems)
      : path_(std::move(path)), dir_(fs::path(path_).parent_path()), problems_(problems) {}

  source_location at(const YAML::Node& n, std::string where) const {
    source_location l;
    l.file = path_;
    const YAML::Mark m = n.Mark();
    if (!m.is_null()) {
      l.line = static_cast<std::uint32_t>(m.line + 1);
      l.column = static_cast<std::uint32_t>(m.column + 1);
    }
    l.path = std::move(where);
    return l;
  }
  void error(const YAML::Node& n, std::string where, std::string message, std::string help = {}) {
    diagnostic d = make_error(std::move(message));
    d.where = at(n, std::move(where));
    d.help = std::move(help);
    problems_.add(std::move(d));
    ++errors_;
  }
  [[nodiscard]] std::size_t errors() const { return errors_; }
  [[nodiscard]] const std::string& path() const { return path_; }

  /// A path in the test file, relative to it.
  [[nodiscard]] std::string resolve(const std::string& p) const {
    if (p == "-" || fs::path(p).is_absolute() || dir_.empty()) return p;
    return (dir_ / p).lexically_normal().string();
  }

  /// Checks that `n` is a mapping with only `allowed` keys.
  bool mapping(const YAML::Node& n, const std::string& where, std::initializer_list<std::string_view> allowed) {
    if (!n.IsMap()) {
      error(n, where, "expected a mapping");
      return false;
    }
    bool ok = true;
    key_lines seen;
    for (const auto& kv : n) {
      const std::string key = kv.first.Scalar();
      if (!first_time(seen, kv.first, where)) continue;  // an error, but the rest is still read
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
        std::string keys;
        for (std::string_view a : allowed) keys += fmt::format("{}`{}`", keys.empty() ? "" : ", ", a);
        error(kv.first, where.empty() ? key : where + "." + key, fmt::format("unknown key `{}`", key),
              "known keys: " + keys);
        ok = false;
      }
    }
    return ok;
  }

  std::optional<std::string> scalar(const YAML::Node& n, const std::string& where) {
    if (!n.IsScalar()) {
      error(n, where, "expected a string");
      return std::nullopt;
    }
    return n.Scalar();
  }

  std::optional<bool> boolean(const YAML::Node& n, const std::string& where) {
    bool b = false;
    if (!n.IsScalar() || !YAML::convert<bool>::decode(n, b)) {
      error(n, where, "expected `true` or `false`");
      return std::nullopt;
    }
    return b;
  }

  std::vector<std::string> strings(const YAML::Node& n, const std::string& where) {
    std::vector<std::string> out;
    if (n.IsScalar()) {  // `a,b` as on the command line
      std::stringstream ss(n.Scalar());
      std::string item;
      while (std::getline(ss, item, ','))
        if (!item.empty()) out.push_back(item);
      return out;
    }
    if (!n.IsSequence()) {
      error(n, where, "expected a list of strings");
      return out;
    }
    for (std::size_t i = 0; i < n.size(); ++i)
      if (auto s = scalar(n[i], fmt::format("{}[{}]", where, i))) out.push_back(*s);
    return out;
  }

  /// A file's text (for Backup/Schedule files).
  std::optional<std::string> read_text(const YAML::Node& n, const std::string& where, const std::string& file) {
    result<std::string> text = read_text_file(file, k8s::input_limits{}.max_object_bytes);
    if (const diagnostic* e = text.error()) {
      error(n, where, fmt::format("cannot read `{}`: {}", file, e->message));
      return std::nullopt;
    }
    return std::move(text).value();
  }

  void policy(const YAML::Node& n, const std::string& where, policy_source& out) {
    out = {};
    if (n.IsNull()) return;
    if (n.IsScalar()) {
      out.path = resolve(n.Scalar());
      return;
    }
    if (!n.IsMap()) {
      error(n, where, "expected a file path or an inline policy document");
      return;
    }
    out.text = emit(n);
    out.label = fmt::format("{} ({}, inline)", path_, where);
  }

  void cluster(const YAML::Node& n, const std::string& where, scenario& s) {
    s.cluster_paths.clear();
    s.cluster_objects.clear();
    auto one = [&](const YAML::Node& item, const std::string& w) {
      if (item.IsScalar()) {
        s.cluster_paths.push_back(resolve(item.Scalar()));
      } else if (item.IsMap()) {
        const YAML::Mark m = item.Mark();
        s.cluster_objects.push_back(
            {emit(item), fmt::format("{} ({}, inline, line {})", path_, w, m.is_null() ? 0 : m.line + 1)});
      } else {
        error(item, w, "expected a path or an inline Kubernetes object");
      }
    };
    if (n.IsSequence()) {
      for (std::size_t i = 0; i < n.size(); ++i) one(n[i], fmt::format("{}[{}]", where, i));
    } else {
      one(n, where);
    }
  }

  /// A mapping's keys met so far, and the line of each.
  using key_lines = std::map<std::string, int>;

  /// Whether `key` (of the mapping at `where`) is met for the first time in `seen`; a second
  /// equal key is an error, as in a policy (yaml-cpp would keep only one of them).
  bool first_time(key_lines& seen, const YAML::Node& key, const std::string& where) {
    const std::string name = key.IsScalar() ? key.Scalar() : std::string();
    const int line = key.Mark().is_null() ? 0 : key.Mark().line + 1;
    const auto [first, fresh] = seen.emplace(name, line);
    if (!fresh)
      error(key, where.empty() ? name : where + "." + name,
            fmt::format("duplicate key `{}` (first defined at line {})", name, first->second),
            "only one of them would be read: keep one");
    return fresh;
  }

  /// first_time for every mapping inside `n`, at any depth.
  void no_duplicate_keys(const YAML::Node& n, const std::string& where) {
    if (n.IsSequence()) {
      for (std::size_t i = 0; i < n.size(); ++i) no_duplicate_keys(n[i], fmt::format("{}[{}]", where, i));
      return;
    }
    if (!n.IsMap()) return;
    key_lines seen;
    for (const auto& kv : n) {
      (void)first_time(seen, kv.first, where);
      no_duplicate_keys(kv.second, where.empty() ? kv.first.Scalar() : where + "." + kv.first.Scalar());
    }
  }

  /// `backup:` BackupSpec fields, a Backup or Schedule object, or a path to one.
  void backup(const YAML::Node& n, const std::string& where, plan::backup_options& out) {
    no_duplicate_keys(n, where);
    std::string text, source = fmt::format("{} ({})", path_, where);
    YAML::Node obj = n;
    if (n.IsScalar()) {
      const std::string file = resolve(n.Scalar());
      auto t = read_text(n, where, file);
      if (!t) return;
      try {
        obj.reset(YAML::Load(*t));  // rebinds: `obj = ...` would write into `n`
      } catch (const YAML::Exception& e) {
        error(n, where, fmt::format("`{}` is not YAML: {}", file, e.msg));
        return;
      }
      source = file;
    } else if (!n.IsMap()) {
      error(n, where, "expected BackupSpec fields, a Backup or Schedule object, or a path to one");
      return;
    }
    YAML::Node backup_obj;
    if (obj.IsMap() && obj["kind"] && obj["kind"].IsScalar()) {
      const std::string kind = obj["kind"].Scalar();
      if (kind == "Backup" || kind == "Schedule") {
        // A Schedule's spec.template is the BackupSpec of every backup it creates
        // (k8s::backup_from_text reads it, and warns about the Schedule's own fields too).
        backup_obj = obj;
      } else {
        error(obj["kind"], where + ".kind", fmt::format("expected `kind: Backup` or `kind: Schedule`, not `{}`", kind));
        return;
      }
    } else if (obj.IsMap()) {
      backup_obj["apiVersion"] = "velero.io/v1";
      backup_obj["kind"] = "Backup";
      backup_obj["spec"] = obj;
    } else {
      error(n, where, "expected BackupSpec fields, a Backup or Schedule object");
      return;
    }
    auto parsed = k8s::backup_from_text(emit(backup_obj), source);
    if (const diagnostic* e = parsed.error()) {
      error(n, where, e->to_string());
      return;
    }
    // What `volpol plan --backup` warns about (an unknown field: `snapshotVolume`) fails the
    // test file: a misspelt key must not make a test pass.
    for (const diagnostic& w : parsed->warnings) error(n, where, w.message, w.help);
    out = plan::backup_options_from(parsed->backup);
  }

  void server(const YAML::Node& n, const std::string& where, plan::server_options& out) {
    out = {};
    if (const YAML::Node l = n.IsMap() ? n["volumeSnapshotLocations"] : YAML::Node())
      no_duplicate_keys(l, where + ".volumeSnapshotLocations");
    if (!mapping(n, where, {"features", "volumeSnapshotLocations", "defaultVolumesToFsBackup", "veleroVersion"}))
      return;
    if (const YAML::Node v = n["veleroVersion"])
      if (auto name = scalar(v, where + ".veleroVersion")) {
        if (const auto release = parse_velero_version(*name))
          out.velero = {.version = *release, .source = plan::velero_release_source::flag};
        else
          error(v, where + ".veleroVersion", fmt::format("unknown Velero version `{}`", *name),
                fmt::format("known are {}", known_velero_versions_text()));
      }
    // --features and --volume-snapshot-locations, checked as `volpol plan` checks its flags.
    std::optional<std::string> features;
    if (const YAML::Node f = n["features"]) {
      std::string list;
      for (const std::string& s : strings(f, where + ".features")) list += (list.empty() ? "" : ",") + s;
      features = list;
    }
    std::vector<std::string> locations;
    const YAML::Node l = n["volumeSnapshotLocations"];
    if (l && l.IsMap()) {
      for (const auto& kv : l)
        locations.push_back((kv.first.IsScalar() ? kv.first.Scalar() : "") + "=" +
                            (kv.second.IsScalar() ? kv.second.Scalar() : ""));
    } else if (l) {
      locations = strings(l, where + ".volumeSnapshotLocations");
    }
    auto settings = plan::server_settings(features, locations, {});
    if (const diagnostic* e = settings.error()) {
      const bool about_features = e->where.file == "--features";
      error(about_features ? n["features"] : l, where + (about_features ? ".features" : ".volumeSnapshotLocations"),
            e->message, e->help);
    } else {
      const plan::velero_release_choice velero = out.velero;
      out = std::move(settings).value();
      out.velero = velero;
    }
    if (const YAML::Node d = n["defaultVolumesToFsBackup"])
      if (auto b = boolean(d, where + ".defaultVolumesToFsBackup")) out.default_volumes_to_fs_backup = *b;
  }

  /// policy, globalPolicy, cluster, backup, server of `n` into `s` (only those present).
  void inputs(const YAML::Node& n, const std::string& prefix, scenario& s) {
    auto where = [&](const char* key) { return prefix.empty() ? std::string(key) : prefix + "." + key; };
    if (const YAML::Node p = n["policy"]) policy(p, where("policy"), s.policy);
    if (const YAML::Node p = n["globalPolicy"]) policy(p, where("globalPolicy"), s.global_policy);
    if (const YAML::Node c = n["cluster"]) cluster(c, where("cluster"), s);
    if (const YAML::Node b = n["backup"]) backup(b, where("backup"), s.backup);
    if (const YAML::Node v = n["server"]) server(v, where("server"), s.server);
  }

  std::vector<expectation> expectations(const YAML::Node& n, const std::string& where) {
    std::vector<expectation> out;
    if (!n.IsSequence()) {
      error(n, where, "expected a list of volume expectations");
      return out;
    }
    for (std::size_t i = 0; i < n.size(); ++i) {
      const YAML::Node item = n[i];
      const std::string w = fmt::format("{}[{}]", where, i);
      if (!mapping(item, w, {"volume", "pvc", "pv", "method", "policy", "reasonKind", "snapshotClass", "dataMover"}))
        continue;
      expectation e;
      e.where = at(item, w);
      auto text = [&](const char* key, std::string& target) {
        if (const YAML::Node v = item[key])
          if (auto s = scalar(v, w + "." + key)) target = *s;
      };
      auto optional_text = [&](const char* key, std::optional<std::string>& target) {
        if (const YAML::Node v = item[key]) {
          if (v.IsNull()) target = std::string();
          else if (auto s = scalar(v, w + "." + key)) target = *s;
        }
      };
      text("volume", e.select.volume);
      text("pvc", e.select.pvc);
      text("pv", e.select.pv);
      optional_text("method", e.method);
      optional_text("policy", e.policy);
      optional_text("reasonKind", e.reason_kind);
      optional_text("snapshotClass", e.snapshot_class);
      optional_text("dataMover", e.data_mover);
      if (e.select.volume.empty() && e.select.pvc.empty() && e.select.pv.empty()) {
        error(item, w, "names no volume", "give `volume: NS/POD/VOLUME`, `pvc: NS/NAME` or `pv: NAME`");
        continue;
      }
      if (!e.select.volume.empty() && std::count(e.select.volume.begin(), e.select.volume.end(), '/') != 2)
        error(item["volume"], w + ".volume", fmt::format("`{}` is not NS/POD/VOLUME", e.select.volume));
      if (!e.select.pvc.empty() && std::count(e.select.pvc.begin(), e.select.pvc.end(), '/') != 1)
        error(item["pvc"], w + ".pvc", fmt::format("`{}` is not NS/NAME", e.select.pvc));
      if (!e.method) {
        error(item, w, "no `method`", method_list());
        continue;
      }
      if (std::find(std::begin(plan::method_labels), std::end(plan::method_labels), *e.method) ==
          std::end(plan::method_labels))
        error(item["method"], w + ".method", fmt::format("unknown method `{}`", *e.method), method_list());
      if (e.reason_kind && !is_reason_kind(*e.reason_kind))
        error(item["reasonKind"], w + ".reasonKind", fmt::format("unknown reason kind `{}`", *e.reason_kind),
              "one of: " + reason_kinds());
      out.push_back(std::move(e));
    }
    return out;
  }

  static std::string emit(const YAML::Node& n) { return detail::yaml_text(n) + "\n"; }

 private:
  std::string path_;
  fs::path dir_;
  diagnostics& problems_;
  std::size_t errors_ = 0;
};

}  // namespace

namespace {
std::optional<test_file> decode_test_file(const std::string& path, const YAML::Node& root, diagnostics& problems);
}  // namespace

std::optional<test_file> load_test_file(const std::string& path, diagnostics& problems) {
  const result<std::string> text = read_text_file(path, k8s::input_limits{}.max_object_bytes);
  if (const diagnostic* e = text.error()) {
    diagnostic d = make_error(fmt::format("cannot read the test file: {}", e->message));
    d.where.file = path;
    problems.add(std::move(d));
    return std::nullopt;
  }
  return parse_test_file(text.value(), path, problems);
}

namespace {

/// A yaml-cpp exception as a problem at its mark in `path`.
void add_yaml_problem(diagnostics& problems, const std::string& path, const std::string& what,
                      const YAML::Exception& e) {
  diagnostic d = make_error(what + e.msg);
  d.where.file = path;
  d.where.line = static_cast<std::uint32_t>(e.mark.line + 1);
  d.where.column = static_cast<std::uint32_t>(e.mark.column + 1);
  problems.add(std::move(d));
}

}  // namespace

std::optional<test_file> parse_test_file(std::string_view text, const std::string& path, diagnostics& problems) {
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    add_yaml_problem(problems, path, "not YAML: ", e);
    return std::nullopt;
  }
  try {
    return decode_test_file(path, root, problems);
  } catch (const YAML::Exception& e) {  // a shape the checks above did not foresee: still an error, not a crash
    add_yaml_problem(problems, path, "cannot read the test file: ", e);
    return std::nullopt;
  }
}

namespace {

std::optional<test_file> decode_test_file(const std::string& path, const YAML::Node& root, diagnostics& problems) {
  reader r(path, problems);
  if (!r.mapping(root, "", {"name", "policy", "globalPolicy", "cluster", "backup", "server", "tests", "expect"}))
    return std::nullopt;
  test_file out;
  out.path = path;
  scenario defaults;
  r.inputs(root, "", defaults);
  std::string file_name = fs::path(path).filename().string();
  if (const YAML::Node n = root["name"])
    if (auto s = r.scalar(n, "name")) file_name = *s;

  if (const YAML::Node e = root["expect"]) {
    test_case t;
    t.name = file_name;
    t.inputs = defaults;
    t.where = r.at(root, "");
    t.file_level = true;
    t.expect = r.expectations(e, "expect");
    out.cases.push_back(std::move(t));
  }
  if (const YAML::Node tests = root["tests"]) {
    if (!tests.IsSequence()) {
      r.error(tests, "tests", "expected a list of tests");
    } else {
      for (std::size_t i = 0; i < tests.size(); ++i) {
        const YAML::Node item = tests[i];
        const std::string w = fmt::format("tests[{}]", i);
        if (!r.mapping(item, w, {"name", "policy", "globalPolicy", "cluster", "backup", "server", "expect"})) continue;
        test_case t;
        t.index = i;
        t.where = r.at(item, w);
        t.name = fmt::format("{} #{}", file_name, i + 1);
        if (const YAML::Node n = item["name"])
          if (auto s = r.scalar(n, w + ".name")) t.name = *s;
        t.inputs = defaults;
        r.inputs(item, w, t.inputs);
        if (const YAML::Node e = item["expect"]) t.expect = r.expectations(e, w + ".expect");
        out.cases.push_back(std::move(t));
      }
    }
  }
  if (out.cases.empty() && r.errors() == 0) {
    diagnostic d = make_error("no tests: give `tests` (a list) or `expect`");
    d.where.file = path;
    problems.add(std::move(d));
    return std::nullopt;
  }
  if (r.errors() > 0) return std::nullopt;
  return out;
}

}  // namespace

}  // namespace volpol::verify
