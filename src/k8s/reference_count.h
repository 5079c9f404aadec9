// reference_count.h (private) — the count before a block that copies share: a string_map's
// entries (string_map.h) and a compact_string::shared() value (compact_string.h).
//
// The count is a plain uint32 in the block's allocation, updated through std::atomic_ref: the
// loader's threads copy and destroy objects that share blocks. It saturates: a block already
// shared by max_references copies takes no more, and the caller makes its copy a block of
// its own instead of letting the count wrap.
#pragma once

#include <atomic>
#include <cstdint>
#include <limits>

namespace volpol::k8s::detail {

inline constexpr std::uint32_t max_references = std::numeric_limits<std::uint32_t>::max() - 1;

/// Counts one more copy of the block whose count is `count`.
/// @return false (and no change) when the block already has max_references copies.
[[nodiscard]] inline bool add_reference(std::uint32_t& count) noexcept {
  std::atomic_ref<std::uint32_t> refs(count);
  for (std::uint32_t n = refs.load(std::memory_order_relaxed); n < max_references;)
    if (refs.compare_exchange_weak(n, n + 1, std::memory_order_relaxed)) return true;
  return false;
}

/// Counts one copy less. @return true when it was the last: the caller frees the block.
[[nodiscard]] inline bool drop_reference(std::uint32_t& count) noexcept {
  return std::atomic_ref<std::uint32_t>(count).fetch_sub(1, std::memory_order_acq_rel) == 1;
}

}  // namespace volpol::k8s::detail
