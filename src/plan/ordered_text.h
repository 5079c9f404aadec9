// src/plan/ordered_text.h (private to the plan layer) — text for many records made on several
// threads and written in the records' order.
//
// The JSON and YAML writers make one record's text at a time (json_fields, yaml-cpp). For
// -o json on a large plan that is most of the output time, and each record's text depends on
// nothing but the record and the plan, so chunks of records are made on `threads` threads and
// handed to `write` in order: the bytes are the same as a single-threaded run's.
// Memory: at most 2 × threads chunks of text at a time.
#pragma once

#include <algorithm>
#include <cstddef>
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
  const std::size_t window = 2 * static_cast<std::size_t>(threads);  // chunks made per round
  std::vector<std::string> texts(window);
  for (std::size_t first = 0; first < count; first += window * chunk_records) {
    // Round: chunk c covers records [first + c × chunk_records, ...); thread t makes chunks
    // t, t + threads, ...; the calling thread is thread 0.
    auto make_chunks = [&](unsigned t) {
      for (std::size_t c = t; c < window; c += threads) {
        std::string& text = texts[c];
        text.clear();
        const std::size_t begin = first + c * chunk_records;
        const std::size_t end = std::min(count, begin + chunk_records);
        for (std::size_t i = begin; i < end; ++i) make(i, text);
      }
    };
    std::vector<std::thread> helpers;
    helpers.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(make_chunks, t);
    make_chunks(0);
    for (std::thread& h : helpers) h.join();
    for (const std::string& text : texts)
      if (!text.empty()) write(text);
  }
}

}  // namespace volpol::plan::detail
