// load_objects: paths → streams (files, folders, archives, stdin) → JSON or YAML readers →
// the cluster, with counts and diagnostics.
#include "volpol/k8s/loader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <unordered_set>
#include <variant>
#include <vector>

#include "backup_archive.h"
#include "loader_fields.h"
#include "loader_parallel.h"
#include "loader_sink.h"
#include "loader_stream.h"

namespace volpol::k8s {
namespace {

namespace fs = std::filesystem;
using namespace detail;

/// Bytes from a caller's function (load_stream).
class function_source final : public byte_source {
 public:
  explicit function_source(const stream_reader& read) : read_(read) {}
  std::size_t read(char* dst, std::size_t n) override { return read_(dst, n); }

 private:
  const stream_reader& read_;
};

bool ends_with_any(std::string_view s, std::initializer_list<std::string_view> suffixes) {
  return std::any_of(suffixes.begin(), suffixes.end(), [&](std::string_view x) { return s.ends_with(x); });
}

bool is_archive_name(std::string_view name) { return ends_with_any(name, {".tar.gz", ".tgz", ".tar"}); }
bool is_yaml_name(std::string_view name) { return ends_with_any(name, {".yaml", ".yml"}); }
bool is_object_name(std::string_view name) {
  return ends_with_any(name, {".json", ".yaml", ".yml"}) || is_archive_name(name);
}

diagnostic problem_at(std::string_view file, std::string message) {
  diagnostic d;
  d.where.file = std::string(file);
  d.message = std::move(message);
  return d;
}

/// Byte offsets → line:column for the JSON diagnostics of a file, re-reading it (the failure
/// path only: the stream readers do not count lines).
void add_lines_from_file(const std::string& path, std::vector<diagnostic>& ds, std::size_t from) {
  std::vector<diagnostic*> todo;
  for (std::size_t i = from; i < ds.size(); ++i)
    if (ds[i].where.has_offset && ds[i].where.line == 0 && ds[i].where.file == path) todo.push_back(&ds[i]);
  if (todo.empty()) return;
  std::sort(todo.begin(), todo.end(),
            [](const diagnostic* a, const diagnostic* b) { return a->where.offset < b->where.offset; });
  file_source src(path);
  std::vector<char> chunk(std::size_t{1} << 20);
  std::uint64_t at = 0, line = 1, line_start = 0;  // `at`: offset of chunk[0]
  std::size_t next = 0;
  const auto settle = [&](diagnostic* d) {
    d->where.line = static_cast<std::uint32_t>(line);
    d->where.column = static_cast<std::uint32_t>(d->where.offset - line_start + 1);
  };
  for (std::size_t n; next < todo.size() && (n = src.read(chunk.data(), chunk.size())) > 0; at += n) {
    std::size_t pos = 0;  // lines are counted up to chunk[pos]
    const auto count_to = [&](std::size_t stop) {
      for (const char* p = chunk.data() + pos;
           (p = static_cast<const char*>(std::memchr(p, '\n', stop - (p - chunk.data())))) != nullptr; ++p) {
        ++line;
        line_start = at + static_cast<std::uint64_t>(p - chunk.data()) + 1;
      }
      pos = stop;
    };
    while (next < todo.size() && todo[next]->where.offset < at + n) {
      count_to(static_cast<std::size_t>(todo[next]->where.offset - at));
      settle(todo[next++]);
    }
    count_to(n);
  }
  for (; next < todo.size(); ++next) settle(todo[next]);  // at the very end of the file
}

class loader final : public archive_visitor {
 public:
  explicit loader(const load_options& options)
      : options_(options), buffer_(options.chunk_size), sink_(result_, pending_) {
    sink_.count_into(options.objects_read);
    read_.annotations = options.annotations;
    read_.blank_unread_yaml = options.blank_unread_yaml;
    // simdjson keeps the depth of its first allocation when it grows for a larger document.
    const auto allocated = parser_.allocate(4096, std::max<std::uint32_t>(options.limits.max_depth, 1));
    (void)allocated;  // on failure iterate() allocates again, with the default depth
  }

  void load_path(const std::string& path) {
    if (path == "-") {
      stdio_source in(options_.standard_input);
      read_input(in, "-", nullptr);
      return;
    }
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) {
      const int err = ec ? ec.value() : ENOENT;
      return report(problem_at(path, fmt::format("cannot open: {}", std::strerror(err))));
    }
    if (fs::is_directory(st)) return load_folder(path);
    load_file(path, fs::is_regular_file(st));
  }

  void load_text(std::string_view text, std::string_view name) {
    memory_source src(text);
    read_input(src, std::string(name), nullptr);
  }

