// volpol/detail/string_map.h — a Go `map[string]string` (labels, annotations, volumeAttributes,
// StorageClass and VolumeSnapshotClass parameters, ConfigMap data) held in one block.
//
// Labels and annotations are most of a loaded object's strings: at 30k objects about 180k
// entries, most keys longer than a std::string's inline buffer. A pair of std::strings per
// entry took 64 bytes plus a heap block per long key or value; here a map is one pointer, and
// its entries are one allocation of 8 bytes per entry plus the characters. Copies share that
// block (a reference count before it): the loader keeps one block for all objects with the
// same labels (the pods of one ReplicaSet, the PVs of one provisioner).
//
//     const string_map labels({{"app", "db"}, {"tier", "backend"}});
//     if (auto v = labels.find("app"); v && *v == "db") ...
//     for (const auto& [key, value] : labels) ...    // sorted by key; both std::string_view
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace volpol::k8s {

/// Entries sorted by key, keys unique. Sorted so lookups are a binary search and output is
/// deterministic. Values may be empty strings; a key may be empty too (Go allows both).
class string_map {
 public:
  /// An entry as given to the constructor.
  using entry = std::pair<std::string, std::string>;
  /// An entry as read back: views into the map, valid until the map is changed or destroyed.
  struct item {
    std::string_view first;   ///< the key
    std::string_view second;  ///< the value
  };

  /// Collects entries for one map without a heap block per string (the loader's scratch:
  /// clear() keeps the capacity). build() sorts by key; on duplicate keys the last one wins.
  /// add() throws std::length_error past 4 GiB of characters (offsets are 32-bit).
  class builder {
   public:
    void clear() noexcept {
      chars_.clear();
      spans_.clear();
    }
    void add(std::string_view key, std::string_view value);
    [[nodiscard]] std::size_t size() const noexcept { return spans_.size(); }
    [[nodiscard]] string_map build() const;

   private:
    struct span {
      std::uint32_t key_at, key_size, value_at, value_size;
    };
    std::string chars_;
    std::vector<span> spans_;
  };

  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = item;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = item;

    iterator() = default;
    [[nodiscard]] item operator*() const { return map_->at(i_); }
    /// `it->first`: the item is made on the fly, so -> returns it in a holder.
    struct arrow {
      item held;
      const item* operator->() const { return &held; }
    };
    [[nodiscard]] arrow operator->() const { return {map_->at(i_)}; }
    iterator& operator++() {
      ++i_;
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++i_;
      return old;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.i_ == b.i_; }

   private:
    friend class string_map;
    iterator(const string_map* map, std::size_t i) : map_(map), i_(i) {}
    const string_map* map_ = nullptr;
    std::size_t i_ = 0;
  };

  /// What find() returns: the value, or nothing. A std::optional<std::string_view> that
  /// refuses `== nullptr` (which would otherwise compile, by making a view of a null pointer):
  /// test it with `if (v)`, read it with `*v`.
  class found : public std::optional<std::string_view> {
   public:
    using std::optional<std::string_view>::optional;
    friend bool operator==(const found&, std::nullptr_t) = delete;
  };

  string_map() noexcept = default;
  /// Builds from entries in any order; on duplicate keys the last one wins (as a Go map
  /// decoded from JSON does). Throws std::length_error past 4 GiB of characters.
  explicit string_map(const std::vector<entry>& entries);
  string_map(const string_map& other);
  string_map(string_map&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
  string_map& operator=(const string_map& other);
  string_map& operator=(string_map&& other) noexcept {
    std::swap(block_, other.block_);
    return *this;
  }
  ~string_map();

  /// The value for `key`, or nullopt.
  [[nodiscard]] found find(std::string_view key) const noexcept;
  [[nodiscard]] bool contains(std::string_view key) const noexcept { return find(key).has_value(); }
  [[nodiscard]] std::size_t size() const noexcept { return block_ == nullptr ? 0 : block_[0]; }
  [[nodiscard]] bool empty() const noexcept { return block_ == nullptr; }
  /// The i-th entry in key order (i < size()).
  [[nodiscard]] item at(std::size_t i) const noexcept { return {text(2 * i), text(2 * i + 1)}; }
  [[nodiscard]] iterator begin() const noexcept { return {this, 0}; }
  [[nodiscard]] iterator end() const noexcept { return {this, size()}; }
  /// Sets `key` to `val`, keeping the order (rebuilds the block: for the rare edit; other
  /// copies keep the old entries). `key` and `val` may be views into this map.
  void set(std::string_view key, std::string_view val);
  /// A hash of the entries: equal maps hash equal (for interning, as the loader does).
  [[nodiscard]] std::size_t hash() const noexcept;
  /// This map and `other` are copies sharing one block (what the loader's interning gives).
  [[nodiscard]] bool shares_block_with(const string_map& other) const noexcept;
  friend bool operator==(const string_map& a, const string_map& b) noexcept;

 private:
  // block_: nullptr when empty; else [n][offset 0 .. offset 2n][characters], 32-bit words,
  // after a reference count (block_[-1]): copies share the block, which never changes once
  // made (set() makes a new one); the last copy frees it. The count is atomic: copies on
  // different threads are safe, as a std::shared_ptr's are.
  // Offset 2i is where key i starts in the characters, 2i+1 its value, offset 2n their end.
  [[nodiscard]] std::string_view text(std::size_t k) const noexcept {
    const std::uint32_t* off = block_ + 1;
    const char* chars = reinterpret_cast<const char*>(off + 2 * block_[0] + 1);
    return {chars + off[k], static_cast<std::size_t>(off[k + 1] - off[k])};
  }
  [[nodiscard]] std::size_t words() const noexcept;

  std::uint32_t* block_ = nullptr;
};

}  // namespace volpol::k8s
