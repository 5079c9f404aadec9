// src/plan/ordered_text.h (private to the plan layer) — text for many records made on several
// threads and written in the records' order.
//
// The JSON and YAML writers make one record's text at a time (json_fields, yaml-cpp). For
// -o json on a large plan that is most of the output time, and each record's text depends on
// nothing but the record and the plan, so chunks of records are made on `threads` threads and
// handed to `write` in order: the bytes are the same as a single-threaded run's.
// Memory: at most 4 × threads chunks of text at a time.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace volpol::plan::detail {

/// The threads to use for `requested` (0: one per core; at least 1).
[[nodiscard]] inline unsigned output_threads(unsigned requested) {
  if (requested != 0) return requested;
  return std::max(1U, std::thread::hardware_concurrency());
}

/// Calls `make(i, text)` for i in [0, count), appending record i's text to `text`, and
/// `write(text)` with the texts of consecutive records, in order. `make` runs on up to
/// `threads` threads at once (the calling thread is one of them) and must only read shared
/// state; `write` runs on the calling thread.
///
/// A pipeline: `threads - 1` helpers, started once, make chunks of `chunk_records` records
/// in turn, each into a slot of a ring of 4 × threads; the calling thread writes the chunks
/// in order as they are ready, and makes chunks itself while the next one to write is not.
/// (Helpers started and joined for every few chunks spent more time waiting for threads to
/// be scheduled than making text on a busy machine.) A slot is made again only once its
/// chunk is written, so at most 4 × threads chunks of text exist at a time.
template <class Make, class Write>
void ordered_text(std::size_t count, unsigned threads, Make&& make, Write&& write) {
  constexpr std::size_t chunk_records = 256;  // ~0.3 MB of JSON text a chunk
  threads = std::max(1U, threads);
  if (threads == 1 || count <= chunk_records) {
    std::string text;
    for (std::size_t i = 0; i < count; ++i) {
      make(i, text);
      if (text.size() >= (std::size_t{1} << 20)) {
        write(text);
        text.clear();
      }
    }
    if (!text.empty()) write(text);
    return;
  }
  const std::size_t chunks = (count + chunk_records - 1) / chunk_records;
  const std::size_t ring = 4 * static_cast<std::size_t>(threads);
  // A cache line each: a thread appending to its slot's text updates the string's size in
  // the slot, and slots that shared a line with another thread's made both threads' appends
  // miss (twice the CPU of one thread, measured).
  struct alignas(64) slot {
    std::string text;
    bool ready = false;  ///< made and not yet written
  };
  std::vector<slot> slots(ring);
  std::mutex m;
  std::condition_variable made, freed;
  std::size_t next = 0;     // the next chunk to make (under m)
  std::size_t written = 0;  // chunks written (under m)
  // Chunk c into its slot, outside the lock: no other thread touches that slot meanwhile.
  auto make_chunk = [&](std::size_t c) {
    std::string& text = slots[c % ring].text;
    text.clear();
    const std::size_t begin = c * chunk_records;
    const std::size_t end = std::min(count, begin + chunk_records);
    for (std::size_t i = begin; i < end; ++i) make(i, text);
  };
  // Takes the next chunk to make, if any and its slot is free (holding m).
  auto take = [&](std::size_t& c) {
    if (next >= chunks || next >= written + ring) return false;
    c = next++;
    return true;
  };
  auto helper = [&] {
    std::unique_lock lock(m);
    for (;;) {
      std::size_t c = 0;
      freed.wait(lock, [&] { return next >= chunks || next < written + ring; });
      if (!take(c)) return;
      lock.unlock();
      make_chunk(c);
      lock.lock();
      slots[c % ring].ready = true;
      made.notify_one();
    }
  };
  std::vector<std::thread> helpers;
  helpers.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(helper);
  {
    std::unique_lock lock(m);
    while (written < chunks) {
      slot& s = slots[written % ring];
      if (s.ready) {
        lock.unlock();
        write(s.text);
        lock.lock();
        s.ready = false;
        ++written;
        freed.notify_all();
        continue;
      }
      if (std::size_t c = 0; take(c)) {
        lock.unlock();
        make_chunk(c);
        lock.lock();
        slots[c % ring].ready = true;
        continue;
      }
      made.wait(lock);
    }
  }
  for (std::thread& h : helpers) h.join();
}

}  // namespace volpol::plan::detail