  void load_stream(const stream_reader& read, std::string_view name) {
    function_source src(read);
    read_input(src, std::string(name), nullptr);
  }

  load_result take() {
    flush();
    if (!skipped_.empty()) {
      diagnostic d;
      d.level = severity::warning;
      d.where.file = skipped_.front();
      std::string names;
      for (std::size_t i = 1; i < skipped_.size() && i <= 5; ++i) names += (i > 1 ? ", " : "") + skipped_[i];
      if (skipped_.size() > 6) names += fmt::format(" and {} more", skipped_.size() - 6);
      d.message = "not read: not a .json, .yaml, .yml, .tar.gz, .tgz or .tar file";
      if (skipped_.size() > 1)
        d.message += fmt::format("; nor {} other file{}: {}", skipped_.size() - 1, skipped_.size() > 2 ? "s" : "",
                                 names);
      result_.problems.add(std::move(d));
    }
    return std::move(result_);
  }

  // archive_visitor
  bool wants(const std::string& label) override {
    if (!is_object_name(label) || is_archive_name(label)) {
      skip_file(label);
      return false;
    }
    return !skip_by_layout(classify_path(label));
  }
  void read(byte_source& entry, const std::string& label) override {
    read_input(entry, label, nullptr, /*in_archive=*/true);
  }
  void problem(diagnostic d) override { report(std::move(d)); }

 private:
  /// A file in a folder or an archive that is not read: counted, and named in one warning
  /// (Velero's `metadata/version` in a backup is expected and not named).
  void skip_file(const std::string& path) {
    ++result_.counts.files_skipped;
    if (path.ends_with("metadata/version")) return;
    skipped_.push_back(path);
  }

  /// Every file below `folder`, in sorted path order; a sub-folder that cannot be listed, a
  /// symbolic link to a folder and a special file (FIFO, socket, device) are reported.
  void load_folder(const std::string& folder) {
    std::vector<std::string> files;
    collect(fs::path(folder), files, 0);
    std::sort(files.begin(), files.end());
    for (const auto& f : files) load_file(f, true);
  }

  void collect(const fs::path& dir, std::vector<std::string>& files, int depth) {
    const std::string name = dir.generic_string();
    if (depth > 64) return report(problem_at(name, "folder not read: more than 64 folders deep"));
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    if (ec) return report(problem_at(name, fmt::format("cannot list folder: {}", ec.message())));
    for (; it != end; it.increment(ec)) {
      std::error_code fec;
      const fs::file_status link = it->symlink_status(fec);
      const fs::file_status target = it->status(fec);
      std::string p = it->path().generic_string();
      if (fs::is_directory(target)) {
        if (fs::is_symlink(link)) {
          diagnostic d = problem_at(p, "not read: a symbolic link to a folder (give the folder itself)");
          d.level = severity::warning;
          report(std::move(d));
          continue;
        }
        collect(it->path(), files, depth + 1);
      } else if (!fs::is_regular_file(target)) {
        if (fec) {
          report(problem_at(p, fmt::format("cannot open: {}", fec.message())));
          continue;
        }
        diagnostic d = problem_at(p, "not read: not a regular file (a FIFO, socket or device in a folder)");
        d.level = severity::warning;
        report(std::move(d));
      } else if (is_object_name(p)) {
        files.push_back(std::move(p));
      } else {
        skip_file(p);
      }
    }
    if (ec) report(problem_at(name, fmt::format("cannot list folder: {}", ec.message())));
  }

  /// Opens `path` once: archive or object text is told from the bytes read first.
  void load_file(const std::string& path, bool regular) {
    const path_layout layout = classify_path(path);
    if (!is_archive_name(path) && skip_by_layout(layout)) return;
    file_source src(path);
    if (!src.is_open()) return report(problem_at(path, fmt::format("cannot open: {}", src.error())));
    read_input(src, path, regular ? &path : nullptr);
  }

  /// Reads the first window of `src`; an archive (by name or by its first bytes) goes to
  /// libarchive with those bytes, anything else to the JSON or YAML reader.
  void read_input(byte_source& src, const std::string& label, const std::string* reread, bool in_archive = false) {
    buffer_.reset(src, src.size_hint());
    (void)buffer_.fill_first();
    const std::string_view first(buffer_.data(), buffer_.size());
    if (looks_like_archive(first) || (!in_archive && is_archive_name(label))) {
      if (in_archive) {
        report(problem_at(label, "not read: an archive inside an archive"));
        return;
      }
      read_archive(std::string(first), src, label, *this, options_.limits);
      return;
    }
    // JSON and YAML text hold no NUL byte: a binary file or a device (/dev/zero) is refused at
    // once, before a reader looks for the end of a line or value that never comes.
    if (const void* nul = std::memchr(first.data(), '\0', first.size())) {
      const auto at = static_cast<std::size_t>(static_cast<const char*>(nul) - first.data());
      const std::string_view before = first.substr(0, at);
      const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
      diagnostic d = problem_at(
          label,
          fmt::format("not read: not text (a NUL byte at offset {}); Kubernetes objects are JSON or YAML text", at));
      d.where.line = static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n') + 1);
      d.where.column = static_cast<std::uint32_t>(at - line_start + 1);
      report(std::move(d));
      return;
    }
    read_stream(src, label, reread);
  }

