// Byte sources and the chunk buffer.
#include "loader_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

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

chunk_buffer::chunk_buffer(std::size_t chunk_size) : capacity_(std::max<std::size_t>(chunk_size, 4096)) {}

void chunk_buffer::allocate(std::size_t room) {
  std::unique_ptr<char[]> bigger(new char[room + padding]);
  if (end_ > 0) std::memcpy(bigger.get(), buf_.get(), end_);
  buf_ = std::move(bigger);
  room_ = room;
}

void chunk_buffer::reset(byte_source& source, std::uint64_t size_hint) {
  source_ = &source;
  end_ = 0;
  base_ = 0;
  eof_ = false;
  // One byte more than a known size, so that reading it whole also sees the end of input.
  const std::size_t want = size_hint < capacity_ ? std::max<std::size_t>(size_hint + 1, 4096) : capacity_;
  if (room_ < want) allocate(want);
}

const std::string& chunk_buffer::error() const {
  static const std::string none;
  return source_ ? source_->error() : none;
}

bool chunk_buffer::refill(std::size_t keep, std::size_t& shift) {
  shift = 0;
  if (eof_) return false;
  keep = std::min(keep, end_);
  if (end_ == room_) {
    // Full: drop what is no longer needed, or grow when most of the window is still needed
    // (one item larger than the window). Small inputs never slide, so offsets stay from 0.
    if (keep > room_ / 4) {
      std::memmove(buf_.get(), buf_.get() + keep, end_ - keep);
      end_ -= keep;
      base_ += keep;
      shift = keep;
    } else {
      allocate(room_ * 2);
    }
  }
  const std::size_t got = source_->read(buf_.get() + end_, room_ - end_);
  if (got == 0) {
    eof_ = true;
    std::memset(buf_.get() + end_, 0, padding);
    return false;
  }
  end_ += got;
  std::memset(buf_.get() + end_, 0, padding);
  return true;
}

bool chunk_buffer::fill_first() {
  std::size_t shift = 0;
  while (end_ < room_ && refill(0, shift)) {
  }
  return end_ > 0;
}

}  // namespace volpol::k8s::detail
