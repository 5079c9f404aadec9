// volpol/detail/record_list.h — the records of a plan (plan_result::volumes): a sequence of
// volume_record with random access, like std::deque, in chunks of 256 records.
//
// Why not std::deque: the backup walk keeps pointers to the records it is still deciding, so
// a record must never move while more are added; a std::deque guarantees that too, but then
// the walk's records had to be moved into the result's deque at the end, and for a moment
// both held most of them (the plan's memory peak: some 660k records of 144 bytes at 300k
// objects). The walk writes its records into the record_list it returns, and the plan's
// order is made by moving each record once inside it.
//
//     for (const volume_record& r : plan.volumes) ...
//     const volume_record& first = plan.volumes[0];   // also front(), back(), size()
//
// Adding a record (emplace_back, push_back) never moves the others: pointers and references
// stay valid until the list is cleared, assigned or destroyed (iterators are positions and
// stay valid too). Copies are deep.
#pragma once

#include <compare>
#include <cstddef>
#include <iterator>
#include <utility>
#include <vector>

#include "volpol/plan/volume_record.h"

namespace volpol::plan {

class record_list {
 public:
  static constexpr std::size_t chunk_size = 256;

  template <bool Const>
  class basic_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using iterator_concept = std::random_access_iterator_tag;
    using value_type = volume_record;
    using difference_type = std::ptrdiff_t;
    using pointer = std::conditional_t<Const, const volume_record*, volume_record*>;
    using reference = std::conditional_t<Const, const volume_record&, volume_record&>;
    using list_type = std::conditional_t<Const, const record_list, record_list>;

    basic_iterator() = default;
    basic_iterator(list_type* list, std::size_t i) : list_(list), i_(i) {}
    operator basic_iterator<true>() const { return {list_, i_}; }  // NOLINT: iterator → const_iterator

    reference operator*() const { return (*list_)[i_]; }
    pointer operator->() const { return &(*list_)[i_]; }
    reference operator[](difference_type n) const { return (*list_)[i_ + static_cast<std::size_t>(n)]; }
    basic_iterator& operator++() { return ++i_, *this; }
    basic_iterator operator++(int) { return {list_, i_++}; }
    basic_iterator& operator--() { return --i_, *this; }
    basic_iterator operator--(int) { return {list_, i_--}; }
    basic_iterator& operator+=(difference_type n) { return i_ += static_cast<std::size_t>(n), *this; }
    basic_iterator& operator-=(difference_type n) { return i_ -= static_cast<std::size_t>(n), *this; }
    friend basic_iterator operator+(basic_iterator a, difference_type n) { return a += n; }
    friend basic_iterator operator+(difference_type n, basic_iterator a) { return a += n; }
    friend basic_iterator operator-(basic_iterator a, difference_type n) { return a -= n; }
    friend difference_type operator-(const basic_iterator& a, const basic_iterator& b) {
      return static_cast<difference_type>(a.i_) - static_cast<difference_type>(b.i_);
    }
    friend bool operator==(const basic_iterator& a, const basic_iterator& b) { return a.i_ == b.i_; }
    friend std::strong_ordering operator<=>(const basic_iterator& a, const basic_iterator& b) { return a.i_ <=> b.i_; }

   private:
    list_type* list_ = nullptr;
    std::size_t i_ = 0;
  };
  using iterator = basic_iterator<false>;
  using const_iterator = basic_iterator<true>;
  using value_type = volume_record;
  using size_type = std::size_t;
  using reference = volume_record&;
  using const_reference = const volume_record&;

  record_list() = default;
  record_list(const record_list& other) { *this = other; }
  record_list(record_list&& other) noexcept = default;
  record_list& operator=(const record_list& other) {
    if (this != &other) {
      clear();
      for (const volume_record& r : other) push_back(r);
    }
    return *this;
  }
  record_list& operator=(record_list&& other) noexcept = default;
  ~record_list() = default;

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  /// The record at `i` (< size()).
  [[nodiscard]] volume_record& operator[](std::size_t i) noexcept { return chunks_[i / chunk_size][i % chunk_size]; }
  [[nodiscard]] const volume_record& operator[](std::size_t i) const noexcept {
    return chunks_[i / chunk_size][i % chunk_size];
  }
  [[nodiscard]] volume_record& front() noexcept { return (*this)[0]; }
  [[nodiscard]] const volume_record& front() const noexcept { return (*this)[0]; }
  [[nodiscard]] volume_record& back() noexcept { return (*this)[size_ - 1]; }
  [[nodiscard]] const volume_record& back() const noexcept { return (*this)[size_ - 1]; }

  [[nodiscard]] iterator begin() noexcept { return {this, 0}; }
  [[nodiscard]] iterator end() noexcept { return {this, size_}; }
  [[nodiscard]] const_iterator begin() const noexcept { return {this, 0}; }
  [[nodiscard]] const_iterator end() const noexcept { return {this, size_}; }
  [[nodiscard]] const_iterator cbegin() const noexcept { return begin(); }
  [[nodiscard]] const_iterator cend() const noexcept { return end(); }

  /// A new record at the end (default values, or made from `args`); no other record moves.
  template <class... Args>
  volume_record& emplace_back(Args&&... args) {
    if (size_ % chunk_size == 0) {
      chunks_.emplace_back();
      chunks_.back().reserve(chunk_size);  // never grows past this: no record moves
    }
    volume_record& r = chunks_.back().emplace_back(std::forward<Args>(args)...);
    ++size_;
    return r;
  }
  void push_back(const volume_record& r) { emplace_back(r); }
  void push_back(volume_record&& r) { emplace_back(std::move(r)); }
  void clear() noexcept {
    chunks_.clear();
    size_ = 0;
  }

 private:
  // Moving a chunk's vector (as chunks_ grows) keeps its records where they are.
  std::vector<std::vector<volume_record>> chunks_;
  std::size_t size_ = 0;
};

static_assert(std::random_access_iterator<record_list::iterator>);
static_assert(std::random_access_iterator<record_list::const_iterator>);

}  // namespace volpol::plan