  /// Velero entries volpol does not read: other resources, other API versions.
  bool skip_by_layout(const path_layout& layout) {
    if (layout.from != path_layout::source::velero) return false;
    if (layout.other_resource) {
      ++result_.counts.other_resources[layout.resource];
      return true;
    }
    if (layout.other_version) {
      ++result_.counts.backup_copies;
      return true;
    }
    return false;
  }

  void read_stream(byte_source& src, const std::string& label, const std::string* reread) {
    const std::size_t first_problem = pending_.size();
    const path_layout layout = classify_path(label);
    sink_.start(label, &layout);
    (void)src;  // read through buffer_, filled by read_input
    stream_context ctx{label,
                       layout.kind,
                       read_,
                       sink_,
                       buffer_,
                       options_.limits,
                       reader_threads(options_.threads),
                       &result_.counts.worker_batches};
    if (is_json(label)) {
      read_json_stream(ctx, parser_);
    } else {
      read_yaml_stream(ctx);
    }
    ++result_.counts.files;
    result_.counts.bytes += buffer_.bytes_read();
    if (reread != nullptr) add_lines_from_file(*reread, pending_, first_problem);
    sink_.start({}, nullptr);
    flush();
  }

  /// JSON when the first byte that is not blank is `{` or `[`, unless the name ends in `.yaml`
  /// or `.yml`: such a file is always YAML (JSON is YAML; flow-style YAML such as `{a: b}` is
  /// not JSON), whatever its size.
  bool is_json(std::string_view label) {
    if (is_yaml_name(label)) return false;
    std::string_view text(buffer_.data(), buffer_.size());
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    const std::size_t at = text.find_first_not_of(" \t\r\n");
    return at != std::string_view::npos && (text[at] == '{' || text[at] == '[');
  }

  void report(diagnostic d) {
    if (d.level == severity::error) ++result_.counts.rejected;
    pending_.push_back(std::move(d));
    flush();
  }

  void flush() {
    for (auto& d : pending_) result_.problems.add(std::move(d));
    pending_.clear();
  }

  load_options options_;
  std::vector<std::string> skipped_;  ///< files not read for their name: the first, then others
  read_options read_;
  load_result result_;
  std::vector<diagnostic> pending_;
  chunk_buffer buffer_;
  simdjson::ondemand::parser parser_;
  cluster_sink sink_;
};

}  // namespace

load_result load_objects(std::span<const std::string> paths, const load_options& options) {
  loader l(options);
  for (const auto& p : paths) l.load_path(p);
  return l.take();
}

load_result load_text(std::string_view text, std::string_view name, const load_options& options) {
  load_options o = options;
  // The text is in memory already: one window holds it whole (lines for JSON errors), unless
  // a smaller window was asked for.
  if (o.chunk_size > text.size()) o.chunk_size = text.size() + 1;
  loader l(o);
  l.load_text(text, name);
  return l.take();
}

void load_result::append(load_result&& more) {
  problems.append(more.problems);
  const diagnostics rejected = objects.merge(std::move(more.objects));
  problems.append(rejected);
  counts += more.counts;
  counts.rejected += rejected.size();
}

load_counts& load_counts::operator+=(const load_counts& o) {
  persistent_volumes += o.persistent_volumes;
  persistent_volume_claims += o.persistent_volume_claims;
  pods += o.pods;
  for (const auto& [kind, n] : o.other_kinds) other_kinds[kind] += n;
  for (const auto& [kind, n] : o.read_kinds) read_kinds[kind] += n;
  for (const auto& [resource, n] : o.other_resources) other_resources[resource] += n;
  rejected += o.rejected;
  backup_copies += o.backup_copies;
  files += o.files;
  files_skipped += o.files_skipped;
  bytes += o.bytes;
  worker_batches += o.worker_batches;
  return *this;
}

load_result load_stream(const stream_reader& read, std::string_view name, const load_options& options) {
  loader l(options);
  l.load_stream(read, name);
  return l.take();
}

}  // namespace volpol::k8s
