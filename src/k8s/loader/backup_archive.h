// backup_archive.h (private) — Velero backup / insights archive layouts, and reading archives.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "loader_source.h"
#include "volpol/core/result.h"
#include "volpol/k8s/limits.h"

namespace volpol::k8s::detail {

/// What a file's path says about its object.
struct path_layout {
  enum class source : std::uint8_t { none, velero, insights };
  source from = source::none;
  std::string_view kind;        ///< "Pod", "PersistentVolume", "PersistentVolumeClaim", or ""
  std::string namespace_;       ///< from `namespaces/<ns>/` or `config/pod/<ns>/`
  std::string resource;         ///< Velero: the resource folder ("pods", "secrets.v1" ...)
  bool other_resource = false;  ///< Velero: not pods/persistentvolumes/persistentvolumeclaims
  bool other_version = false;   ///< Velero: under `<version>/` that is not the preferred one
  bool preferred_copy = false;  ///< Velero: under `<version>-preferredversion/`
  std::string root;             ///< Velero: the path up to and including `resources/`
};

/// Velero: `.../resources/<resource>/[<version>[-preferredversion]/]namespaces/<ns>/<name>.json`
/// or `.../resources/<resource>/[<version>...]/cluster/<name>.json` (velero pkg/archive,
/// `GetVersionedItemFilePath`). Insights: `.../config/pod/<ns>/<name>.json`,
/// `.../config/persistentvolumes/<name>.json`. `/` separators.
[[nodiscard]] path_layout classify_path(std::string_view path);

/// Whether the first bytes of an input are those of an archive or a compressed stream: gzip,
/// bzip2, xz, zstd, lz4 magic numbers, or a tar header (`ustar` at byte 257).
[[nodiscard]] bool looks_like_archive(std::string_view first_bytes);

/// Called for each regular entry of an archive.
class archive_visitor {
 public:
  virtual ~archive_visitor() = default;
  /// Whether to read the entry (`label` is "<archive>!/<entry path>"); false skips it unread.
  virtual bool wants(const std::string& label) = 0;
  virtual void read(byte_source& entry, const std::string& label) = 0;
  virtual void problem(diagnostic d) = 0;
};

/// Reads a tar archive, compressed or not (gzip, bzip2, xz, zstd ...), with libarchive, from
/// `first` (the bytes already read from the input, to sniff it) followed by the rest of
/// `rest`. A compressed stream that is no tar (`cluster.json.gz`) is one entry, `<label>!/data`.
/// Problems (cannot open, corrupt or truncated data, limits) go to the visitor, saying how
/// many entries were read; entries before them are read.
void read_archive(std::string first, byte_source& rest, std::string_view label, archive_visitor& visitor,
                  const input_limits& limits);

}  // namespace volpol::k8s::detail
