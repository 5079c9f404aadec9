#include "corpus.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "volpol/detail/value_yaml.h"

namespace volpol::conformance {

namespace fs = std::filesystem;

namespace {

void collect_files(const fs::path& p, std::vector<fs::path>& out, std::vector<corpus_file_error>& errors) {
  std::error_code ec;
  if (fs::is_directory(p, ec)) {
    for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_regular_file() && it->path().extension() == ".yaml") out.push_back(it->path());
    }
    if (ec) errors.push_back({p.string(), "cannot list folder: " + ec.message()});
  } else if (fs::is_regular_file(p, ec)) {
    out.push_back(p);
  } else {
    errors.push_back({p.string(), "no such file or folder"});
  }
}

}  // namespace

std::vector<corpus_case> load_corpus(const std::vector<std::string>& paths, std::vector<corpus_file_error>& errors,
                                     velero_version version) {
  std::vector<fs::path> files;
  for (const auto& p : paths) collect_files(p, files, errors);
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());

  std::vector<corpus_case> cases;
  for (const auto& f : files) {
    YAML::Node root;
    try {
      std::ifstream in(f, std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      root = YAML::Load(text);
      volpol::repair_yaml_escapes(root, text);  // `\N`, `\_` as Go's yaml.v3 decodes them
    } catch (const YAML::Exception& e) {
      errors.push_back({f.string(), std::string("not YAML: ") + e.what()});
      continue;
    }
    const YAML::Node list = root["cases"];
    if (!list || !list.IsSequence()) {
      errors.push_back({f.string(), "no `cases:` list"});
      continue;
    }
    const std::optional<std::string> file_version = scalar(root, "veleroVersion");
    std::size_t index = 0;
    for (YAML::Node c : list) {
      corpus_case cc;
      cc.file = f.string();
      cc.node = c;
      cc.name = scalar(c, "name").value_or("case #" + std::to_string(index));
      cc.from = scalar(c, "from").value_or("");
      cc.op = scalar(c, "op").value_or("");
      const std::optional<std::string> named = scalar(c, "veleroVersion") ? scalar(c, "veleroVersion") : file_version;
      if (named && !parse_velero_version(*named)) {
        cc.op = "";  // fails as a case: the runner reports it
        cc.version_error = "unknown veleroVersion `" + *named + "`: known are " + known_velero_versions_text();
      }
      if (c.IsMap())
        c["veleroVersion"] = std::string(to_string(named ? parse_velero_version(*named).value_or(version) : version));
      cases.push_back(std::move(cc));
      ++index;
    }
  }
  return cases;
}

velero_version case_version(const YAML::Node& c) {
  const auto named = scalar(c, "veleroVersion");
  return named ? parse_velero_version(*named).value_or(default_velero_version) : default_velero_version;
}

std::optional<std::string> scalar(const YAML::Node& node, const char* key) {
  if (!node.IsMap()) return std::nullopt;
  const YAML::Node v = node[key];
  if (!v || !v.IsScalar()) return std::nullopt;
  return v.Scalar();
}

std::string render(const YAML::Node& node) {
  YAML::Emitter e;
  e.SetMapFormat(YAML::Flow);
  e.SetSeqFormat(YAML::Flow);
  e << node;
  return e.c_str();
}

std::vector<std::string> missing_mentions(const YAML::Node& expect, const std::string& message) {
  std::vector<std::string> missing;
  const YAML::Node words = expect["errorMentions"];
  if (!words || !words.IsSequence()) return missing;
  std::string lower = message;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
  for (const YAML::Node& w : words) {
    std::string word = w.Scalar();
    std::string lw = word;
    std::transform(lw.begin(), lw.end(), lw.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (lower.find(lw) == std::string::npos) missing.push_back(word);
  }
  return missing;
}

}  // namespace volpol::conformance
