// Archives (Velero backup tarballs, insights archives, any tar of dumps) read with libarchive,
// entry by entry, without extracting.
#include <archive.h>
#include <archive_entry.h>

#include <fmt/format.h>

#include <memory>

#include "backup_archive.h"

namespace volpol::k8s::detail {
namespace {

class entry_source final : public byte_source {
 public:
  entry_source(archive* a, std::uint64_t size) : a_(a), size_(size) {}
  [[nodiscard]] std::uint64_t size_hint() const override { return size_; }
  std::size_t read(char* dst, std::size_t n) override {
    for (;;) {
      const la_ssize_t r = archive_read_data(a_, dst, n);
      if (r == ARCHIVE_RETRY) continue;
      if (r < 0) {
        const char* msg = archive_error_string(a_);
        error_ = msg ? msg : "archive read error";
        return 0;
      }
      return static_cast<std::size_t>(r);
    }
  }

 private:
  archive* a_;
  std::uint64_t size_;
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

std::string entry_name(archive_entry* e) {
  const char* p = archive_entry_pathname(e);
  std::string name = p ? p : "";
  while (name.starts_with("./")) name.erase(0, 2);
  while (name.starts_with("/")) name.erase(0, 1);
  return name;
}

}  // namespace

void read_archive(const std::string& path, std::string_view label, archive_visitor& visitor) {
  std::unique_ptr<archive, archive_closer> a(archive_read_new());
  archive_read_support_filter_all(a.get());
  archive_read_support_format_tar(a.get());
  archive_read_support_format_gnutar(a.get());
  if (archive_read_open_filename(a.get(), path.c_str(), std::size_t{1} << 20) != ARCHIVE_OK) {
    const char* msg = archive_error_string(a.get());
    visitor.problem(archive_problem(label, fmt::format("cannot open archive: {}", msg ? msg : "unknown error")));
    return;
  }
  for (;;) {
    archive_entry* e = nullptr;
    const int r = archive_read_next_header(a.get(), &e);
    if (r == ARCHIVE_EOF) return;
    if (r == ARCHIVE_RETRY) continue;
    if (r < ARCHIVE_WARN) {
      const char* msg = archive_error_string(a.get());
      visitor.problem(archive_problem(label, fmt::format("cannot read archive: {}", msg ? msg : "unknown error")));
      return;
    }
    if (archive_entry_filetype(e) != AE_IFREG) continue;
    const std::string entry_label = fmt::format("{}!/{}", label, entry_name(e));
    if (!visitor.wants(entry_label)) continue;  // the next header skips the data
    const std::uint64_t size = archive_entry_size_is_set(e) ? static_cast<std::uint64_t>(archive_entry_size(e)) : UINT64_MAX;
    entry_source source(a.get(), size);
    visitor.read(source, entry_label);
  }
}

}  // namespace volpol::k8s::detail
