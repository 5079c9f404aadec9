// Archives (Velero backup tarballs, insights archives, any tar of dumps) read with libarchive,
// entry by entry, without extracting, from the input already opened (a file, a pipe, stdin).
#include <archive.h>
#include <archive_entry.h>

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "backup_archive.h"

namespace volpol::k8s::detail {
namespace {

std::string bomb_check(archive* a, const input_limits& limits);

/// One entry's data. An entry without a size in its header (a compressed file that is no tar)
/// counts what it decompresses against the limits as it goes.
class entry_source final : public byte_source {
 public:
  entry_source(archive* a, std::uint64_t size, std::uint64_t& total, const input_limits& limits)
      : a_(a), size_(size), total_(total), limits_(limits) {}
  [[nodiscard]] std::uint64_t size_hint() const override { return size_; }
  /// A limit stopped the entry: skipping the rest would decompress it all the same.
  [[nodiscard]] bool over_limit() const { return over_limit_; }
  std::size_t read(char* dst, std::size_t n) override {
    if (!error_.empty()) return 0;
    for (;;) {
      const la_ssize_t r = archive_read_data(a_, dst, n);
      if (r == ARCHIVE_RETRY) continue;
      if (r < 0) {
        const char* msg = archive_error_string(a_);
        error_ = msg ? msg : "archive read error";
        return 0;
      }
      if ((chunks_++ & 63) == 0) {
        if (std::string why = bomb_check(a_, limits_); !why.empty()) {
          error_ = why + "; the rest of the archive is not read";
          over_limit_ = true;
          return 0;
        }
      }
      if (size_ == UINT64_MAX) {
        read_ += static_cast<std::uint64_t>(r);
        total_ += static_cast<std::uint64_t>(r);
        if (total_ > limits_.max_decompressed_bytes) {
          error_ = fmt::format(
              "more than {} decompressed bytes (raise with --max-decompressed-bytes); "
              "the rest of the archive is not read",
              limits_.max_decompressed_bytes);
          over_limit_ = true;
          return 0;
        }
        if (read_ > limits_.max_entry_bytes) {
          error_ = fmt::format(
              "entry larger than {} bytes (raise with --max-archive-entry-bytes); "
              "the rest of the archive is not read",
              limits_.max_entry_bytes);
          over_limit_ = true;
          return 0;
        }
      }
      return static_cast<std::size_t>(r);
    }
  }

 private:
  archive* a_;
  std::uint64_t size_;
  std::uint64_t read_ = 0;
  std::uint64_t chunks_ = 0;
  bool over_limit_ = false;
  std::uint64_t& total_;
  const input_limits& limits_;
};

/// libarchive's client: the sniffed bytes first, then the rest of the input.
struct client {
  std::string first;
  bool first_given = false;
  byte_source* rest = nullptr;
  std::vector<char> block = std::vector<char>(std::size_t{1} << 20);

