// Shared by the verify tests: paths into the repository and temporary folders.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace volpol::testing {

inline std::string source_path(const std::string& rel) { return std::string(VOLPOL_SOURCE_DIR) + "/" + rel; }

/// A fresh folder under the build tree, removed first if it exists.
inline std::filesystem::path scratch_dir(const std::string& name) {
  const std::filesystem::path p = std::filesystem::path(VOLPOL_BINARY_DIR) / "verify-scratch" / name;
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p;
}

inline void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace volpol::testing
