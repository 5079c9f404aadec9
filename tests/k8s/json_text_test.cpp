// append_json_string / json_string (volpol/detail/json_text.h): the string literal every JSON
// writer uses.
#include "volpol/detail/json_text.h"

#include <gtest/gtest.h>

#include <string>

namespace volpol {
namespace {

TEST(json_text, plain_text_is_quoted) {
  EXPECT_EQ(json_string(""), "\"\"");
  EXPECT_EQ(json_string("gp3-csi"), "\"gp3-csi\"");
}

TEST(json_text, quotes_backslashes_and_controls_are_escaped) {
  EXPECT_EQ(json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json_string("l1\nl2\r\tx"), "\"l1\\nl2\\r\\tx\"");
  EXPECT_EQ(json_string(std::string("a\x01z\x1f", 4)), "\"a\\u0001z\\u001f\"");
  EXPECT_EQ(json_string(std::string("\0", 1)), "\"\\u0000\"");
}

TEST(json_text, valid_utf8_is_kept_as_it_is) {
  EXPECT_EQ(json_string("caf\xc3\xa9 \"\xe2\x82\xac\""), "\"caf\xc3\xa9 \\\"\xe2\x82\xac\\\"\"");
  EXPECT_EQ(json_string("\xf0\x9f\x93\xa6"), "\"\xf0\x9f\x93\xa6\"");
}

TEST(json_text, invalid_utf8_is_escaped_as_a_whole) {
  // An ASCII prefix already copied is taken back: the whole string goes through escape_text.
  EXPECT_EQ(json_string("backup-\xff.yaml"), "\"backup-\\\\xFF.yaml\"");
  // Valid UTF-8 before the bad byte, and a quote after it.
  EXPECT_EQ(json_string("\xc3\xa9\xc3\"q"), "\"\xc3\xa9\\\\xC3\\\"q\"");
  // Appending keeps what `out` held before.
  std::string out = "[";
  append_json_string(out, "x\x80");
  EXPECT_EQ(out, "[\"x\\\\x80\"");
}

// Go's encoding/json (encode.go appendString): BackupVolumeInfo, AdmissionReview, serve's logs.
TEST(json_text, go_strings_escape_as_encoding_json) {
  EXPECT_EQ(go_json_string("a\tb\x01\b\f"), "\"a\\tb\\u0001\\b\\f\"");
  EXPECT_EQ(go_json_string("a<b>&c"), "\"a\\u003cb\\u003e\\u0026c\"");
  EXPECT_EQ(go_json_string("a<b>&c", go_escape_html::no), "\"a<b>&c\"");
  EXPECT_EQ(go_json_string("caf\xc3\xa9 \x7f"), "\"caf\xc3\xa9 \x7f\"");
  EXPECT_EQ(go_json_string("l\xe2\x80\xa8p\xe2\x80\xa9"), "\"l\\u2028p\\u2029\"");
  // Each byte that starts no valid sequence is one \ufffd (utf8.RuneError, width 1).
  EXPECT_EQ(go_json_string("bad \xff end"), "\"bad \\ufffd end\"");
  EXPECT_EQ(go_json_string("cut \xe2\x82"), "\"cut \\ufffd\\ufffd\"");
  EXPECT_EQ(go_json_string("\xc0\xaf"), "\"\\ufffd\\ufffd\"");  // overlong
  std::string out = "[";
  append_go_json_string(out, "x");
  EXPECT_EQ(out, "[\"x\"");
}

}  // namespace
}  // namespace volpol
