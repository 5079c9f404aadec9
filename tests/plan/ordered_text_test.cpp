// ordered_text (src/plan/ordered_text.h): the texts reach `write` in the records' order, whole,
// for any number of threads and record counts around the chunk size, with at most 4 × threads
// chunks made and not yet written at a time.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>

#include "../../src/plan/ordered_text.h"

namespace volpol::plan::detail {
namespace {

TEST(ordered_text, writes_every_record_in_order_on_any_number_of_threads) {
  for (const std::size_t count : {0UL, 1UL, 255UL, 256UL, 257UL, 1024UL, 4097UL, 30000UL}) {
    std::string expected;
    for (std::size_t i = 0; i < count; ++i) expected += std::to_string(i) + "\n";
    for (const unsigned threads : {1U, 2U, 3U, 8U}) {
      std::atomic<long> unwritten{0}, most{0};
      std::string got;
      const std::thread::id caller = std::this_thread::get_id();
      bool written_elsewhere = false;
      ordered_text(
          count, threads,
          [&](std::size_t i, std::string& text) {
            if (threads > 1 && count > 256 && i % 256 == 0) {  // a chunk begins
              const long now = ++unwritten;
              long seen = most.load();
              while (now > seen && !most.compare_exchange_weak(seen, now)) {
              }
            }
            text += std::to_string(i) + "\n";
          },
          [&](const std::string& text) {
            if (std::this_thread::get_id() != caller) written_elsewhere = true;
            if (threads > 1 && count > 256) --unwritten;
            got += text;
          });
      EXPECT_EQ(got, expected) << "count " << count << ", threads " << threads;
      EXPECT_FALSE(written_elsewhere);
      EXPECT_LE(most.load(), 4L * threads) << "count " << count << ", threads " << threads;
    }
  }
}

}  // namespace
}  // namespace volpol::plan::detail