  static la_ssize_t read(archive* a, void* self, const void** out) {
    auto* c = static_cast<client*>(self);
    if (!c->first_given) {
      c->first_given = true;
      if (!c->first.empty()) {
        *out = c->first.data();
        return static_cast<la_ssize_t>(c->first.size());
      }
    }
    const std::size_t got = c->rest->read(c->block.data(), c->block.size());
    if (got == 0 && !c->rest->error().empty()) {
      archive_set_error(a, EIO, "%s", c->rest->error().c_str());
      return -1;
    }
    *out = c->block.data();
    return static_cast<la_ssize_t>(got);
  }
};

struct archive_closer {
  void operator()(archive* a) const { archive_read_free(a); }
};

diagnostic archive_problem(std::string_view label, std::string message) {
  diagnostic d;
  d.where.file = std::string(label);
  d.message = std::move(message);
  return d;
}

/// A diagnostic of level warning: the entry is skipped, the archive is read on.
diagnostic archive_warning(std::string_view label, std::string message) {
  diagnostic d = archive_problem(label, std::move(message));
  d.level = severity::warning;
  return d;
}

/// What an entry that holds no file data of its own is ("a symbolic link to `x`", "a FIFO"),
/// or "" for a regular file or a directory. Hard links come first: libarchive gives them the
/// type of the file they link to.
std::string unread_entry_kind(archive_entry* e) {
  if (const char* to = archive_entry_hardlink(e)) return fmt::format("a hard link to `{}`", to);
  switch (archive_entry_filetype(e)) {
    case AE_IFREG:
    case AE_IFDIR: return {};
    case AE_IFLNK: {
      const char* to = archive_entry_symlink(e);
      return fmt::format("a symbolic link to `{}`", to ? to : "");
    }
    case AE_IFIFO: return "a FIFO";
    case AE_IFCHR: return "a character device";
    case AE_IFBLK: return "a block device";
    case AE_IFSOCK: return "a socket";
    default: return "of an unknown file type";
  }
}

std::string entry_name(archive_entry* e) {
  const char* p = archive_entry_pathname(e);
  std::string name = p ? p : "";
  while (name.starts_with("./")) name.erase(0, 2);
  while (name.starts_with("/")) name.erase(0, 1);
  return name;
}

std::string error_of(archive* a) {
  const char* msg = archive_error_string(a);
  return msg ? msg : "unknown error";
}

std::string entries_read(std::size_t n) { return n == 1 ? "1 entry" : fmt::format("{} entries", n); }

constexpr std::int64_t ratio_floor = std::int64_t{64} << 20;  ///< bytes before the ratio applies

/// "" or why the archive looks like a decompression bomb: more than 64 MiB out, at more than
/// max_compression_ratio bytes per byte in.
std::string bomb_check(archive* a, const input_limits& limits) {
  const std::int64_t out = archive_filter_bytes(a, 0);
  const std::int64_t in = std::max<std::int64_t>(archive_filter_bytes(a, -1), 1);
  if (out <= ratio_floor || out / in <= static_cast<std::int64_t>(limits.max_compression_ratio)) return {};
  return fmt::format(
      "{} bytes decompressed from {} ({} to 1, more than {} to 1): a decompression bomb? "
      "(raise with --max-compression-ratio)",
      out, in, out / in, limits.max_compression_ratio);
}

}  // namespace

bool looks_like_archive(std::string_view b) {
  const auto starts = [&](std::string_view magic) { return b.starts_with(magic); };
  using namespace std::string_view_literals;
  return starts("\x1f\x8b"sv) || starts("BZh"sv) ||
         starts(
             "\xFD"
             "7zXZ\x00"sv) ||
         starts("\x28\xB5\x2F\xFD"sv) || starts("\x04\x22\x4D\x18"sv) ||
         (b.size() >= 262 && b.substr(257, 5) == "ustar");
}

void read_archive(std::string first, byte_source& rest, std::string_view label, archive_visitor& visitor,
                  const input_limits& limits) {
  std::unique_ptr<archive, archive_closer> a(archive_read_new());
  archive_read_support_filter_all(a.get());
  archive_read_support_format_tar(a.get());
  archive_read_support_format_gnutar(a.get());
  archive_read_support_format_raw(a.get());  // a compressed file that is no tar: one entry
  client c;
  c.first = std::move(first);
  c.rest = &rest;
  if (archive_read_open(a.get(), &c, nullptr, &client::read, nullptr) != ARCHIVE_OK) {
    visitor.problem(archive_problem(label, fmt::format("cannot open archive: {}", error_of(a.get()))));
    return;
  }
  std::size_t entries = 0;
  std::uint64_t total = 0;
  for (;;) {
    archive_entry* e = nullptr;
    const int r = archive_read_next_header(a.get(), &e);
    if (r == ARCHIVE_EOF) return;
    if (r == ARCHIVE_RETRY) continue;
    if (r < ARCHIVE_WARN) {
      visitor.problem(
          archive_problem(label, entries == 0
                                     ? fmt::format("cannot read archive: {}", error_of(a.get()))
                                     : fmt::format("archive is truncated or corrupt after {}: {}; the rest is not read",
                                                   entries_read(entries), error_of(a.get()))));
      return;
    }
    if (std::string why = bomb_check(a.get(), limits); !why.empty()) {
      visitor.problem(archive_problem(label, fmt::format("archive stopped after {}: {}", entries_read(entries), why)));
      return;
    }
    const bool raw = archive_format(a.get()) == ARCHIVE_FORMAT_RAW;
    if (raw && archive_filter_count(a.get()) <= 1) {  // no compression, no tar: not an archive
      visitor.problem(archive_problem(label, "cannot read archive: not a tar archive or a compressed file"));
      return;
    }
    ++entries;
    const std::string entry_label = fmt::format("{}!/{}", label, raw ? "data" : entry_name(e));
    if (!raw) {
      if (std::string what = unread_entry_kind(e); !what.empty()) {
        visitor.problem(archive_warning(entry_label, fmt::format("not read: {}, not a regular file", what)));
        continue;
      }
      if (archive_entry_filetype(e) != AE_IFREG) continue;  // a directory
    }
    const bool sized = archive_entry_size_is_set(e) && archive_entry_size(e) >= 0;
    const std::uint64_t size = sized ? static_cast<std::uint64_t>(archive_entry_size(e)) : UINT64_MAX;
    // Skipping an entry decompresses it too: the total counts every entry, before it is read.
    if (sized) {
      if (size > limits.max_decompressed_bytes - std::min(total, limits.max_decompressed_bytes)) {
        visitor.problem(
            archive_problem(entry_label,
                            fmt::format("archive stopped: this entry ({} bytes) would take the archive past {} "
                                        "decompressed bytes after {}; the rest is not read (raise with "
                                        "--max-decompressed-bytes)",
                                        size, limits.max_decompressed_bytes, entries_read(entries - 1))));
        return;
      }
      total += size;
      if (size > limits.max_entry_bytes) {
        visitor.problem(
            archive_problem(entry_label,
                            fmt::format("entry not read: {} bytes, more than {} (raise with --max-archive-entry-bytes)",
                                        size, limits.max_entry_bytes)));
        continue;
      }
    }
    if (!raw && !visitor.wants(entry_label)) continue;  // the next header skips the data
    entry_source source(a.get(), size, total, limits);
    visitor.read(source, entry_label);
    // A raw entry (a compressed file that is no tar) is the whole stream: skipping what the
    // reader left would decompress it all the same.
    if (source.over_limit() || raw) return;
  }
}

}  // namespace volpol::k8s::detail
