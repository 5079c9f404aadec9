// loader_source.h (private) — where bytes come from (file, stdin, memory, archive entry) and
// the chunk buffer the JSON and YAML stream readers scan.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace volpol::k8s::detail {

class byte_source {
 public:
  virtual ~byte_source() = default;
  /// Reads up to `n` bytes into `dst`; 0 at the end of input or on an error (then error()
  /// says what went wrong).
  virtual std::size_t read(char* dst, std::size_t n) = 0;
  /// The number of bytes the source holds, when known in advance (UINT64_MAX otherwise).
  [[nodiscard]] virtual std::uint64_t size_hint() const { return UINT64_MAX; }
  [[nodiscard]] const std::string& error() const { return error_; }

 protected:
  std::string error_;
};

/// A file opened by path (POSIX read, no stdio buffering on top of the chunk buffer).
class file_source final : public byte_source {
 public:
  explicit file_source(const std::string& path);
  ~file_source() override;
  file_source(const file_source&) = delete;
  file_source& operator=(const file_source&) = delete;
  [[nodiscard]] bool is_open() const { return fd_ >= 0; }
  std::size_t read(char* dst, std::size_t n) override;
  [[nodiscard]] std::uint64_t size_hint() const override { return size_; }

 private:
  int fd_ = -1;
  std::uint64_t size_ = UINT64_MAX;
};

/// A stdio stream (stdin).
class stdio_source final : public byte_source {
 public:
  explicit stdio_source(std::FILE* f) : f_(f) {}
  std::size_t read(char* dst, std::size_t n) override;

 private:
  std::FILE* f_;
};

/// Text in memory.
class memory_source final : public byte_source {
 public:
  explicit memory_source(std::string_view text) : text_(text) {}
  std::size_t read(char* dst, std::size_t n) override;
  [[nodiscard]] std::uint64_t size_hint() const override { return text_.size(); }

 private:
  std::string_view text_;
};

/// A sliding window over a byte stream, padded for simdjson (SIMDJSON_PADDING readable bytes
/// after the data) and for 16-byte vector loads. Readers keep positions relative to data();
/// refill() may move the window: every kept position shifts down by the returned `shift`.
///
/// The window lives in a block that worker threads may read while the stream goes on
/// (share()): the JSON reader hands a list's items to the workers where they are, without
/// copying them (json_loader.cpp). Blocks the workers are done with are used again.
class chunk_buffer {
 public:
  static constexpr std::size_t padding = 64;  // == SIMDJSON_PADDING

  explicit chunk_buffer(std::size_t chunk_size);
  /// Starts a new stream (keeps the allocation). `size_hint`: the stream's size when known
  /// (a regular file): a smaller stream gets a window of its size, not chunk_size. Every
  /// handle share() gave for the previous stream must be gone (its readers drained).
  void reset(byte_source& source, std::uint64_t size_hint = UINT64_MAX);

  [[nodiscard]] const char* data() const { return block_.get(); }
  [[nodiscard]] std::size_t size() const { return end_; }
  /// Bytes allocated after data() (size() + padding at least): simdjson's `capacity`.
  [[nodiscard]] std::size_t allocated() const { return room_ + padding; }
  /// Stream offset of data()[0].
  [[nodiscard]] std::uint64_t base() const { return base_; }
  [[nodiscard]] bool eof() const { return eof_; }
  [[nodiscard]] std::uint64_t bytes_read() const { return base_ + end_; }
  [[nodiscard]] const std::string& error() const;

  /// Reads more input. When the window is full, drops the bytes before `keep` (or grows the
  /// window when most of it is still kept); after share(), moves the bytes from `keep` on to
  /// another block. `shift` receives how far kept positions moved down.
  /// @return false at the end of input (no new byte); `shift` is still applied.
  bool refill(std::size_t keep, std::size_t& shift);

  /// Reads the first window whole (or the whole input when it is smaller): eof() then tells
  /// whether the input fits. @return false when the input is empty.
  bool fill_first();

  /// The window's block, for worker threads to read data()[0, allocated()) from while the
  /// stream goes on: the buffer never writes to this block again (the next refill() moves to
  /// another one). The block is kept for reuse when the last handle goes (on any thread).
  [[nodiscard]] std::shared_ptr<const char> share();

 private:
  struct block_pool;
  /// A block of room + padding bytes (a used one when the pool has it).
  [[nodiscard]] std::shared_ptr<char> new_block(std::size_t room);
  /// Moves the window to a new block of `room` bytes, keeping the bytes from `from` on (they
  /// start the new block); returns `from`, the shift of kept positions.
  std::size_t relocate(std::size_t room, std::size_t from);

  std::shared_ptr<block_pool> pool_;  ///< outlives every block (each block's deleter holds it)
  std::shared_ptr<char> block_;       ///< room_ + padding bytes, not zeroed (pages are touched as read)
  std::size_t room_ = 0;
  std::size_t capacity_;
  std::size_t end_ = 0;
  std::uint64_t base_ = 0;
  bool eof_ = false;
  bool shared_ = false;  ///< share() gave out block_: it is read-only from now on
  byte_source* source_ = nullptr;
};

}  // namespace volpol::k8s::detail
