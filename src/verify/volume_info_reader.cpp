// Reading a backup's BackupVolumeInfo array: JSON (simdjson), gzip and tar (libarchive).
#include <archive.h>
#include <archive_entry.h>
#include <fmt/format.h>
#include <simdjson.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "volpol/verify/audit.h"

namespace volpol::verify {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t max_bytes = std::size_t{256} << 20;

diagnostic error_at(std::string_view source, std::string message, std::string path = {}) {
  diagnostic d = make_error(std::move(message), std::move(path));
  d.where.file = std::string(source);
  return d;
}

/// Reads one JSON object's fields into a struct by the table plan::for_each_field shares with
/// the writer; the first wrong type is kept. Go's json.Unmarshal: a null leaves the zero value,
/// unknown fields are ignored, field names match exactly here (Velero writes them so).
class field_reader {
 public:
  field_reader(simdjson::dom::object o, std::string path, std::string& error)
      : o_(o), path_(std::move(path)), error_(error) {}

  void operator()(const char* key, std::string& out, plan::omit /*unused*/) {
    if (auto e = find(key)) {
      std::string_view s;
      if (e->get_string().get(s) != simdjson::SUCCESS) return wrong(key, "a string");
      out = std::string(s);
    }
  }
  void operator()(const char* key, std::int64_t& out, plan::omit /*unused*/) {
    if (auto e = find(key))
      if (e->get_int64().get(out) != simdjson::SUCCESS) wrong(key, "an integer");
  }
  void operator()(const char* key, bool& out, plan::omit /*unused*/) {
    if (auto e = find(key))
      if (e->get_bool().get(out) != simdjson::SUCCESS) wrong(key, "true or false");
  }
  void operator()(const char* key, std::optional<bool>& out, plan::omit /*unused*/) {
    if (auto e = find(key)) {
      bool b = false;
      if (e->get_bool().get(b) != simdjson::SUCCESS) return wrong(key, "true, false or null");
      out = b;
    }
  }
  void operator()(const char* key, k8s::string_map& out, plan::omit /*unused*/) {
    const auto o = object(key);
    if (!o) return;
    std::vector<k8s::string_map::entry> entries;
    for (auto [k, v] : *o) {
      std::string_view s;
      if (v.get_string().get(s) != simdjson::SUCCESS) {
        if (error_.empty()) error_ = fmt::format("{}.{}.{}: expected a string", path_, key, std::string_view(k));
        return;
      }
      entries.emplace_back(std::string(k), std::string(s));
    }
    out = k8s::string_map(std::move(entries));
  }
  template <class S>
  void operator()(const char* key, std::optional<S>& out, plan::omit /*unused*/) {
    const auto o = object(key);
    if (!o) return;
    S s;
    plan::for_each_field(s, field_reader(*o, path_ + "." + key, error_));
    out = std::move(s);
  }

 private:
  /// The field `key` when present and not null.
  std::optional<simdjson::dom::element> find(const char* key) const {
    simdjson::dom::element e;
    if (o_[key].get(e) != simdjson::SUCCESS || e.is_null()) return std::nullopt;
    return e;
  }
  /// The nested object `key`, if present and not null.
  std::optional<simdjson::dom::object> object(const char* key) {
    const auto e = find(key);
    if (!e) return std::nullopt;
    simdjson::dom::object o;
    if (e->get_object().get(o) != simdjson::SUCCESS) {
      wrong(key, "an object");
      return std::nullopt;
    }
    return o;
  }
  void wrong(const char* key, const char* expected) {
    if (error_.empty()) error_ = fmt::format("{}.{}: expected {}", path_, key, expected);
  }
  simdjson::dom::object o_;
  std::string path_;
  std::string& error_;
};

}  // namespace

result<std::vector<plan::backup_volume_info>> parse_backup_volume_infos(std::string_view json,
                                                                        std::string_view source) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(json);
  simdjson::dom::element root;
  if (auto err = parser.parse(padded).get(root); err != simdjson::SUCCESS)
    return error_at(source, fmt::format("not JSON: {}", simdjson::error_message(err)));
  simdjson::dom::array items;
  if (root.is_null()) return std::vector<plan::backup_volume_info>{};  // a nil slice
  if (root.get_array().get(items) != simdjson::SUCCESS)
    return error_at(source, "not a BackupVolumeInfo array (expected a JSON array)");
  std::vector<plan::backup_volume_info> out;
  std::size_t index = 0;
  for (simdjson::dom::element item : items) {
    const std::string path = fmt::format("[{}]", index++);
    simdjson::dom::object obj;
    if (item.get_object().get(obj) != simdjson::SUCCESS) return error_at(source, "expected an object", path);
    std::string error;
    plan::backup_volume_info v;
    plan::for_each_field(v, field_reader(obj, path, error));
    if (!error.empty()) return error_at(source, error);
    // Go's json.Unmarshal ignores unknown fields, so `[{"foo": 1}]` decodes; but an entry that
    // names no volume (no pvcName, pvName or pvbInfo) is not what Velero writes
    // (pkg/backup/backup.go BackupVolumeInfos): it is not a volume info file.
    if (v.pvc_name.empty() && v.pv_name.empty() && !v.pvb) {
      std::string found;
      std::size_t keys = 0;
      for (const auto field : obj) {
        if (keys++ == 8) {
          found += ", ...";
          break;
        }
        found += fmt::format("{}`{}`", found.empty() ? "" : ", ", escape_text(field.key));
      }
      return error_at(source,
                      fmt::format("not a BackupVolumeInfo array: the entry names no volume (no pvcName, pvName or "
                                  "pvbInfo); it has {}",
                                  found.empty() ? std::string("no fields") : "the fields " + found),
                      path);
    }
    out.push_back(std::move(v));
  }
  return out;
}

