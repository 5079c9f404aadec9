// Byte sources and the chunk buffer.
#include "loader_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace volpol::k8s::detail {

file_source::file_source(const std::string& path) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) {
    error_ = std::strerror(errno);
    return;
  }
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) size_ = static_cast<std::uint64_t>(st.st_size);
}

file_source::~file_source() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t file_source::read(char* dst, std::size_t n) {
  if (fd_ < 0) return 0;
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::read(fd_, dst + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      error_ = std::strerror(errno);
      break;
    }
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  return got;
}

std::size_t stdio_source::read(char* dst, std::size_t n) {
  errno = 0;
  const std::size_t got = std::fread(dst, 1, n, f_);
  if (got == 0 && std::ferror(f_)) error_ = errno != 0 ? std::strerror(errno) : "read error";
  return got;
}

std::size_t memory_source::read(char* dst, std::size_t n) {
  const std::size_t k = std::min(n, text_.size());
  std::memcpy(dst, text_.data(), k);
  text_.remove_prefix(k);
  return k;
}

/// Blocks the workers are done with, for the next ones of the same size (a used block's
/// pages are already mapped: reading into it costs no page faults).
struct chunk_buffer::block_pool {
  static constexpr std::size_t max_kept = 16;  // more than the batches in flight (loader_parallel.h)
  std::mutex mutex;
  std::size_t bytes = 0;  ///< the size of the blocks kept
  std::vector<std::unique_ptr<char[]>> kept;

  void give_back(char* p, std::size_t size) {
    std::unique_ptr<char[]> block(p);
    const std::lock_guard<std::mutex> lock(mutex);
    if (size == bytes && kept.size() < max_kept) kept.push_back(std::move(block));
  }
  std::unique_ptr<char[]> take(std::size_t size) {
    const std::lock_guard<std::mutex> lock(mutex);
    if (size != bytes) {
      bytes = size;
      kept.clear();
    }
    if (kept.empty()) return std::unique_ptr<char[]>(new char[size]);
    std::unique_ptr<char[]> block = std::move(kept.back());
    kept.pop_back();
    return block;
  }
};

chunk_buffer::chunk_buffer(std::size_t chunk_size)
    : pool_(std::make_shared<block_pool>()), capacity_(std::max<std::size_t>(chunk_size, 4096)) {}

std::shared_ptr<char> chunk_buffer::new_block(std::size_t room) {
  const std::size_t bytes = room + padding;
  return {pool_->take(bytes).release(), [pool = pool_, bytes](char* p) { pool->give_back(p, bytes); }};
}

std::size_t chunk_buffer::relocate(std::size_t room, std::size_t from) {
  std::shared_ptr<char> next = new_block(room);
  if (end_ > from) std::memcpy(next.get(), block_.get() + from, end_ - from);
  block_ = std::move(next);
  room_ = room;
  end_ -= from;
  base_ += from;
  return from;
}

void chunk_buffer::reset(byte_source& source, std::uint64_t size_hint) {
  source_ = &source;
  end_ = 0;
  base_ = 0;
  eof_ = false;
  shared_ = false;  // the previous stream's readers are done with the block
  // One byte more than a known size, so that reading it whole also sees the end of input.
  const std::size_t want = size_hint < capacity_ ? std::max<std::size_t>(size_hint + 1, 4096) : capacity_;
  if (room_ < want) relocate(want, 0);
}

const std::string& chunk_buffer::error() const {
  static const std::string none;
  return source_ ? source_->error() : none;
}

std::shared_ptr<const char> chunk_buffer::share() {
  shared_ = true;
  return block_;
}

bool chunk_buffer::refill(std::size_t keep, std::size_t& shift) {
  shift = 0;
  if (eof_) return false;
  keep = std::min(keep, end_);
  // Full and still mostly needed (one item larger than the window): the window grows.
  const bool grow = end_ == room_ && keep <= room_ / 4;
  if (shared_) {
    // Workers may be reading the block: what is kept moves to another one.
    shift = relocate(grow ? room_ * 2 : room_, keep);
    shared_ = false;
  } else if (grow) {
    relocate(room_ * 2, 0);  // offsets stay: small inputs never slide, so they stay from 0
  } else if (end_ == room_) {
    // Full: drop what is no longer needed.
    std::memmove(block_.get(), block_.get() + keep, end_ - keep);
    end_ -= keep;
    base_ += keep;
    shift = keep;
  }
  const std::size_t got = source_->read(block_.get() + end_, room_ - end_);
  if (got == 0) {
    eof_ = true;
    std::memset(block_.get() + end_, 0, padding);
    return false;
  }
  end_ += got;
  std::memset(block_.get() + end_, 0, padding);
  return true;
}

bool chunk_buffer::fill_first() {
  std::size_t shift = 0;
  while (end_ < room_ && refill(0, shift)) {
  }
  return end_ > 0;
}

}  // namespace volpol::k8s::detail