// ---- files, gzip, tar -------------------------------------------------------------------

namespace {

struct archive_closer {
  void operator()(archive* a) const { archive_read_free(a); }
};
using archive_ptr = std::unique_ptr<archive, archive_closer>;

bool is_volume_info_name(std::string_view name) {
  const auto slash = name.rfind('/');
  if (slash != std::string_view::npos) name = name.substr(slash + 1);
  auto ends = [&](std::string_view s) { return name.size() >= s.size() && name.substr(name.size() - s.size()) == s; };
  return ends("volumeinfo.json.gz") || ends("volumeinfo.json");
}

/// Reads the current entry (at most max_bytes).
result<std::string> read_entry(archive* a, std::string_view label) {
  std::string out;
  char buf[1 << 16];
  for (;;) {
    const la_ssize_t n = archive_read_data(a, buf, sizeof buf);
    if (n < 0)
      return error_at(label, fmt::format("cannot read: {}",
                                         archive_error_string(a) ? archive_error_string(a) : "corrupt data"));
    if (n == 0) return out;
    out.append(buf, static_cast<std::size_t>(n));
    if (out.size() > max_bytes)
      return error_at(label, fmt::format("larger than {} bytes once decompressed", max_bytes));
  }
}

bool looks_like_json(std::string_view bytes) {
  for (const char c : bytes) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    return c == '[' || c == 'n';
  }
  return false;
}

/// `bytes`: JSON, gzip-compressed JSON, or a tar archive (compressed or not) holding a
/// volume info file.
result<std::vector<plan::backup_volume_info>> from_bytes(const std::string& bytes, const std::string& label,
                                                         int depth) {
  if (looks_like_json(bytes)) return parse_backup_volume_infos(bytes, label);
  archive_ptr a(archive_read_new());
  archive_read_support_filter_all(a.get());
  archive_read_support_format_tar(a.get());
  archive_read_support_format_gnutar(a.get());
  archive_read_support_format_raw(a.get());
  if (archive_read_open_memory(a.get(), bytes.data(), bytes.size()) != ARCHIVE_OK)
    return error_at(label, "neither JSON, gzip nor a tar archive");
  archive_entry* entry = nullptr;
  bool raw = false;
  while (archive_read_next_header(a.get(), &entry) == ARCHIVE_OK) {
    raw = archive_format(a.get()) == ARCHIVE_FORMAT_RAW;
    if (raw) {
      if (archive_filter_count(a.get()) <= 1) return error_at(label, "neither JSON, gzip nor a tar archive");
      auto data = read_entry(a.get(), label);
      if (!data) return *data.error();
      if (!looks_like_json(data.value())) return error_at(label, "the decompressed data is not a JSON array");
      return parse_backup_volume_infos(data.value(), label);
    }
    const char* name = archive_entry_pathname(entry);
    if (name == nullptr || archive_entry_filetype(entry) != AE_IFREG || !is_volume_info_name(name)) continue;
    const std::string inner = fmt::format("{}!/{}", label, name);
    auto data = read_entry(a.get(), inner);
    if (!data) return *data.error();
    if (depth > 0) return error_at(inner, "a volume info archive inside an archive inside an archive");
    return from_bytes(data.value(), inner, depth + 1);
  }
  if (const char* e = archive_error_string(a.get()); e != nullptr && !raw)
    return error_at(label, fmt::format("cannot read the archive: {}", e));
  return error_at(label, "no volume info file (`*-volumeinfo.json.gz`) in this archive");
}

}  // namespace

result<std::vector<plan::backup_volume_info>> read_backup_volume_infos(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file(ec) && is_volume_info_name(it->path().filename().string()))
        found.push_back(it->path().string());
    std::sort(found.begin(), found.end());
    if (found.empty()) return error_at(path, "no volume info file (`*-volumeinfo.json.gz`) in this folder");
    if (found.size() > 1)
      return error_at(path, fmt::format("{} volume info files in this folder ({}, {} ...): name one", found.size(),
                                        found[0], found[1]));
    return read_backup_volume_infos(found.front());
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return error_at(path, "cannot read the volume info file");
  // A regular file larger than the limit is refused before a byte is read; its size is the
  // buffer's (no doubling past the limit).
  std::string bytes;
  if (fs::is_regular_file(path, ec)) {
    const auto size = fs::file_size(path, ec);
    if (!ec && size > max_bytes) return error_at(path, fmt::format("larger than {} bytes", max_bytes));
    if (!ec) bytes.reserve(static_cast<std::size_t>(size));
  }
  char buf[1 << 16];
  bool first = true;
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    const auto n = static_cast<std::size_t>(in.gcount());
    // Text (JSON) or an archive: a NUL byte in the first window of anything else means it is
    // neither (`volpol audit /dev/zero`), refused at once.
    if (first) {
      first = false;
      const std::string_view head(buf, n);
      const bool gzip = n >= 2 && static_cast<unsigned char>(buf[0]) == 0x1f &&
                        static_cast<unsigned char>(buf[1]) == 0x8b;
      const bool tar = n >= 262 && head.substr(257, 5) == "ustar";
      if (const auto nul = head.find('\0'); nul != std::string_view::npos && !gzip && !tar)
        return error_at(path, fmt::format("not read: neither JSON nor an archive (a NUL byte at offset {})", nul));
    }
    bytes.append(buf, n);
    if (bytes.size() > max_bytes) return error_at(path, fmt::format("larger than {} bytes", max_bytes));
  }
  return from_bytes(bytes, path, 0);
}

}  // namespace volpol::verify
